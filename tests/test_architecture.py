"""The core stays pure: no imports from the app, puzzles, lessons, streamlit or pandas."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import klaverjas_core
import klaverjas_table
from klaverjas_core import RuleId

CORE = Path(klaverjas_core.__file__).parent
FORBIDDEN = {"streamlit", "pandas", "puzzles", "lessons", "trainer_app", "sqlalchemy"}
IMPURE = {"socket", "urllib", "requests", "sqlite3", "time", "datetime"}


def imported_top_level_names(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_core_modules_import_nothing_from_the_layers_above_or_io() -> None:
    for path in sorted(CORE.glob("*.py")):
        bad = imported_top_level_names(path) & (FORBIDDEN | IMPURE)
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_the_table_is_pure_like_the_core() -> None:
    """Computer players and the table's game: no Streamlit, storage, clock or I/O."""
    for path in sorted(Path(klaverjas_table.__file__).parent.glob("*.py")):
        bad = imported_top_level_names(path) & (FORBIDDEN | IMPURE | {"klaverjas_trainer"})
        assert not bad, f"{path.name} imports {sorted(bad)}"


def test_importing_the_core_loads_none_of_the_layers_above() -> None:
    code = (
        "import sys, klaverjas_core; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(FORBIDDEN)!r}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"


def test_every_rule_id_has_a_test_named_after_it() -> None:
    tests_dir = Path(__file__).parent
    names = set()
    for path in tests_dir.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    for rule in RuleId:
        stem = "test_" + rule.value.replace(".", "_").replace("-", "_")
        assert any(name.startswith(stem) for name in names), f"no test named {stem}..."
