"""The Streamlit app: pages and widgets on top of the core, lessons, puzzles and progress."""
