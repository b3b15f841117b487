"""Vijayanagara: the Deccan Empires of Medieval India, 1290-1398 (GMT Games, 2023).

The map and Event deck are reconstructions (data/map.json, data/cards.json), read,
checked and published by data.py: what the rules, the picture and the words read."""

from engine.games.vijayanagara.rules import (
    ID,
    NAME,
    OPTIONS,
    PLAYERS,
    ROLE_NAMES,
    ROLES,
    act,
    describe,
    parse_token,
    redeal,
    result,
    reveal_mark,
    setup,
    summary,
    token,
    view,
)
from engine.games.vijayanagara.texts import (
    RULES_SUMMARY,
    RULES_TOPICS,
    card_report,
    score_report,
)

__all__ = [
    "ID", "NAME", "OPTIONS", "PLAYERS", "ROLE_NAMES", "ROLES",
    "RULES_SUMMARY", "RULES_TOPICS", "act", "card_report", "describe", "parse_token",
    "result", "score_report", "setup", "summary", "token", "redeal", "reveal_mark", "view",
]
