"""Taj Mahal (Reiner Knizia, 2000): the components as data (data/, a labelled
reconstruction where the printed parts are not public, checked and published by data.py:
what the renderer reads), the scoring (scoring.py), the rules to the engine contract
(rules.py), a computer player (ai.py) and the texts of /rules (texts.py)."""

from engine.games.taj_mahal.ai import bot_steps
from engine.games.taj_mahal.rules import (
    ID,
    NAME,
    ONE_SIDE_EACH,
    OPTIONS,
    PLAYERS,
    ROLE_NAMES,
    ROLES,
    act,
    describe,
    hand_text,
    parse_token,
    redeal,
    result,
    reveal_mark,
    setup,
    sides,
    summary,
    token,
    view,
)
from engine.games.taj_mahal.texts import RULES_SUMMARY, RULES_TOPICS, score_report

__all__ = [
    "ID", "NAME", "ONE_SIDE_EACH", "OPTIONS", "PLAYERS", "ROLE_NAMES", "ROLES",
    "RULES_SUMMARY", "RULES_TOPICS", "act", "bot_steps", "describe", "hand_text",
    "parse_token", "redeal", "result", "reveal_mark", "score_report", "setup", "sides",
    "summary", "token", "view",
]

# Sides are colours: a sentence names one without an article ("Red", not "the Red").
COLOUR_SIDES = True
