"""Maharaja (Avalon Hill 1994), Darbar's reconstruction from the rule remarks: the map,
nations and charts as data (data/, read, checked and published by data.py), questions
about places (board.py), the pieces and stacking (forces.py), movement, battle,
submission and alliance (diplomacy.py), factories and arms (colonial.py), victory points
(scoring.py), the turn's fixed parts (turns.py), the steps (decisions, declarations,
moves, combat, phases, actions, tokens), the rules to the engine contract (rules.py), why
a step is refused (refusals.py, over why_battle.py and why_words.py), a computer
player (ai.py) and the /rules texts (texts.py)."""

from engine.contract import RandomPlay, declared
from engine.games.maharaja import ai, data, rules, texts

__all__ = ["GAME"]

# The game as the table, the renderer and the tests see it: each contract field from the
# module that defines it by that name (engine/contract.py, declared).
GAME = declared(rules, texts, ai, data, LISTED=5, COLOUR_SIDES=True,
                # End a movement or go back one time in five when something else is open.
                RANDOM_PLAY=RandomPlay(avoid=("done", "back"), keep=0.8))
