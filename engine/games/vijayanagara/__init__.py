"""Vijayanagara: the Deccan Empires of Medieval India, 1290-1398 (GMT Games, 2023).

The map and Event deck are reconstructions (data/map.json, data/cards.json), read,
checked and published by data.py: what the rules, the picture and the words read."""

from engine.contract import Game
from engine.games.vijayanagara import ai, data
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
    "GAME",
    "ID", "NAME", "OPTIONS", "PLAYERS", "ROLE_NAMES", "ROLES",
    "RULES_SUMMARY", "RULES_TOPICS", "act", "card_report", "describe", "parse_token",
    "result", "score_report", "setup", "summary", "token", "redeal", "reveal_mark", "view",
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
    card_report=card_report,
    score_report=score_report,
    bot_steps=ai.bot_steps,
    computer_refuses=ai.refuses,
    reveal_mark=reveal_mark,
    redeal=redeal,
    FILES=data.FILES,
)
