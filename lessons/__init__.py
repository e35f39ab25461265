"""Step-by-step lessons built on `klaverjas_core` (not built yet: see the lessons issue)."""
