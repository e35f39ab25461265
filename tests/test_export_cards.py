"""A CSV download names the reply's cards in the learner's letters too (B♥ in Dutch, В♥ in
Ukrainian), beside the canonical reply that the data keeps."""

from __future__ import annotations

import csv
import io

import pandas as pd
import pytest

from klaverjas_trainer.app.export import csv_bytes, headers
from klaverjas_trainer.texts import language, t

LETTERS = [("nl", "B", "V"), ("uk", "В", "Д"), ("ru", "В", "Д"), ("en", "J", "Q")]


@pytest.mark.parametrize(("code", "jack", "queen"), LETTERS)
def test_a_reply_s_cards_are_in_the_language_s_letters(code: str, jack: str, queen: str) -> None:
    answers = pd.DataFrame(
        {"kind": ["which-cards", "card-legal"], "given": ['{"cards":["J♥","Q♠","10♣"]}', "=1"]}
    )
    with language(code):
        rows = list(csv.reader(io.StringIO(csv_bytes(answers, headers(answers.columns)).decode())))
        assert rows[0] == [t("csv-kind"), t("csv-given"), t("csv-given_local")]
    assert rows[1] == ["which-cards", '{"cards":["J♥","Q♠","10♣"]}',
                       f'{{"cards":["{jack}♥","{queen}♠","10♣"]}}']  # fmt: skip
    assert rows[2][1:] == ["'=1", "'=1"]  # still no formula, in either column


def test_a_frame_without_replies_is_written_as_it_is() -> None:
    with language("nl"):
        written = csv_bytes(pd.DataFrame({"rule": ["play.follow-suit"]}), {"rule": "regel"})
    assert written.decode().splitlines() == ["regel", "play.follow-suit"]
