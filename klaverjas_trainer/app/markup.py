"""Putting learner-typed text into Markdown or HTML safely."""

from __future__ import annotations

import html
import re

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|>~:$])")


def md_escape(text: str) -> str:
    """Text that Markdown shows literally and that cannot carry HTML.

    >>> md_escape("<b>Eve</b> *bold*")
    '&lt;b&gt;Eve&lt;/b&gt; \\\\*bold\\\\*'
    """
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))
