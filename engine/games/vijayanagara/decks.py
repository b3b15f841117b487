"""Event decks. `darbar` is Darbar's own reconstruction (data/cards.json). A group that
owns the printed cards can add `data/decks/<name>.json` with the card numbers, titles,
faction orders and Stay Eligible flags, effects marked "manual", and play with
option `deck=<name>`; manual Events are carried out by hand (manual.py)."""

from __future__ import annotations

import re
from functools import cache

from engine.errors import IllegalAction
from engine.games.vijayanagara.data import CARDS, FACTIONS, FILES

NAME = re.compile(r"^[a-z0-9_-]{1,40}$")


def names() -> list[str]:
    return ["darbar"] + sorted(p.stem for p in (FILES.data_dir / "decks").glob("*.json"))


@cache
def load(name: str) -> dict:
    """{"events": {number: card}, "mongols": {id: card}, "reconstruction": bool}"""
    if name == "darbar":
        data = CARDS
    else:
        if not NAME.match(name) or not (FILES.data_dir / "decks" / f"{name}.json").is_file():
            raise IllegalAction(f"There is no Event deck `{name}`. Decks: {', '.join(names())}.")
        data = FILES[f"decks/{name}"]
    problems = check(data)
    if problems:
        raise IllegalAction(f"The deck `{name}` is not usable: " + "; ".join(problems[:5]))
    return {
        "events": {c["number"]: c for c in data["events"]},
        "mongols": {c["id"]: c for c in data.get("mongol_invasion", CARDS["mongol_invasion"])},
    }


def check(data: dict) -> list[str]:
    from engine.games.vijayanagara import effects  # effects imports commands; keep load cheap

    out = []
    cards = data.get("events", [])
    if len(cards) < 24:
        out.append(f"a deck needs at least 24 Event cards, this one has {len(cards)}")
    if len({c.get("number") for c in cards}) != len(cards):
        out.append("card numbers repeat")
    for c in cards:
        n = c.get("number")
        if sorted(c.get("order", [])) != sorted(FACTIONS):
            out.append(f"card {n}: the order must name each faction once")
        if not isinstance(c.get("stay_eligible"), bool):
            out.append(f"card {n}: stay_eligible must be true or false")
        for side in ("unshaded", "shaded"):
            s = c.get(side)
            if s is not None:
                out.extend(effects.validate(s.get("effect"), f"card {n} {side}"))
    return out


def events(state: dict) -> dict[int, dict]:
    return load(state["options"]["deck"])["events"]


def mongols(state: dict) -> dict[str, dict]:
    return load(state["options"]["deck"])["mongols"]
