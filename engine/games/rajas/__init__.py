"""Rajas of the Ganges (Inka & Markus Brand, HUCH! 2017): the components as data (data/,
a labelled reconstruction, read, checked and published by data.py; words.py names
things), the province board (province.py), dice and karma (dice.py), the rules by concern
(position, spaces, kali, decisions, effects, scoring, rounds, actions, tokens, refusals)
behind the engine contract (rules.py), a computer player (ai.py) and the /rules texts
(texts.py). The base game with the rule book's variants and modules as options:
Navaratnas, mixed groups, Ganga and Mango Village."""

from engine.games.rajas.ai import bot_steps
from engine.games.rajas.rules import (
    ID,
    NAME,
    OPTIONS,
    PLAYERS,
    REVISION,
    ROLE_NAMES,
    ROLES,
    act,
    describe,
    parse_token,
    redeal,
    result,
    reveal_mark,
    score_report,
    setup,
    sides,
    summary,
    token,
    view,
)
from engine.games.rajas.texts import RULES_SUMMARY, RULES_TOPICS

__all__ = [
    "ID", "NAME", "OPTIONS", "PLAYERS", "REVISION", "ROLE_NAMES", "ROLES", "RULES_SUMMARY",
    "RULES_TOPICS", "act", "bot_steps", "describe", "parse_token", "redeal", "result",
    "reveal_mark", "score_report", "setup", "sides", "summary", "token", "view",
]

# Sides are colours: a sentence names one without an article ("Red", not "the Red").
COLOUR_SIDES = True
