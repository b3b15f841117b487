"""Nim's computer player: it leaves a multiple of four when it can (then it cannot lose),
else takes one."""

from __future__ import annotations

from engine.contract import State, Step


def bot_steps(state: State, role: str) -> list[Step]:
    return [("take", state["pile"] % 4 or 1)]
