"""Taj Mahal (Reiner Knizia, 2000): the components as data (data/, a labelled
reconstruction where the printed parts are not public, checked and published by data.py:
what the renderer reads), the scoring (scoring.py), the rules to the engine contract
(rules.py), a computer player (ai.py) and the texts of /rules (texts.py)."""

from engine.contract import Game
from engine.games.taj_mahal import data
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
    explain_line,
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
    "GAME",
    "ID", "NAME", "ONE_SIDE_EACH", "OPTIONS", "PLAYERS", "ROLE_NAMES", "ROLES",
    "RULES_SUMMARY", "RULES_TOPICS", "act", "bot_steps", "describe", "explain_line",
    "hand_text",
    "parse_token", "redeal", "result", "reveal_mark", "score_report", "setup", "sides",
    "summary", "token", "view",
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
    explain_line=explain_line,
    RULES_SUMMARY=RULES_SUMMARY,
    RULES_TOPICS=RULES_TOPICS,
    score_report=score_report,
    bot_steps=bot_steps,
    reveal_mark=reveal_mark,
    redeal=redeal,
    sides=sides,
    hand_text=hand_text,
    ONE_SIDE_EACH=ONE_SIDE_EACH,
    COLOUR_SIDES=True,  # "Red", not "the Red"
    FILES=data.FILES,
)
