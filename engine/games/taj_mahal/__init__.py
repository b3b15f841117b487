"""Taj Mahal (Reiner Knizia, 2000): not yet playable at the table (issue 14, under way).
What exists: the components as data (data/, a labelled reconstruction where the printed
parts are not public) and their validator (data.py), the scoring (scoring.py), the whole
rules engine to the engine contract (rules.py) and a computer player (ai.py). Not yet: the
registry entry, the table's variable number of seats, the picture, /hand and the e2e game."""
