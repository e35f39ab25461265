"""axe-core's findings on a page as it is now, for the browser tests. axe-core comes with the
`axe-playwright-python` package (its ``axe.min.js``); nothing is fetched at run time."""

from __future__ import annotations

from typing import Any, Final

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

#: What fails a test: axe's two highest impacts.
BLOCKING: Final = frozenset({"serious", "critical"})
AXE: Final = Axe()


def findings(page: Page) -> list[dict[str, Any]]:
    """axe's violations on the page (a walk waits for it to be idle first): rule, impact and
    the elements, with axe's words for what is wrong (e.g. the two colours and their ratio)."""
    return [
        {
            "rule": violation["id"],
            "impact": violation["impact"],
            "nodes": [
                {
                    "target": node["target"],
                    "html": node["html"][:200],
                    "why": node.get("failureSummary", ""),
                }
                for node in violation["nodes"]
            ],
        }
        for violation in AXE.run(page).response["violations"]
    ]


def blocking_findings(page: Page) -> list[str]:
    """The serious and critical findings on the page now, each with up to three places."""
    return [
        f"axe {found['rule']} ({found['impact']}) at {[n['target'] for n in found['nodes']][:3]}"
        for found in findings(page)
        if found["impact"] in BLOCKING
    ]
