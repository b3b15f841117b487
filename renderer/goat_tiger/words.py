"""Goat-Tiger in words: the position for `/board text` and the picture's alt text
(``describe``), and the post's status lines beside the picture (``status``)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.games.goat_tiger.shown import GoatTigerView
from engine.grammar import count
from renderer.common.words import result_line, seat


def describe(view: GoatTigerView, players: Mapping[str, str]) -> str:
    board = view.get("board", {})
    tigers = sorted(p for p, who in board.items() if who == "tiger")
    goats = sorted(p for p, who in board.items() if who == "goat")
    lines = [
        "Aadu-Huli aata (Goat-Tiger).",
        f"Tigers on {', '.join(tigers) or 'no point'}.",
        f"Goats on {', '.join(goats) or 'no point'}; {view.get('in_hand', 0)} in hand, "
        f"{view.get('captured', 0)} captured (the tigers win at "
        f"{view.get('captures_to_win', 5)}).",
    ]
    last = view.get("last")
    if last:
        how = f"from {last['from']} to {last['to']}" if last.get("from") else f"on {last['to']}"
        lines.append(f"Last move: {str(last.get('role', '')).capitalize()} {how}"
                     + (f", capturing the Goat on {last['over']}." if last.get("over") else "."))
    names = {"goats": "Goats", "tigers": "Tigers"}
    lines.append(result_line(view, names) or "To move: " + ", ".join(
        seat(r, names.get(r, r), players) for r in view.get("active", [])) + ".")
    return "\n".join(lines)


def status(view: GoatTigerView, players: Mapping[str, str]) -> str:
    """The post's lines beside the picture: whose turn and how long the game has run, the
    Goats still to place and those captured (the picture shows these counts too; the move
    count is here alone)."""
    played = int(view.get("move") or 0)
    moves = count(played, "move") + " played" if played else "a new game"
    counts = (f"Goats to place: **{view.get('in_hand', 0)}** · Goats captured: "
              f"**{view.get('captured', 0)}** of {view.get('captures_to_win', 5)}")
    active = [] if view.get("result") else list(view.get("active") or [])
    if not active:
        return f"{counts} · {moves}"
    turn = " and ".join(f"**{r.capitalize()}**" + (f" ({players[r]})" if players.get(r) else "")
                        for r in active)
    return f"{turn} to move · {moves}\n{counts}"
