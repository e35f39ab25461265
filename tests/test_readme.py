"""The README stays true: its quick start has two commands, and the reference's rule-id table
lists every id."""

from __future__ import annotations

import re
from pathlib import Path

from klaverjas_core import RuleId
from klaverjas_trainer.texts import rule_title

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")
REFERENCE = (ROOT / "docs" / "reference.md").read_text("utf-8")


def test_readme_documents_every_rule_id_with_its_title() -> None:
    for rule in RuleId:
        assert f"| `{rule.value}` | {rule_title(rule)} |" in REFERENCE


def test_quick_start_is_exactly_two_commands() -> None:
    quick_start = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.*?)\n```", quick_start, flags=re.S)
    assert commands == [
        "pip install -e . && streamlit run trainer_app.py",
        'pip install -e ".[test]" && python -m pytest',
    ]
