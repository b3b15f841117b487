"""Rajas of the Ganges (Inka & Markus Brand, HUCH! 2017): the components as data (data/,
a labelled reconstruction, read, checked and published by data.py; words.py names
things), the province board (province.py), dice and karma (dice.py), the rules by concern
(position, spaces, kali, decisions, effects, scoring, rounds, actions, tokens, refusals)
behind the engine contract (rules.py), a computer player (ai.py) and the /rules texts
(texts.py). The base game with the rule book's variants and modules as options:
Navaratnas, mixed groups, Ganga and Mango Village."""

from engine.contract import RandomPlay, declared
from engine.games.rajas import ai, data, rules, texts

__all__ = ["GAME"]

# The game as the table, the renderer and the tests see it: each contract field from the
# module that defines it by that name (engine/contract.py, declared).
GAME = declared(rules, texts, ai, data, LISTED=4, COLOUR_SIDES=True,
                RANDOM_PLAY=RandomPlay(avoid=("pass", "skip", "stay")))
