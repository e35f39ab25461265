"""The drill's runs against Streamlit's floor (`benchmarks/bench_runs.py`): the floor's tap is
the recorded click with only its button, and a process's CPU is read from the kernel."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from streamlit.proto.BackMsg_pb2 import BackMsg

from .streamlit_server import ROOT
from .test_load_ws import drawn, load_ws


def bench_runs() -> ModuleType:
    """The benchmark script as a module (it imports its neighbours as the script does)."""
    if "bench_runs" in sys.modules:
        return sys.modules["bench_runs"]
    load_ws()  # the same module the script's `from load_ws import ...` finds
    sys.path.insert(0, str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(
        "bench_runs", ROOT / "benchmarks" / "bench_runs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_runs"] = module
    spec.loader.exec_module(module)
    return module


def test_the_floors_tap_is_the_recorded_click_with_only_its_button() -> None:
    runs, ws = bench_runs(), load_ws()
    floor = runs.floor_recording(ws.Recording.load(ws.FRAMES))
    tab = ws.Learner("floor", "http://127.0.0.1:9", floor)
    tab.page.absorb(drawn("$$ID-" + "3" * 32 + "-tap", "frag"))
    sent = BackMsg.FromString(tab.frame("tap")).rerun_script
    assert [(w.id, w.trigger_value) for w in sent.widget_states.widgets] == [
        ("$$ID-" + "3" * 32 + "-tap", True)
    ]
    assert sent.fragment_id == "frag" and not sent.page_script_hash  # one page, one fragment
    assert sent.context_info.url == "http://127.0.0.1:9/"


def test_a_servers_cpu_counts_all_its_threads_also_ended_ones() -> None:
    runs = bench_runs()
    busy = "import threading\ndef f():\n  sum(range(3 * 10**6))\n"
    busy += "t = threading.Thread(target=f); t.start(); t.join()\nimport time; time.sleep(5)"
    child = subprocess.Popen([sys.executable, "-c", busy])
    try:
        deadline = time.monotonic() + 10  # a busy machine may start it late
        tasks = Path(f"/proc/{child.pid}/task")
        while time.monotonic() < deadline and (
            runs.cpu_ns(child.pid) < 20_000_000 or len(list(tasks.iterdir())) > 1
        ):
            time.sleep(0.05)
        assert len(list(tasks.iterdir())) == 1  # the thread has ended: its time still counts
        assert runs.cpu_ns(child.pid) >= 20_000_000  # its 3 million additions: tens of ms
    finally:
        child.kill()
        child.wait()
