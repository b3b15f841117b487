"""Aadu-Huli aata, the Goat-Tiger game (Vijayanagara rulebook, section 5.5): the board as
data (data/, checked and published by data.py), the rules to the engine contract (rules.py),
a computer player (ai.py) and the text of /rules (texts.py)."""

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
