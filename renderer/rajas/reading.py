"""What both Rajas pictures read off the spectator view beyond its fields: a player's name
as the title says it, the title itself, and the tile the mover has taken and not placed
yet (read from the log)."""

from __future__ import annotations

from collections.abc import Callable

from engine.games.rajas import data, words
from engine.games.rajas.shown import RajasView
from renderer.common import Names, clean, first, outcome_title


def role_name(players: Names, role: str) -> str:
    """``Yellow (Meena)``; the colour alone for a seat without a name."""
    given = clean((players or {}).get(role) or "")
    return f"{data.ROLE_NAMES.get(role, role)} ({given})" if given else \
        data.ROLE_NAMES.get(role, role)


def title(view: RajasView, players: Names, fits: Callable[[str], bool] | None = None) -> str:
    """The round and who is to play, or the result. With ``fits`` (whether a title fits
    on one line), a person's name too long for that is cut short (…), never the words
    around it: a second line made the main picture with four players' provinces too tall
    for the desktop's box; the post's text names them whole."""
    result = view.get("result")
    if result:
        return outcome_title(result, [role_name(players, w)
                                      for w in result.get("winners", [])])
    who = (view.get("active") or [""])[0]
    name = role_name(players, who)
    end = " (last stage)" if view.get("end") else ""
    said = f"Round {view.get('round')}: {name} to play{end}"
    given = clean((players or {}).get(who) or "")
    while fits is not None and given and not fits(said):
        given = given[:-1].rstrip()
        short = f"{data.ROLE_NAMES.get(who, who)} ({given}…)" if given else \
            data.ROLE_NAMES.get(who, who)
        said = f"Round {view.get('round')}: {short} to play{end}"
    return said


_BY_WORDS: dict[str, list[str]] = {}
for _tid in data.TILES:
    _BY_WORDS.setdefault(words.tile_words(_tid), []).append(_tid)


def held_tile(view: RajasView) -> str | None:
    """The tile the acting player took this turn and has not placed yet (paying for it,
    or choosing its cell), read from the log: "Red takes the blue 7 (tea 2, fort)." """
    who = first(view.get("active"))
    if who is None:
        return None
    name = data.ROLE_NAMES.get(who, who)
    placed = {t for p in (view.get("players") or {}).values() for c in p["cells"].values()
              for t in (c["tile"], c.get("under"))}
    for line in reversed(view.get("log") or []):
        if line.startswith((f"{name} sends a worker", "Round ")):
            return None
        if line.startswith(f"{name} takes the "):
            said = line[len(f"{name} takes the "):].rstrip(".")
            said = said.split(" to build over ")[0]
            free = [t for t in _BY_WORDS.get(said, []) if t not in placed]
            return free[0] if free else None
    return None


__all__ = ["held_tile", "role_name", "title"]
