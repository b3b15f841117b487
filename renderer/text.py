"""The position in words: for players who cannot see the board image well, for screen
readers (the image's alt text), and for `/board text:true`. Like the images, these read
only the spectator view, so they can show nothing a player may not know."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.games import taj_mahal as taj
from engine.games.taj_mahal import data as taj_data
from engine.games.vijayanagara.data import PIECE_NAMES, SHORT, SPACES
from renderer.common import outcome_title

ALT_LIMIT = 1024  # Discord's cap on an attachment's description


def _plural(n: int, name: str) -> str:
    return f"{n} {name}{'' if n == 1 else 's'}"


def _result(view: dict, names: dict[str, str]) -> str | None:
    result = view.get("result")
    if not result:
        return None
    winners = [names.get(w, w) for w in result.get("winners") or []]
    head = (f"Game over: {' and '.join(winners)} won" if winners
            else outcome_title(result, []))
    return f"{head}." + (f" {result['reason']}" if result.get("reason") else "")


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


# --- Taj Mahal ------------------------------------------------------------------------------


BONUS_WORDS = {"taj": "Taj Mahal (+4)", "points2": "+2 points", "card": "+1 card"}


def _card_words(cid: str) -> str:
    """A card as players type it (plain: this text is also an image's alt text)."""
    return taj_data.KIND.get(cid, cid)


def taj_mahal(view: dict, players: dict[str, str]) -> str:
    """The public position only: how many cards each player holds, never which."""
    names = taj.ROLE_NAMES
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
        lines.append(f"{_seat(r, names.get(r, r), players)}: {_plural(p['score'], 'point')}, "
                     f"{_plural(p['hand'], 'card')} in hand, {status}{extra}.")
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
    lines.append(_result(view, names) or "To move: " + ", ".join(
        _seat(r, names.get(r, r), players) for r in view.get("active", [])) + ".")
    return "\n".join(lines)


# --- Rajas of the Ganges ---------------------------------------------------------------------


def rajas(view: dict, players: dict[str, str]) -> str:
    from engine.games.rajas import words
    from engine.games.rajas.data import ROLE_NAMES, TILES
    from engine.games.rajas.words import margin_words, tile_words

    def tile(tid: str) -> str:  # a tile by colour and cost; a Mango village by its bonus
        t = TILES[tid]
        return tile_words(tid) if t["colour"] == "village" else f"{t['colour']} {t['cost']}"

    lines = [f"Rajas of the Ganges, round {view.get('round')}"
             + (" (last stage)." if view.get("end") else ".")]
    for r, p in (view.get("players") or {}).items():
        tiles = ", ".join(f"{cell} {tile(t['tile'])}"
                          for cell, t in sorted(p["cells"].items())) or "no tiles"
        boat = f"on river space {p['boat']}" if p["boat"] else "at the start"
        lines.append(f"{_seat(r, ROLE_NAMES.get(r, r), players)}: {p['fame']} fame, "
                     f"{p['money']} money ({margin_words(p['margin'])}), karma {p['karma']}, "
                     f"{p['workers'] - p['placed']} of {_plural(p['workers'], 'worker')} left, "
                     f"boat {boat}; dice: {words.dice(p['dice'])}; province: {tiles}.")
    stack = {"village-mango": "Mango Village"}
    shown = [f"{stack.get(k, k.replace('-', ' '))}: {tile(t)}"
             for k, t in (view.get("display") or {}).items() if t]
    lines.append("Display: " + "; ".join(shown) + ".")
    taken = [f"{words.space(k)}: {', '.join(ROLE_NAMES.get(r, r) for r in who)}"
             for k, who in (view.get("used") or {}).items() if who]
    if taken:
        lines.append("Workers: " + "; ".join(taken) + ".")
    lines.append(_result(view, ROLE_NAMES) or "To move: " + ", ".join(
        _seat(r, ROLE_NAMES.get(r, r), players) for r in view.get("active", [])) + ".")
    return "\n".join(lines)


def rajas_status(view: dict, players: Mapping[str, str]) -> str:
    """The post's lines beside the picture: the round and the order of play (the player
    to move in bold), then each player's fame, money and how far their markers are from
    meeting, karma, workers left and the fame their upgraded building types score."""
    from engine.games.rajas.data import BUILDINGS, ROLE_NAMES
    from engine.games.rajas.words import margin_words

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
    return "\n".join(lines)


# --- Maharaja --------------------------------------------------------------------------------


def maharaja(view: dict, players: dict[str, str]) -> str:
    from engine.games.maharaja.data import LEADERS, NAMES, NATION_NAMES, NATIONS, TERRITORY_NAMES

    nation = view.get("nation")
    lines = [f"Maharaja, turn {view['turn']} of 16 ({view['year']})"
             + (f": the {NATION_NAMES[nation]} play." if nation else ".")]
    for role in view.get("roles", []):
        nations = [NATION_NAMES[n] + (f" ({view['titles'][n]})" if view["titles"].get(n)
                                     else "")
                   for n, c in view["control"].items() if c == role]
        lines.append(f"{_seat(role, role.capitalize(), players)}: {view['vp'][role]} VP; "
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
    lines.append(_result(view, {r: r.capitalize() for r in view.get("roles", [])})
                 or "To move: " + ", ".join(
                     _seat(r, r.capitalize(), players)
                     + (f", for {acting_for[r]}" if r in acting_for else "")
                     for r in view.get("active", [])) + ".")
    return "\n".join(lines)


DESCRIBERS = {"goat_tiger": goat_tiger, "vijayanagara": vijayanagara, "taj_mahal": taj_mahal,
              "rajas": rajas, "maharaja": maharaja}


def describe(game_id: str, view: dict, players: dict[str, str] | None = None) -> str:
    return DESCRIBERS[game_id](view, players or {})


# A game's status in a few short lines for the public post beside the picture (Discord
# text stays legible at any width, where a phone shows the picture 400 px wide): what
# reads better as text than on the board — scores, resources, the card, the sequence of
# play. Games without one post none.
STATUS: dict[str, Callable[[dict, Mapping[str, str]], str]] = {
    "rajas": rajas_status,
}


def status(game_id: str, view: dict, players: Mapping[str, str] | None = None) -> str:
    """The post's status lines (Discord markdown; names as given, escaped by the caller)."""
    said = STATUS.get(game_id)
    return said(view, players or {}) if said else ""


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
