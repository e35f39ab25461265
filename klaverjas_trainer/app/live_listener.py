"""The page's ear for the live round: a components-v2 element (no iframe) that opens the
group's event stream (`live_feed.py`) and reruns the fragment it is drawn in when the stream
says something newer than what that fragment's run read. A page that has nothing new sends
nothing; the browser reconnects a dropped stream by itself (through nginx to another
process, if its own stopped) and the first news after it tells what was missed.
"""

from __future__ import annotations

from typing import Any, Final

import streamlit as st

# One stream per element, kept across the fragment's runs (the function is called again with
# each run's data, without a cleanup in between): a second call only updates what was seen.
_SCRIPT: Final = """
function newer(a, b) {
  const [av, aa = 0] = String(a).split(".").map(Number);
  const [bv, ba = 0] = String(b ?? "0").split(".").map(Number);
  return av > bv || (av === bv && aa > ba);
}
export default function ({ data, setTriggerValue, parentElement }) {
  let live = parentElement.klaverjasLive;
  if (!live || live.url !== data.url) {
    if (live) live.source.close();
    live = { url: data.url, seen: data.seen, trigger: setTriggerValue };
    live.source = new EventSource(data.url);
    live.source.onmessage = (event) => {
      if (newer(event.data, live.seen)) {
        live.seen = event.data;
        live.trigger("news", event.data);
      }
    };
    parentElement.klaverjasLive = live;
  }
  if (newer(data.seen, live.seen)) live.seen = data.seen;
  live.trigger = setTriggerValue;
  return () => {
    live.source.close();
    delete parentElement.klaverjasLive;
  };
}
"""

_listener: Any = st.components.v2.component("klaverjas_live", js=_SCRIPT)


def stream_url(group_id: int, *, answers: bool = False) -> str:
    return f"/live/{group_id}" + ("?answers=1" if answers else "")


def listen(group_id: int, seen: str, *, key: str, answers: bool = False) -> None:
    """Rerun the calling fragment when the group's live round is newer than `seen` (the
    version this run read, with ``.<answers>`` when `answers`)."""
    _listen_to(stream_url(group_id, answers=answers), seen, key)


def listen_to_table(table_id: int, version: int, *, key: str, seat: int | None = None) -> None:
    """Rerun the calling fragment when the table is newer than `version` (this run's); with
    the `seat` of the member whose phone this is, the stream says the phone is there."""
    where = "" if seat is None else f"?seat={seat}"
    _listen_to(f"/tables/{table_id}{where}", str(version), key)


def _listen_to(url: str, seen: str, key: str) -> None:
    _listener(data={"url": url, "seen": seen}, key=key, on_news_change=_nothing)


def _nothing() -> None:
    """The trigger's callback: the fragment's rerun is all it asks for."""
