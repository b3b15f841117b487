"""An earning on the main picture (a river space's, a village's bonus) as a few symbols a
phone can read at 11 px, and the key that says each symbol in words on the same picture.

A die is drawn as a die (a square in its colour; grey for a die of any colour), never as a
letter; the rest is a count and a symbol: ``4$``, ``3★``, ``2K``, a per-something earning
``$/mkt`` (a money per market), a market sale ``mix3``/``sell4``, ``Ch`` a chamber's
action. ``parts`` says an earning as text pieces and dice; ``keys`` the key's entries its
pieces need; ``KEY`` words each entry."""

from __future__ import annotations

from functools import lru_cache

from engine.games.rajas import data

ANY = "any"  # a die of the player's choice of colour: drawn grey

# A symbol's words, in the order the key reads them.
KEY: dict[str, str] = {
    "$": "$ money", "★": "★ fame", "K": "K karma", "die": "■ a die (grey: any colour)",
    "Up": "Up an upgrade", "W": "W a worker", "→": "→ boat moves on",
    "/": "/ per", "mkt": "mkt market", "bld": "bld building", "tile": "tile tile",
    "bend": "bend road bend", "3→": "3→ 3 river spaces", "yt": "yt yield tile",
    "vil": "vil village", "mix": "mix3 sell 3 kinds", "sell": "sell4 1 kind, 4 markets",
    "Ch": "Ch a chamber (Ch2: the 2's)", "2=": "2= a double",
    "slot": "■ brown, yellow, red: a space for a yield tile of that colour",
}

Part = tuple[str, str]  # ("text", "4$"), ("die", colour or ANY) or ("slot", its colour)

PER = {"market": "mkt", "upgrade": "Up", "karma": "K", "building": "bld",
       "market_tile": "mkt tile", "3_river": "3→", "yield_tile": "yt", "bend": "bend",
       "worker": "W", "village": "vil"}
SYMBOL = {"money": "$", "fame": "★", "karma": "K", "upgrade": "Up", "worker": "W",
          "river": "→", "advance": "→"}


@lru_cache(maxsize=256)
def parts(code: str) -> tuple[Part, ...]:
    """``money_4`` (text "4$"), ``die_violet`` (a violet die), ``dice_blue_per_karma``
    (a blue die, then "/K"), ``dice_any_2`` ("2", a grey die), ``fame_1_per_upgrade``
    ("★/Up")."""
    if code.startswith("slot_"):  # a Navaratnas space a yield tile of this colour goes on
        return (("slot", code.removeprefix("slot_")),)
    left, _, per = code.partition("_per_")
    head, n = data.earning(left)
    kind = head
    words = head.split("_")
    tail = f"/{PER[per]}" if per else ""
    if words[0] in ("die", "dice"):
        colours = [w for w in words[1:] if w in data.COLOURS] or [ANY]
        many: list[Part] = [("text", str(n))] if n > 1 and len(colours) == 1 else []
        return (*many, *(("die", c) for c in colours),
                *((("text", tail),) if tail else ()))
    if kind == "market_assorted":
        return (("text", f"mix{n}"),)
    if kind == "market_one_kind":
        return (("text", f"sell{n}"),)
    if words[0] == "palace":
        return (("text", "Ch" + {"dancer": "2", "yogi": "3", "raja": "4"}.get(
            words[-1], "")),)
    sym = SYMBOL.get(head, head[:3])
    count = str(n) if n > 1 or sym in ("$", "★", "K") and not per else ""
    return (("text", f"{count}{sym}{tail}"),)


@lru_cache(maxsize=256)
def keys(code: str) -> frozenset[str]:
    """The key's entries an earning's symbols need."""
    out: set[str] = set()
    for kind, text in parts(code):
        if kind in ("die", "slot"):
            out.add(kind)
            continue
        head, _, tail = text.partition("/")
        for sym in ("$", "★", "K", "Up", "W", "→", "Ch", "mix", "sell"):
            if sym in head:
                out.add(sym)
        if tail:
            out |= {"/", *(t if t in KEY else "" for t in tail.split())} - {""}
            out |= {s for s in ("K", "Up", "W") if s == tail}
    return frozenset(out)


def key_text(entries: frozenset[str] | set[str]) -> str:
    """The key's words for these entries, in KEY's order."""
    return " · ".join(KEY[k] for k in KEY if k in entries)


__all__ = ["ANY", "KEY", "Part", "key_text", "keys", "parts"]
