"""Event decks. `darbar` is Darbar's own reconstruction (data/cards.json). A group that
owns the printed cards can add `data/decks/<name>.json` with the card numbers, titles,
faction orders and Stay Eligible flags, effects marked "manual", and play with
option `deck=<name>`; manual Events are carried out by hand (manual.py)."""

from __future__ import annotations

import re
from functools import cache

from engine.errors import IllegalAction
from engine.games.vijayanagara.data import CARDS, FILES, check_deck

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
    problems = check_deck(data)
    if problems:
        raise IllegalAction(f"The deck `{name}` is not usable: " + "; ".join(problems[:5]))
    return {
        "events": {c["number"]: c for c in data["events"]},
        "mongols": {c["id"]: c for c in data.get("mongol_invasion", CARDS["mongol_invasion"])},
    }


def events(state: dict) -> dict[int, dict]:
    return load(state["options"]["deck"])["events"]


def mongols(state: dict) -> dict[str, dict]:
    return load(state["options"]["deck"])["mongols"]
