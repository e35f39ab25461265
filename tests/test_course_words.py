"""Words a reader flagged, checked in every language: the lessons name players as the table does
(North, East, South, West, or "you"), never A/B/C/D (Dutch A and B are rank letters, and Latin
letters stand beside Cyrillic ones) or "player 1"; Russian rule titles give the Dutch club word
where the Ukrainian ones do; Ukrainian says roem with the seeds' word; Dutch says "the highest
trump in the trick" where it means the trick's highest trump."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

import pytest

from klaverjas_trainer.texts import LANGUAGES, catalogue
from lessons import load_course

#: A card's rank in any language (J Q K A, B V H A, В Д К Т) or a number.
RANK: Final = r"(?:10|[2-9]|[JQKABVH]|[ВДКТ])"
#: Ranks written out, "J 9 A 10 K Q 8 7" or "B V H": their letters are ranks, not players.
RANK_ORDER: Final = re.compile(rf"(?<!\w){RANK}(?:[ \u00a0\n]+{RANK}){{2,}}(?!\w)")
#: Two ranks named together, "B en 9" (a letter beside a number is a rank).
RANK_PAIR: Final = re.compile(
    rf"(?<!\w)(?:{RANK}\s+(?:en|and|or|of)\s+(?:10|[2-9])|(?:10|[2-9])\s+(?:en|and|or|of)\s+{RANK})"
    r"(?!\w)"
)
#: A Latin letter A-D on its own (not a card like A♣).
LETTER: Final = re.compile(r"(?<![\w♣♦♥♠])([ABCD])(?![\w♣♦♥♠])")
SENTENCE_START: Final = re.compile(r"(?:^|[.!?:]\s+|\n)$")
NUMBERED: Final = re.compile(
    r"\b(?:players?|spelers?|гравець|гравця|гравцю|гравці|гравців|игрок|игрока|игроку|игроки"
    r"|игроков)\s+\d",
    re.IGNORECASE,
)


def lesson_texts(code: str) -> Iterator[tuple[str, str]]:
    for lesson in load_course(language=code).lessons:
        yield lesson.id, lesson.title
        yield lesson.id, lesson.intro
        for step in lesson.steps:
            yield lesson.id, step.text
            if step.check is not None:
                yield lesson.id, step.check.question


def players_by_letter(code: str, text: str) -> list[str]:
    """Letters A-D that name a player (the English article "A" opens a sentence)."""
    text = RANK_PAIR.sub(" ", RANK_ORDER.sub(" ", text))
    found = []
    for match in LETTER.finditer(text):
        before, after = text[: match.start()], text[match.end() :]
        article = (
            code == "en"
            and match.group(1) == "A"
            and SENTENCE_START.search(before) is not None
            and re.match(r" [a-z]", after) is not None
        )
        rank = re.match(r"[ \u00a0]+\d", after) is not None  # "A 11": a rank and its points
        if not (article or rank):
            found.append(text[max(0, match.start() - 20) : match.end() + 20])
    return found


def test_the_check_finds_players_named_by_letter_or_number() -> None:
    assert len(players_by_letter("en", "A (North) leads the A♣ and B (East) follows.")) == 2
    assert players_by_letter("en", "Because A is winning, C may keep the Q♥.")
    assert players_by_letter("nl", "Omdat A de slag heeft, mag C de V♥ houden.")
    assert players_by_letter("uk", "Оскільки виграє A, C може зберегти Д♥.")
    assert players_by_letter("en", "A second example. It is lower (J 9 A 10 K Q 8 7).") == []
    assert players_by_letter("nl", "in troef is hij lager dan de tien (B 9 A 10 H V 8 7).") == []
    assert players_by_letter("nl", "Punten: in troef B 20, 9 14, A 11, 10 10, H 4, V 3.") == []
    assert players_by_letter("nl", "Let op: B en 9 liggen in de troefvolgorde naast elkaar.") == []
    assert NUMBERED.search("Which cards may player 1 (North) play?")
    assert NUMBERED.search("Скільки очок у взятці гравця 2?")


@pytest.mark.parametrize("code", LANGUAGES)
def test_lessons_name_players_by_their_seats(code: str) -> None:
    for lesson_id, text in lesson_texts(code):
        assert players_by_letter(code, text) == [], (code, lesson_id, text)
        assert NUMBERED.search(text) is None, (code, lesson_id, text)


def dutch_words(text: str) -> set[str]:
    """The Latin-script words in a Cyrillic title: the Dutch club words beside it."""
    return {word.lower() for word in re.findall(r"[A-Za-z]{3,}", text)}


def test_russian_rule_titles_give_the_dutch_word_where_the_ukrainian_ones_do() -> None:
    uk, ru = catalogue("uk").messages, catalogue("ru").messages
    titles = [key for key in uk if key.startswith("rule:") and key.endswith(":title")]
    assert len(titles) > 30
    for key in titles:
        assert dutch_words(str(uk[key])) <= dutch_words(str(ru[key])), (key, uk[key], ru[key])


#: The Ukrainian rule card (seed 000) calls roem "roem"; "премія" (a prize) is not its word.
NOT_ROEM_UK: Final = re.compile(r"\bпремі\w*|\bпремій\w*", re.IGNORECASE)


def test_ukrainian_says_roem_with_the_seeds_word() -> None:
    words = catalogue("uk").messages
    for key, text in words.items():
        for form in text if isinstance(text, tuple) else (text,):
            assert NOT_ROEM_UK.search(form) is None, (key, form)
    for lesson_id, text in lesson_texts("uk"):
        assert NOT_ROEM_UK.search(text) is None, (lesson_id, text)
    glossary = load_course(language="uk").glossary
    for term in glossary.values():
        assert NOT_ROEM_UK.search(f"{term.word} {term.explain}") is None, term
    assert glossary["roem"].word.startswith("roem")


#: Where Dutch says "de hoogste troef", what makes clear it is the trick's highest trump.
IN_THE_TRICK: Final = re.compile(
    r"hoogste troef(?: in (?:de|die) slag| erin| die al in de slag ligt| van allemaal| wint de"
    r" slag)"
)


def test_dutch_says_which_highest_trump() -> None:
    texts = [str(text) for text in catalogue("nl").messages.values()]
    texts += [text for _, text in lesson_texts("nl")]
    texts += [term.explain for term in load_course(language="nl").glossary.values()]
    for text in texts:
        flat = " ".join(text.split())
        for match in re.finditer(r"hoogste troef", flat):
            assert IN_THE_TRICK.match(flat, match.start()), flat
