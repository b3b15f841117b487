"""Aadu-Huli aata, the Goat-Tiger game (Vijayanagara rulebook, section 5.5): the board as
data (data/, checked and published by data.py), the rules to the engine contract (rules.py),
a computer player (ai.py, over bitboard.py, evaluation.py and search.py) and the
text of /rules (texts.py)."""

from engine.contract import declared
from engine.games.goat_tiger import ai, data, rules, texts

__all__ = ["GAME"]

# The game as the table, the renderer and the tests see it: each contract field from the
# module that defines it by that name (engine/contract.py, declared).
GAME = declared(rules, texts, ai, data, LISTED=1)
