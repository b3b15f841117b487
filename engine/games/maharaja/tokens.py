"""A step's typed word (``token``), its button label (``describe``), and a typed word
read back as the step it would be (``parse_token``)."""

from __future__ import annotations

import re

from engine.games.maharaja import board, data, turns
from engine.games.maharaja.decisions import active, place_step

BARE = {"from", "to", "count", "place", "lead", "remove", "box"}
LABELS = {"done": "Done", "back": "Back", "fight": "Fight", "skip": "Skip", "break":
          "Break off", "permit": "Permit", "refuse": "Refuse", "withdraw": "Withdraw arms"}


def token(action: str, arg: object) -> str:
    if arg is None:
        return action
    if action in BARE:
        return str(arg)
    return f"{action}-{arg}"


def describe(action: str, arg: object) -> str:
    if arg is None:
        return LABELS.get(action, action.capitalize())
    text = str(arg)
    if action == "count":
        n = text.rstrip("l")
        return f"{n} + leader" if text.endswith("l") else n
    if text in data.NATIONS:
        return {"submit": "Submit: ", "ally": "Ally: ", "arm": "Arm: "}.get(
            action, "") + turns.nname(text)
    if text == "marker":
        return "Population marker"
    place = board.name(text)
    return {"retreat": f"Retreat to {board.called(text)}", "factory": f"Factory: {place}",
            "demolish": f"Remove factory: {place}"}.get(action, place)


def parse_token(state: dict, role: str, tok: str) -> tuple[str, object]:
    """A typed word to the step it would be, so that act() can say why it is refused."""
    tok = tok.strip().lower()
    if "-" in tok:
        head, _, rest = tok.partition("-")
        if head in ("submit", "ally", "arm", "retreat", "factory", "demolish"):
            return head, rest
    if re.fullmatch(r"\d+l?", tok):
        return "count", tok
    bare = place_step(state) if role in active(state) else None
    if bare and (tok in data.PLACES or tok == "marker" and bare == "box"):
        return bare, tok
    return tok, None
