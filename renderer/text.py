"""The position in words: for players who cannot see the board image well, for screen
readers (the image's alt text), and for `/board text:true`. Like the images, these read
only the spectator view, so they can show nothing a player may not know."""

from __future__ import annotations

from engine.games.vijayanagara.board import PIECE_NAMES, SHORT, SPACES

ALT_LIMIT = 1024  # Discord's cap on an attachment's description


def _plural(n: int, name: str) -> str:
    return f"{n} {name}{'' if n == 1 else 's'}"


def _result(view: dict, names: dict[str, str]) -> str | None:
    result = view.get("result")
    if not result:
        return None
    winners = [names.get(w, w) for w in result.get("winners") or []]
    return (f"Game over: {' and '.join(winners)} won." if winners else "Game over.") + (
        f" {result['reason']}" if result.get("reason") else "")


def _seat(role: str, title: str, players: dict[str, str]) -> str:
    return f"{title} ({players[role]})" if players.get(role) else title


# --- Goat-Tiger --------------------------------------------------------------------------


def goat_tiger(view: dict, players: dict[str, str]) -> str:
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
                     + (f", capturing on {last['captured']}." if last.get("captured") else "."))
    names = {"goats": "Goats", "tigers": "Tigers"}
    lines.append(_result(view, names) or "To move: " + ", ".join(
        _seat(r, names.get(r, r), players) for r in view.get("active", [])) + ".")
    return "\n".join(lines)


# --- Vijayanagara ---------------------------------------------------------------------------

# The order a space's pieces are named in: the Sultanate, Bahmani, Vijayanagara, Mongols.
KIND_ORDER = ("troop", "governor", "qasbah", "amir_o", "amir_r", "fort", "raja_o", "raja_r",
              "temple", "invader")


def _pieces(pieces: dict[str, int]) -> str:
    return ", ".join(_plural(pieces[k], PIECE_NAMES[k]) for k in KIND_ORDER if pieces.get(k))


def _space(info: dict) -> str:
    status = []
    if info.get("tributary"):
        status.append("Tributary")
    elif info.get("tributary") is False:
        status.append(f"{SHORT.get(info['control'], '')} Control" if info.get("control")
                      else "no Control")
    head = info["name"] + (f" ({', '.join(status)})" if status else "")
    return f"{head}: {_pieces(info.get('pieces', {})) or 'empty'}"


def vijayanagara(view: dict, players: dict[str, str]) -> str:
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
        lines.append(f"{_seat(f, SHORT.get(f, f), players)}: {info['vp']} VP, "
                     f"{_plural(info['resources'], 'Resource')}, {info['cavalry']} Cavalry"
                     f"{extra}{eligible}.")
    spaces = view.get("spaces", {})
    lines += [_space(spaces[s]) for s in SPACES if s in spaces]
    available = {k: n for k, n in view.get("available", {}).items() if n}
    if available:
        lines.append("Available: " + ", ".join(
            _plural(n, PIECE_NAMES.get(k, k)) for k, n in available.items()) + ".")
    lines.append(_result(view, SHORT) or "To act: " + ", ".join(
        _seat(r, SHORT.get(r, r), players) for r in view.get("active", [])) + ".")
    return "\n".join(lines)


DESCRIBERS = {"goat_tiger": goat_tiger, "vijayanagara": vijayanagara}


def describe(game_id: str, view: dict, players: dict[str, str] | None = None) -> str:
    return DESCRIBERS[game_id](view, players or {})


def alt_text(game_id: str, view: dict, players: dict[str, str] | None = None) -> str:
    """``describe`` within Discord's alt text limit: whole lines, then a pointer to the rest."""
    lines = describe(game_id, view, players).split("\n")
    more = "… (the rest: /board text)"
    out: list[str] = []
    for line in lines:
        if sum(len(x) + 1 for x in out) + len(line) + len(more) + 1 > ALT_LIMIT:
            return "\n".join([*out, more])
        out.append(line)
    return "\n".join(out)
