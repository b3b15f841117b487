"""Aadu-Huli aata, the Goat-Tiger game (Vijayanagara rulebook, section 5.5)."""

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


def __getattr__(name: str) -> object:
    # The computer opponent (``bot_steps``) is imported on first use rather
    # than here, so that ``python -m engine.games.goat_tiger.ai`` (its
    # benchmark) does not find the module already imported under another name.
    if name == "bot_steps":
        from engine.games.goat_tiger.ai import bot_steps

        return bot_steps
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
