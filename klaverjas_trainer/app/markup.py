"""Putting learner-typed text into Markdown or HTML safely."""

from __future__ import annotations

import html
import re

from klaverjas_trainer.texts import t

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|>~:$])")


def problem_words(problem: ValueError) -> str:
    """What is wrong with a person's input, in their language where the storage named it."""
    key = getattr(problem, "key", None)
    if isinstance(key, str):
        return t(key, **getattr(problem, "fields", {}))
    return str(problem)


def md_escape(text: str) -> str:
    """Text that Markdown shows literally and that cannot carry HTML.

    >>> md_escape("<b>Eve</b> *bold*")
    '&lt;b&gt;Eve&lt;/b&gt; \\\\*bold\\\\*'
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))
