"""Maharaja in words: the position for `/board text` and the picture's alt text
(``describe``), and the post's status lines beside the picture (``status``)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.games.maharaja.data import (
    LEADERS,
    NAMES,
    NATION_NAMES,
    NATIONS,
    TERRITORY_NAMES,
)
from engine.games.maharaja.shown import MaharajaView
from renderer.common.words import result_line, seat


def describe(view: MaharajaView, players: Mapping[str, str]) -> str:
    nation = view.get("nation")
    lines = [f"Maharaja, turn {view['turn']} of 16 ({view['year']})"
             + (f": the {NATION_NAMES[nation]} play." if nation else ".")]
    for role in view.get("roles", []):
        nations = [NATION_NAMES[n] + (f" ({view['titles'][n]})" if view["titles"].get(n)
                                     else "")
                   for n, c in view["control"].items() if c == role]
        lines.append(f"{seat(role, role.capitalize(), players)}: {view['vp'][role]} VP; "
                     + ", ".join(nations) + ".")
    held: dict[str, list[str]] = {}
    for place, here in view.get("armies", {}).items():
        for n, k in here.items():
            lead = [LEADERS[lid]["name"] for lid, p in view["leaders"].items()
                    if p == place and LEADERS[lid]["nation"] == n]
            held.setdefault(n, []).append(f"{NAMES.get(place, place)} {k}"
                                          + (f" with {lead[0]}" if lead else ""))
    for n in NATIONS:
        if n in held:
            lines.append(f"{NATION_NAMES[n]}: " + ", ".join(held[n]) + ".")
    if view.get("factories"):
        lines.append("Factories: " + ", ".join(
            f"{NAMES.get(a, a)} ({NATION_NAMES[c]})" for a, c in view["factories"].items())
            + ".")
    if view.get("submitted"):
        lines.append("Submitted: " + "; ".join(
            f"the {NATION_NAMES[n]} to the {NATION_NAMES[sub['to']]} ("
            + ", ".join(TERRITORY_NAMES[w] for w in sub["where"]) + ")"
            for n, sub in view["submitted"].items()) + ".")
    if view.get("allies"):
        lines.append("Allies of the British: "
                     + ", ".join(NATION_NAMES[n] for n in view["allies"]) + ".")
    if view.get("arms"):
        lines.append("Arms: " + "; ".join(
            f"the {NATION_NAMES[c]} arm the {NATION_NAMES[a['nation']]}"
            for c, a in view["arms"].items()) + ".")
    acting_for = view.get("acting_for") or {}
    lines.append(result_line(view, {r: r.capitalize() for r in view.get("roles", [])})
                 or "To move: " + ", ".join(
                     seat(r, r.capitalize(), players)
                     + (f", for {acting_for[r]}" if r in acting_for else "")
                     for r in view.get("active", [])) + ".")
    return "\n".join(lines)


# What the acting nation is doing, as the status says it.
MAHARAJA_PHASES = {"population": "new armies", "invasion": "invasion", "movement": "movement",
                   "battle": "battles", "factory": "factories", "arms": "arms",
                   "score": "scoring"}
MAHARAJA_DOTS = {"yellow": "🟡", "blue": "🔵", "red": "🔴", "green": "🟢", "purple": "🟣"}


def status(view: MaharajaView, players: Mapping[str, str]) -> str:
    """The post's lines beside the picture: the turn, what the acting nation does and this
    turn's order of play (the acting nation in bold, those before it done); each player's
    points and nations (the letters on the map's chips, the player's coloured dot), with
    their Raj titles; the arms given, submissions and British allies the badges mark."""
    def abbr(n: str) -> str:
        return str(NATIONS[n]["abbr"])

    over = view.get("result")
    nation = None if over else view.get("nation")
    head = f"**Turn {view['turn']}**/16 ({view['year']})"
    if over:
        head += ", the game is over"
    else:
        doing = MAHARAJA_PHASES.get(view.get("phase", ""))
        battle = view.get("battle")
        if battle and battle.get("place"):
            doing = (f"battle in {NAMES.get(battle['place'], battle['place'])} "
                     f"({abbr(battle['att'])} v {abbr(battle['def'])})")
        elif doing and view.get("rounds") == 2 and doing in ("movement", "battles"):
            doing += f" {view['round']}/2"  # a major invasion moves and fights twice
        if nation and doing:
            head += f" · {NATION_NAMES[nation]}: {doing}"
        if view.get("order"):
            head += " · order: " + " ".join(f"**{abbr(n)}**" if n == nation else abbr(n)
                                             for n in view["order"])
    lines = [head]
    for role in view.get("roles", []):
        mine = [abbr(n) + (f" ({view['titles'][n]})" if view["titles"].get(n) else "")
                for n, c in view["control"].items() if c == role]
        name = f"**{role.capitalize()}**" + (f" ({players[role]})" if players.get(role) else "")
        lines.append(f"{MAHARAJA_DOTS.get(role, '')} {name} {view['vp'][role]} VP: "
                     + " ".join(mine))
    extra = []
    if view.get("arms"):
        extra.append("arms: " + ", ".join(f"{abbr(c)} → {abbr(a['nation'])}"
                                          for c, a in view["arms"].items()))
    for n, sub in (view.get("submitted") or {}).items():
        extra.append(f"{abbr(n)} submitted to {abbr(sub['to'])} ("
                     + ", ".join(TERRITORY_NAMES[w] for w in sub["where"]) + ")")
    if view.get("allies"):
        extra.append("British allies: " + " ".join(abbr(n) for n in view["allies"]))
    if extra:
        lines.append(extra[0][0].upper() + "; ".join(extra)[1:] + ".")
    return "\n".join(lines)
