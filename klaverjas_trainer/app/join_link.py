"""A group's join link and its QR code: a phone that scans the code on the projector (or the
printed sheet) lands on the join form with the group's code filled in.

>>> join_url("https://club.example/projector?x=1", "KLV7QM")
'https://club.example/profile?join=KLV7QM'
"""

from __future__ import annotations

import html
import urllib.parse
from typing import Final, Literal

import segno
import streamlit as st

from klaverjas_trainer.texts import t

#: The query parameter that carries the code (read by the join form, `prefill_join_code`).
JOIN_PARAMETER: Final = "join"


def join_url(page_url: str, code: str) -> str:
    """The join link of the group `code` on the server that served `page_url`."""
    parts = urllib.parse.urlsplit(page_url)
    query = urllib.parse.urlencode({JOIN_PARAMETER: code})
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, "/profile", query, ""))


def qr_svg(text: str, *, scale: int | None) -> str:
    """`text` as a QR code in SVG (segno: pure Python), black on white with its quiet zone;
    `scale` pixels a module, or None for no size of its own (the page's style sizes it)."""
    code = segno.make(text, error="m")
    if scale is None:
        return str(code.svg_inline(omitsize=True, dark="#000", light="#fff"))
    return str(code.svg_inline(scale=scale, dark="#000", light="#fff"))


#: On the wall the code is a quarter of the screen high, to scan from the back of the room.
WALL_QR_CSS: Final = """<style>
.kj-join-large { flex-wrap: wrap; }
.kj-join-large svg { display: block; width: 25vh; height: 25vh; }
.kj-join-large span.kj-code { font-size: 4vh; font-weight: 700; }
</style>"""


def show_join_code(code: str, *, scale: int = 6, wall: Literal["", "small", "large"] = "") -> None:
    """The QR code of the group's join link, with the link under it (to copy); on the wall
    (`wall`: "large" or "small") with the group's code beside it (to type) instead."""
    link = join_url(st.context.url or "http://localhost:8501", code)
    label = html.escape(t("join-qr", link=link), quote=True)
    picture = qr_svg(link, scale=None if wall == "large" else scale)
    words = html.escape(t("join-code-only", code=code))
    beside = f'<span class="kj-code">{words}</span>' if wall else ""
    style = WALL_QR_CSS if wall == "large" else ""
    st.markdown(
        f'{style}<div class="kj-join kj-join-{wall or "page"}" '
        f'style="display:flex;align-items:center;gap:.6rem 1.2rem">'
        f'<span role="img" aria-label="{label}">{picture}</span>{beside}</div>',
        unsafe_allow_html=True,
    )
    if not wall:
        st.caption(link)


def prefill_join_code() -> None:
    """A phone that came by the join link: the form's code field holds the group's code."""
    code = st.query_params.get(JOIN_PARAMETER)
    if code and "join_code" not in st.session_state:
        st.session_state["join_code"] = code.strip()[:12]
