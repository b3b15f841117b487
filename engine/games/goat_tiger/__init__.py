"""Aadu-Huli aata, the Goat-Tiger game (Vijayanagara rulebook, section 5.5): the board as
data (data/, checked and published by data.py), the rules to the engine contract (rules.py),
a computer player (ai.py) and the text of /rules (texts.py)."""

from engine.contract import Game
from engine.games.goat_tiger import data
from engine.games.goat_tiger.ai import bot_steps
from engine.games.goat_tiger.rules import (
    ID,
    NAME,
    OPTIONS,
    PLAYERS,
    ROLE_NAMES,
    ROLES,
    act,
    describe,
    explain_line,
    parse_token,
    result,
    setup,
    summary,
    token,
    view,
)
from engine.games.goat_tiger.texts import RULES_SUMMARY

__all__ = [
    "GAME",
    "ID",
    "NAME",
    "OPTIONS",
    "PLAYERS",
    "ROLE_NAMES",
    "ROLES",
    "RULES_SUMMARY",
    "act",
    "bot_steps",
    "describe",
    "explain_line",
    "parse_token",
    "result",
    "setup",
    "summary",
    "token",
    "view",
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
    bot_steps=bot_steps,
    explain_line=explain_line,
    FILES=data.FILES,
)
