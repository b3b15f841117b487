"""Maharaja (Avalon Hill 1994), Darbar's reconstruction from the rule remarks: the map,
nations and charts as data (data/, read, checked and published by data.py), questions
about places (board.py), the pieces and stacking (forces.py), movement, battle,
submission and alliance (diplomacy.py), factories and arms (colonial.py), victory points
(scoring.py), the turn's fixed parts (turns.py), the steps (decisions, declarations,
moves, combat, phases, actions, tokens), the rules to the engine contract (rules.py), why
a step is refused (refusals.py), a computer player (ai.py) and the /rules texts
(texts.py)."""

from engine.contract import Game
from engine.games.maharaja import data
from engine.games.maharaja.ai import bot_steps
from engine.games.maharaja.rules import (
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
    setup,
    sides,
    summary,
    token,
    view,
)
from engine.games.maharaja.texts import RULES_SUMMARY, RULES_TOPICS, score_report

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
