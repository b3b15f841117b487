"""Vijayanagara: the Deccan Empires of Medieval India, 1290-1398 (GMT Games, 2023).

The map and Event deck are reconstructions (data/map.json, data/cards.json), read,
checked and published by data.py: what the rules, the picture and the words read."""

from engine.contract import RandomPlay, declared
from engine.games.vijayanagara import ai, data, rules, texts

__all__ = ["GAME"]

# The game as the table, the renderer and the tests see it: each contract field from the
# module that defines it by that name (engine/contract.py, declared).
GAME = declared(rules, texts, ai, data, LISTED=2, computer_refuses=ai.refuses,
                # Gifts (1.5.2) and taking one back are detours, never a random move.
                RANDOM_PLAY=RandomPlay(avoid=("give", "cancel")))
