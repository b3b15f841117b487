"""Rajas of the Ganges in words: the position for `/board text` and the picture's alt
text (``describe``), and the post's status lines beside the picture (``status``)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.games.rajas import words
from engine.games.rajas.data import BUILDINGS, ROLE_NAMES, TILES
from engine.games.rajas.shown import RajasView
from engine.games.rajas.words import margin_words, tile_words
from engine.grammar import count
from renderer.common.words import result_line, seat


def describe(view: RajasView, players: Mapping[str, str]) -> str:
    def tile(tid: str) -> str:  # a tile by colour and cost; a Mango village by its bonus
        t = TILES[tid]
        return tile_words(tid) if t["colour"] == "village" else f"{t['colour']} {t['cost']}"

    lines = [f"Rajas of the Ganges, round {view.get('round')}"
             + (" (last stage)." if view.get("end") else ".")]
    for r, p in (view.get("players") or {}).items():
        tiles = ", ".join(f"{cell} {tile(t['tile'])}"
                          for cell, t in sorted(p["cells"].items())) or "no tiles"
        boat = f"on river space {p['boat']}" if p["boat"] else "at the start"
        lines.append(f"{seat(r, ROLE_NAMES.get(r, r), players)}: {p['fame']} fame, "
                     f"{p['money']} money ({margin_words(p['margin'])}), karma {p['karma']}, "
                     f"{p['workers'] - p['placed']} of {count(p['workers'], 'worker')} left, "
                     f"boat {boat}; dice: {words.dice(p['dice'])}; province: {tiles}.")
    stack = {"village-mango": "Mango Village"}
    shown = [f"{stack.get(k, k.replace('-', ' '))}: {tile(t)}"
             for k, t in (view.get("display") or {}).items() if t]
    lines.append("Display: " + "; ".join(shown) + ".")
    taken = [f"{words.space(k)}: {', '.join(ROLE_NAMES.get(r, r) for r in who)}"
             for k, who in (view.get("used") or {}).items() if who]
    if taken:
        lines.append("Workers: " + "; ".join(taken) + ".")
    lines.append(result_line(view, ROLE_NAMES) or "To move: " + ", ".join(
        seat(r, ROLE_NAMES.get(r, r), players) for r in view.get("active", [])) + ".")
    return "\n".join(lines)


def status(view: RajasView, players: Mapping[str, str]) -> str:
    """The post's lines beside the picture: the round and the order of play (the player
    to move in bold), then each player's fame, money and how far their markers are from
    meeting, karma, workers left and the fame their upgraded building types score, and
    the worker spaces taken this round."""
    roles = list(view.get("roles") or view.get("players") or [])
    start = roles.index(view["start"]) if view.get("start") in roles else 0
    order = roles[start:] + roles[:start]
    active = set(view.get("active") or [])
    seq = " → ".join(f"**{ROLE_NAMES.get(r, r)}**" if r in active else ROLE_NAMES.get(r, r)
                     for r in order)
    stage = ", last stage" if view.get("end") else ""
    lines = [f"Round {view.get('round')}{stage}: {seq}" if not view.get("result")
             else f"Final, round {view.get('round')}:"]
    for r in order:
        p = (view.get("players") or {}).get(r)
        if not p:
            continue
        name = f"{ROLE_NAMES.get(r, r)} ({players[r]})" if players.get(r) else \
            ROLE_NAMES.get(r, r)
        left = p["workers"] - p["placed"]
        # Upgraded buildings only (T4: each temple scores 4 fame, as the picture's key says).
        built = " ".join(f"{b[0].upper()}{2 + n}" for b in BUILDINGS
                         if (n := p["upgrades"].get(b, 0)))
        lines.append(f"{name}: {p['fame']} fame, {p['money']} money "
                     f"({margin_words(p['margin'], short=True)}), karma {p['karma']}, "
                     + ("passed" if p.get("passed") else f"{left}/{p['workers']} workers")
                     + (f", {built}" if built else ""))
    taken = "" if view.get("result") else _taken(view)
    if taken:
        lines.append(f"Workers out: {taken}")
    return "\n".join(lines)


def _taken(view: RajasView) -> str:
    """The worker spaces taken this round and by whom (the main picture leaves them to
    the text): "quarry Red, Yellow; the Dancer White"."""
    return "; ".join(f"{words.space(k).removeprefix('the ')} "
                     + ", ".join(ROLE_NAMES.get(r, r) for r in who)
                     for k, who in (view.get("used") or {}).items() if who)
