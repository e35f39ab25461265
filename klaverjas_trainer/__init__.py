"""The trainer around the rules: the Streamlit app (`app`), learner data (`storage`) and
printed worksheets (`worksheets`). One top-level name, so nothing clashes with other packages."""
