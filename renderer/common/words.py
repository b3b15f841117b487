"""The position in words, what every game's words share: for players who cannot see the
board image well, for screen readers (the image's alt text), and for `/board text:true`.
Each game's own words are in ``renderer/<id>/words.py`` (``describe``, ``status``); like
the images, they read only the spectator view, so they can show nothing a player may not
know."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.grammar import and_
from renderer.common import outcome_title

ALT_LIMIT = 1024  # Discord's cap on an attachment's description
MORE = "… (the rest: /board text)"


def result_line(view: Mapping[str, Any], names: Mapping[str, str]) -> str | None:
    """The outcome in a sentence, once the game is over (None before)."""
    result = view.get("result")
    if not result:
        return None
    winners = [names.get(w, w) for w in result.get("winners") or []]
    head = (f"Game over: {and_(winners)} won" if winners
            else outcome_title(result, []))
    return f"{head}." + (f" {result['reason']}" if result.get("reason") else "")


def seat(role: str, title: str, players: Mapping[str, str]) -> str:
    """A side by its title, with its player's name where one sits there."""
    return f"{title} ({players[role]})" if players.get(role) else title


def within_alt_limit(said: str) -> str:
    """``said`` within Discord's alt text limit: whole lines, then a pointer to the rest."""
    if len(said) <= ALT_LIMIT - len(MORE) - 1:
        return said
    out: list[str] = []
    used = 0  # the characters of the lines kept, a line break after each
    for line in said.split("\n"):
        if used + len(line) + len(MORE) + 1 > ALT_LIMIT:
            return "\n".join([*out, MORE])
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)
