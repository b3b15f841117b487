"""Aadu-Huli aata, the Goat-Tiger game (Vijayanagara rulebook, section 5.5)."""

from engine.games.goat_tiger.ai import bot_steps
from engine.games.goat_tiger.rules import (
    ID,
    NAME,
    OPTIONS,
    PLAYERS,
    ROLE_NAMES,
    ROLES,
    RULES_SUMMARY,
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
