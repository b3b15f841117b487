"""Taj Mahal (Reiner Knizia, 2000): the components as data (data/, a labelled
reconstruction where the printed parts are not public, checked and published by data.py:
what the renderer reads), the scoring (scoring.py), the rules to the engine contract
(rules.py, over turn.py, visits.py and refusals.py), a computer player (ai.py) and the
texts of /rules (texts.py)."""

from engine.contract import declared
from engine.games.taj_mahal import ai, data, rules, texts

__all__ = ["GAME"]

# The game as the table, the renderer and the tests see it: each contract field from the
# module that defines it by that name (engine/contract.py, declared).
GAME = declared(rules, texts, ai, data, LISTED=3, COLOUR_SIDES=True)
