"""Vijayanagara in words: the position for `/board text` and the picture's alt text
(``describe``), and the post's status lines beside the picture (``status``)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.games.vijayanagara.data import (
    FACTIONS,
    MONGOL_TEXT,
    PIECE_NAMES,
    SHORT,
    SPACES,
    SPECIAL_TEXTS,
)
from engine.games.vijayanagara.shown import SpaceShown, VijayanagaraView
from engine.grammar import count
from renderer.common.words import result_line, seat

# The order a space's pieces are named in: the Sultanate, Bahmani, Vijayanagara, Mongols.
KIND_ORDER = ("troop", "governor", "qasbah", "amir_o", "amir_r", "fort", "raja_o", "raja_r",
              "temple", "invader")


def _pieces(pieces: dict[str, int]) -> str:
    return ", ".join(count(pieces[k], PIECE_NAMES[k]) for k in KIND_ORDER if pieces.get(k))


def _space(info: SpaceShown) -> str:
    status = []
    if info.get("tributary"):
        status.append("Tributary")
    elif info.get("tributary") is False:
        control = info.get("control")
        status.append(f"{SHORT.get(control, '')} Control" if control else "no Control")
    head = info["name"] + (f" ({', '.join(status)})" if status else "")
    return f"{head}: {_pieces(info.get('pieces', {})) or 'empty'}"


def describe(view: VijayanagaraView, players: Mapping[str, str]) -> str:
    card = view.get("card") or {}
    title = card.get("title", "no card")
    order = " → ".join(SHORT.get(f, f) for f in card.get("order", []))
    lines = [f"Vijayanagara, {str(view.get('dynasty', '')).capitalize()} Dynasty. "
             f"Card: {title}" + (f" (order {order})" if order else "") + "."]
    for f, info in view.get("factions", {}).items():
        extra = ""
        if f in view.get("influence", {}):
            extra = f", Influence {view['influence'][f]}"
        eligible = "" if view.get("eligible", {}).get(f, True) else ", not Eligible"
        lines.append(f"{seat(f, SHORT.get(f, f), players)}: {info['vp']} VP, "
                     f"{count(info['resources'], 'Resource')}, {info['cavalry']} Cavalry"
                     f"{extra}{eligible}.")
    spaces = view.get("spaces", {})
    lines += [_space(spaces[s]) for s in SPACES if s in spaces]
    available = {k: n for k, n in view.get("available", {}).items() if n}
    if available:
        lines.append("Available: " + ", ".join(
            count(n, PIECE_NAMES.get(k, k)) for k, n in available.items()) + ".")
    lines.append(result_line(view, SHORT) or "To act: " + ", ".join(
        seat(r, SHORT.get(r, r), players) for r in view.get("active", [])) + ".")
    return "\n".join(lines)


# What a faction did on the current card (the Sequence of Play), as the status says it.
CHOICE_WORDS = {"cmd": "Command + Decree", "command": "Command", "event": "Event",
                "limited": "Limited Command", "pass": "Pass"}


def _card_status(card: dict, played: bool) -> list[str]:
    """The current card: its title, year and Stay Eligible, then what it does (an Event's
    two sides until a faction has played it)."""
    kind = card.get("kind")
    title = str(card.get("title") or "no card")
    if kind == "event":
        head = f"**Card {card.get('number')}: {title}**" if card.get("number") is not None \
            else f"**{title}**"
        if card.get("year"):
            head += f" ({card['year']})"
        head += " · Stay Eligible" if card.get("stay_eligible") else ""
        if played:
            return [head]
        text = card.get("text") or {}
        return [head, *(f"{side.capitalize()}: {text.get(side) or 'by hand: read your card'}"
                        for side in ("unshaded", "shaded"))]
    if kind == "mongol":
        who = SHORT.get(card.get("faction") or "", "The named faction")
        return [f"**{title}**: {who} {MONGOL_TEXT}"]
    said = SPECIAL_TEXTS.get(str(card.get("id") or ""))
    return [f"**{title}**" + (f": {said}" if said else "")]


def _turn_status(view: VijayanagaraView) -> str:
    """The Sequence of Play on the card, in its order: who acted and how, who acts now,
    who is Eligible."""
    card = view.get("card") or {}
    turn = view.get("turn") or {}
    eligible = view.get("eligible") or {}
    active = set(view.get("active") or [])
    choices = turn.get("choices") or {}
    order = [f for f in (card.get("order") or []) if f in SHORT]
    order += [f for f in FACTIONS if f not in order]
    said = []
    for f in order:
        if f in (turn.get("acted") or []):
            said.append(f"{SHORT[f]} {CHOICE_WORDS.get(choices.get(f) or '', 'acted')} ✓")
        elif f in active:
            said.append(f"**{SHORT[f]} to act**")
        else:
            said.append(f"{SHORT[f]} {'Eligible' if eligible.get(f, True) else 'Ineligible'}")
    return "Order: " + " → ".join(said)


def status(view: VijayanagaraView, players: Mapping[str, str]) -> str:
    """The post's status lines: the card and what it does, the Sequence of Play on it,
    each faction's victory points, Resources and Cavalry, the Dynasty and the deck (the
    picture shows the map; these read better as text on a phone)."""
    lines: list[str] = []
    card = view.get("card")
    if isinstance(card, dict) and not view.get("result"):
        choices = (view.get("turn") or {}).get("choices") or {}
        lines += _card_status(card, "event" in choices.values())
        if card.get("kind") == "event":
            lines.append(_turn_status(view))
    factions = view.get("factions") or {}
    lines.append("VP / Resources / Cavalry: " + " · ".join(
        f"{SHORT[f]} {info.get('vp', 0)}/{info.get('resources', 0)}/{info.get('cavalry', 0)}"
        for f, info in factions.items() if f in SHORT and isinstance(info, dict)))
    if view.get("result"):
        return "\n".join(lines)
    dynasty = str(view.get("dynasty") or "").capitalize()
    successions = len(view.get("successions_left") or [])
    lines.append((f"{dynasty} Dynasty · " if dynasty else "")
                 + f"deck {count(int(view.get('deck_size') or 0), 'card')} ("
                 + (f"{successions} Succession to come" if successions else "no Succession")
                 + f") · Cavalry pool {int(view.get('cavalry_pool') or 0)}")
    return "\n".join(lines)
