"""Taj Mahal in words: the public position for `/board text` and the picture's alt text
(``describe``), and the post's status lines beside the picture (``status``)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.games.taj_mahal import GAME as taj
from engine.games.taj_mahal import data as taj_data
from engine.games.taj_mahal.shown import TajMahalView
from engine.grammar import count
from renderer.common.words import result_line, seat

BONUS_WORDS = {"taj": "Taj Mahal (+4)", "points2": "+2 points", "card": "+1 card"}


def _card_words(cid: str) -> str:
    """A card as players type it (plain: this text is also an image's alt text)."""
    return taj_data.KIND.get(cid, cid)


def describe(view: TajMahalView, players: Mapping[str, str]) -> str:
    """The public position only: how many cards each player holds, never which."""
    names = dict(taj.ROLE_NAMES)
    province = view.get("province")
    lines = [f"Taj Mahal, visit {view.get('visit')} of {taj_data.VISITS}"
             + (f": {taj_data.PROVINCE_NAMES.get(province, province)}." if province else ".")]
    court = view.get("court") or {}
    open_prizes = [k.replace("province", "province tile") for k, v in court.items()
                   if v is True]
    lines.append("Still to win: " + (", ".join(open_prizes) or "nothing") + ".")
    supply = view.get("supply") or []
    lines.append("Supply: " + (", ".join(_card_words(c) for c in supply) or "empty") + ".")
    for r, p in (view.get("players") or {}).items():
        played = ", ".join(f"{n} {s.replace('_', ' ')}" for s, n in p.get("symbols", {}).items())
        status = "withdrawn" if p.get("out") else (
            f"playing {p['colour']}" if p.get("colour") else "in the visit")
        tiles = ", ".join(f"{n} {s}" for s, n in p.get("influence", {}).items() if n)
        goods = ", ".join(p.get("goods", []))
        extra = "".join(f"; {label}: {x}" for label, x in (("played", played),
                                                            ("tiles", tiles),
                                                            ("goods", goods)) if x)
        lines.append(f"{seat(r, names.get(r, r), players)}: {count(p['score'], 'point')}, "
                     f"{count(p['hand'], 'card')} in hand, {status}{extra}.")
    palaces = view.get("palaces") or {}
    for pid, cities in taj_data.CITIES_OF.items():
        here = [f"{c} {' and '.join(names.get(o, o) for o in palaces[c])}"
                for c in cities if palaces.get(c)]
        if here:
            lines.append(f"{taj_data.PROVINCE_NAMES[pid]}: " + ", ".join(here) + ".")
    bonus = view.get("bonus") or {}
    if bonus:
        lines.append("Bonus tiles: " + ", ".join(f"{c} {BONUS_WORDS.get(k, k)}"
                                                 for c, k in bonus.items()) + ".")
    lines.append(result_line(view, names) or "To move: " + ", ".join(
        seat(r, names.get(r, r), players) for r in view.get("active", [])) + ".")
    return "\n".join(lines)


TAJ_SYMBOLS = {"vizier": "Vizier", "general": "General", "monk": "Monk", "princess": "Princess",
               "grand_mogul": "Grand Mogul", "elephant": "Elephant"}


def _taj_leaders(table: dict) -> dict[str, str]:
    """Each symbol's sole leader among the players still in the visit."""
    leaders = {}
    for sym in TAJ_SYMBOLS:
        counts = {r: p.get("symbols", {}).get(sym, 0) for r, p in table.items() if not p["out"]}
        top = max(counts.values(), default=0)
        if top and list(counts.values()).count(top) == 1:
            leaders[sym] = max(counts, key=counts.__getitem__)
    return leaders


def _taj_in_turn(view: TajMahalView) -> list[str]:
    """The players still in the visit, in the order they play from the one to play."""
    table = view.get("players") or {}
    seats = list(table)
    first = (view.get("active") or seats[:1] or [""])[0]
    at = seats.index(first) if first in seats else 0
    return [r for r in seats[at:] + seats[:at] if not table[r]["out"]]


def status(view: TajMahalView, players: Mapping[str, str]) -> str:
    """The post's status lines: the visit and what is still to win there; the players
    still in it in turn order, each with score, cards in hand, the cards laid (by their
    typed names) and the symbols they add up to (each symbol's leader in bold); those out;
    the supply; the influence tiles and commodities won. Public facts only."""
    table = view.get("players") or {}

    def who(r: str) -> str:
        return f"{r.capitalize()} ({players[r]})" if players.get(r) else r.capitalize()

    if view.get("result"):
        ranked = sorted(table, key=lambda r: -table[r]["score"])
        return "Scores: " + ", ".join(f"{who(r)} {table[r]['score']}" for r in ranked) + "."
    visit, pid = view.get("visit"), view.get("province")
    court = view.get("court") or {}
    prizes = [TAJ_SYMBOLS[k] for k in taj_data.INFLUENCE if court.get(k)]
    if court.get("crown"):
        prizes.append("Grand Mogul (crown)")
    if court.get("province"):
        goods = taj_data.TILES["province_tiles"].get(str(visit), [])
        prizes.append(f"Elephant (tile: {', '.join(goods)})")
    lines = [f"**{taj_data.PROVINCE_NAMES.get(pid, pid)}**, visit {visit}/{taj_data.VISITS}"
             f" · to win: {', '.join(prizes) or 'nothing'}"]
    leaders = _taj_leaders(table)

    def entry(r: str) -> str:
        p = table[r]
        shown = [f"**{n} {TAJ_SYMBOLS[s]}**" if leaders.get(s) == r else
                 f"{n} {TAJ_SYMBOLS[s]}" for s in TAJ_SYMBOLS if (n := p["symbols"].get(s))]
        laid = ", ".join(_card_words(c) for c in p.get("played") or [])
        played = f", laid {laid}: {', '.join(shown)}" if laid and shown else ""
        return f"{who(r)} {count(p['score'], 'pt')}, {count(p['hand'], 'card')}{played}"

    playing = [entry(r) for r in _taj_in_turn(view)]
    lines.append(f"Playing{' (leads in bold)' if leaders else ''}: " + " → ".join(playing))
    out = [entry(r) for r, p in table.items() if p["out"]]
    if out:
        lines.append("Out: " + "; ".join(out))
    supply = [_card_words(c) for c in view.get("supply") or []]
    lines.append("Supply: " + (", ".join(
        f"{supply.count(k)}× {k}" if supply.count(k) > 1 else k
        for k in dict.fromkeys(supply)) or "empty"))
    won = []
    for r, p in table.items():
        held = p.get("goods") or []
        tiles = [f"{TAJ_SYMBOLS[k]} tile" for k, n in (p.get("influence") or {}).items()
                 if n and k in TAJ_SYMBOLS]
        goods = " ".join(f"{held.count(g)} {g}" if held.count(g) > 1 else g
                         for g in dict.fromkeys(held))
        if tiles or goods:
            won.append(f"{r.capitalize()} " + ", ".join([*tiles, *([goods] if goods else [])]))
    if won:
        lines.append("Won: " + "; ".join(won))
    return "\n".join(lines)
