"""The README stays true: its first screen says what the trainer is and gives the two commands
of its quick start, its links and the docs' lead somewhere, and the reference's rule-id table
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


#: A screen's worth of a README on GitHub or in a terminal: what the trainer is and how to
#: start it come before anything else (issue 34, B11: they were at line 161 of 805).
FIRST_SCREEN = 40


def test_the_first_screen_says_what_the_trainer_is_and_the_two_commands() -> None:
    first = "\n".join(README.splitlines()[:FIRST_SCREEN])
    assert first.startswith("# Klaverjas trainer\n\nLearn the rules of Klaverjas")
    assert "pip install -e . && streamlit run trainer_app.py" in first
    assert 'pip install -e ".[test]" && python -m pytest' in first


def test_every_link_to_a_file_of_the_repository_leads_to_one() -> None:
    """The reference parts moved to docs/ and are linked: each link from the README and the
    docs to a file here names a file that exists."""
    linked = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#:\s]+)(?:#[^)]*)?\)", page.read_text("utf-8")):
            assert (page.parent / target).exists(), f"{page.name} links to {target}, not there"
            linked.append(target)
    assert {f"docs/{name}.md" for name in ("guide", "running", "reference", "benchmarks")} <= set(
        linked
    )  # the reference parts the README's first screens used to hold
