"""Generated drills built on `klaverjas_core` (not built yet: see the puzzles issue)."""
