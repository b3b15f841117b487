"""Rajas of the Ganges (Inka & Markus Brand, HUCH! 2017): the components as data (data/,
a labelled reconstruction, read, checked and published by data.py; words.py names
things), the province board (province.py), dice and karma (dice.py), the rules by concern
(position, spaces, kali, decisions, effects, scoring, rounds, actions, tokens, refusals)
behind the engine contract (rules.py), a computer player (ai.py) and the /rules texts
(texts.py). The base game with the rule book's variants and modules as options:
Navaratnas, mixed groups, Ganga and Mango Village."""

from engine.contract import Game
from engine.games.rajas import data
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
    "GAME",
    "ID", "NAME", "OPTIONS", "PLAYERS", "REVISION", "ROLE_NAMES", "ROLES", "RULES_SUMMARY",
    "RULES_TOPICS", "act", "bot_steps", "describe", "parse_token", "redeal", "result",
    "reveal_mark", "score_report", "setup", "sides", "summary", "token", "view",
]

# The game as the table, the renderer and the tests see it (engine/contract.py).
GAME = Game(
    ID=ID,
    NAME=NAME,
    ROLES=ROLES,
    ROLE_NAMES=ROLE_NAMES,
    PLAYERS=PLAYERS,
    OPTIONS=OPTIONS,
    setup=setup,
    view=view,
    act=act,
    result=result,
    summary=summary,
    token=token,
    describe=describe,
    parse_token=parse_token,
    RULES_SUMMARY=RULES_SUMMARY,
    RULES_TOPICS=RULES_TOPICS,
    score_report=score_report,
    bot_steps=bot_steps,
    reveal_mark=reveal_mark,
    redeal=redeal,
    sides=sides,
    REVISION=REVISION,
    COLOUR_SIDES=True,  # "Red", not "the Red"
    FILES=data.FILES,
)
