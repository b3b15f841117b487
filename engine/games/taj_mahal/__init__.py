"""Taj Mahal (Reiner Knizia, 2000): not yet playable at the table (issue 14, under way).
What exists: the components as data (data/, a labelled reconstruction where the printed
parts are not public), their validator (data.py) and the scoring rules (scoring.py)."""
