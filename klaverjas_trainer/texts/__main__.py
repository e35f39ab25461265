"""Catalogue upkeep: ``python -m klaverjas_trainer.texts check [LANG ...]`` lists every message a
catalogue lacks or whose placeholders differ from English; ``sync`` adds new English messages
(empty, with the English as a comment) to the other catalogues and drops obsolete ones."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from klaverjas_trainer.texts.catalogue import FOLDER, LANGUAGES, SOURCE, placeholders


def read(path: Path, language: str) -> Catalog:
    with path.open("rb") as source:
        return read_po(source, locale=language)


def forms(message: Message) -> tuple[str, ...]:
    text = message.string
    return tuple(text) if isinstance(text, tuple | list) else (str(text),)


def problems(language: str) -> list[str]:
    """What keeps `language` from being complete, one line each."""
    english = read(FOLDER / f"{SOURCE}.po", SOURCE)
    other = read(FOLDER / f"{language}.po", language)
    found = []
    for message in english:
        if not message.id:
            continue
        translated = other.get(message.id)
        if translated is None or not all(forms(translated)):
            found.append(f"{language}: `{_key(message)}` is not translated")
            continue
        wanted = set().union(*(placeholders(form) for form in forms(message)))
        for form in forms(translated):
            if placeholders(form) != wanted:
                found.append(f"{language}: `{_key(message)}` has {sorted(placeholders(form))}, "
                             f"English {sorted(wanted)}")  # fmt: skip
    known = {_key(message) for message in english if message.id}
    found.extend(
        f"{language}: `{_key(message)}` is not an English message"
        for message in other
        if message.id and _key(message) not in known
    )
    return found


def _key(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, tuple | list) else message.id)


def sync(language: str) -> None:
    english = read(FOLDER / f"{SOURCE}.po", SOURCE)
    path = FOLDER / f"{language}.po"
    other = read(path, language)
    result = Catalog(locale=language, project=other.project, version=other.version)
    for message in english:
        if not message.id:
            continue
        known = other.get(message.id)
        english_text = " | ".join(forms(message))
        empty: str | tuple[str, ...] = ("",) * result.num_plurals if message.pluralizable else ""
        result.add(
            message.id,
            known.string if known is not None else empty,
            auto_comments=[f"{_where(message)}{english_text}"],
            flags=message.flags,
        )
    with path.open("wb") as out:
        write_po(out, result, width=100, no_location=True)


def _where(message: Message) -> str:
    comment = message.auto_comments[0] if message.auto_comments else ""
    return comment.split(":", 1)[0] + ": " if ":" in comment else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m klaverjas_trainer.texts")
    parser.add_argument("command", choices=["check", "sync"])
    translated = [code for code in LANGUAGES if code != SOURCE]
    parser.add_argument("languages", nargs="*", default=translated, help=" ".join(translated))
    args = parser.parse_args(argv)
    unknown = sorted(set(args.languages) - set(translated))
    if unknown:
        parser.error(f"no catalogue to {args.command} for {', '.join(unknown)}: {translated}")
    if args.command == "sync":
        for language in args.languages:
            sync(language)
        return 0
    found = [line for language in args.languages for line in problems(language)]
    print("\n".join(found) or "complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
