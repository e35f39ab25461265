"""The websocket load generator (`benchmarks/load_ws.py`): chromium's kept frames become a
simulated learner's own, and a short run against the real app loses no answer."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from .streamlit_server import ROOT


def load_ws() -> ModuleType:
    """The benchmark script as a module (benchmarks/ is not a package)."""
    if "load_ws" in sys.modules:
        return sys.modules["load_ws"]
    spec = importlib.util.spec_from_file_location("load_ws", ROOT / "benchmarks" / "load_ws.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["load_ws"] = module
    spec.loader.exec_module(module)
    return module


def drawn(widget_id: str, fragment: str = "", options: tuple[str, ...] = ()) -> ForwardMsg:
    """A delta drawing a widget, as the server sends it."""
    message = ForwardMsg()
    message.delta.fragment_id = fragment
    if options:
        message.delta.new_element.button_group.id = widget_id
        for option in options:
            message.delta.new_element.button_group.options.add().content = option
    else:
        message.delta.new_element.button.id = widget_id
    return message


def test_the_kept_answer_frame_becomes_this_learners_click() -> None:
    ws = load_ws()
    recording = ws.Recording.load(ws.FRAMES)
    assert list(recording.steps) == list(ws.STEPS)
    recorded = recording.steps["answer"].message.rerun_script
    assert recorded.fragment_id  # chromium's board click reruns only the board

    learner = ws.Learner("Someone", "http://127.0.0.1:9", recording)
    navigation = ForwardMsg()
    page = navigation.navigation.app_pages.add()
    page.url_pathname, page.page_script_hash = "drill", "d" * 32
    learner.page.absorb(navigation)
    learner.page.absorb(drawn("$$ID-" + "1" * 32 + "-reply-wc-abc", "frag", ("7♠", "8♠")))
    learner.page.absorb(drawn("$$ID-" + "2" * 32 + "-answer_button", "frag"))
    learner.chosen = ["8♠"]

    sent = BackMsg.FromString(learner.frame("answer")).rerun_script
    assert sent.fragment_id == "frag"  # this page's fragment, not the recorded one
    assert sent.page_script_hash == "d" * 32
    assert sent.context_info.url == "http://127.0.0.1:9/drill"
    widgets = {ws.key_of(w.id): w for w in sent.widget_states.widgets}
    assert widgets["reply-wc-abc"].string_array_value.data == ["8♠"]
    assert widgets["answer_button"].id == "$$ID-" + "2" * 32 + "-answer_button"
    assert widgets["answer_button"].trigger_value
    # the rest of the page's widgets, as chromium sent them
    assert {ws.key_of(w.id) for w in recorded.widget_states.widgets} - set(widgets) == {
        ws.key_of(w.id)
        for w in recorded.widget_states.widgets
        if str(ws.key_of(w.id)).startswith("reply-")
    }


def test_a_short_load_stores_every_answer(tmp_path: Path) -> None:
    ws = load_ws()
    recording = ws.Recording.load(ws.FRAMES)
    with ws.one_process(tmp_path) as target:
        result = ws.load(target, recording, 2, 3.0, "smoke")
    assert not result.errors
    assert result.sent >= 2
    assert result.stored == result.sent
    assert len(result.feedback) == result.sent
    assert all(0 < seconds < ws.TIMEOUT for seconds in result.feedback)
