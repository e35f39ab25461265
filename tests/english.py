"""Words that only English text has (not Dutch, not a club term): one on a translated page
means a text escaped its catalogue."""

from __future__ import annotations

import re

ENGLISH = re.compile(
    r"\b(the|and|you|your|which|with|not|trick|cards|allowed|points|must|play|lesson|answer|"
    r"rule|rules|puzzle|settings|learn|drill|progress|step|next|back|right|wrong|quite)\b",
    re.IGNORECASE,
)
