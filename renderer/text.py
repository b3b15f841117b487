"""The position in words: for players who cannot see the board image well, for screen
readers (the image's alt text), and for `/board text:true`. Like the images, these read
only the spectator view, so they can show nothing a player may not know."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.games.taj_mahal import GAME as taj
from engine.games.taj_mahal import data as taj_data
from engine.games.vijayanagara.data import (
    FACTIONS,
    MONGOL_TEXT,
    PIECE_NAMES,
    SHORT,
    SPACES,
    SPECIAL_TEXTS,
)
from engine.grammar import and_, count
from renderer.common import outcome_title

ALT_LIMIT = 1024  # Discord's cap on an attachment's description


def _result(view: dict, names: dict[str, str]) -> str | None:
    result = view.get("result")
    if not result:
        return None
    winners = [names.get(w, w) for w in result.get("winners") or []]
    head = (f"Game over: {and_(winners)} won" if winners
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
                     + (f", capturing the Goat on {last['over']}." if last.get("over") else "."))
    names = {"goats": "Goats", "tigers": "Tigers"}
    lines.append(_result(view, names) or "To move: " + ", ".join(
        _seat(r, names.get(r, r), players) for r in view.get("active", [])) + ".")
    return "\n".join(lines)


def goat_tiger_status(view: dict, players: Mapping[str, str]) -> str:
    """The post's lines beside the picture: whose turn and how long the game has run, the
    Goats still to place and those captured (the picture shows these counts too; the move
    count is here alone)."""
    played = int(view.get("move") or 0)
    moves = count(played, "move") + " played" if played else "a new game"
    counts = (f"Goats to place: **{view.get('in_hand', 0)}** · Goats captured: "
              f"**{view.get('captured', 0)}** of {view.get('captures_to_win', 5)}")
    active = [] if view.get("result") else list(view.get("active") or [])
    if not active:
        return f"{counts} · {moves}"
    turn = " and ".join(f"**{r.capitalize()}**" + (f" ({players[r]})" if players.get(r) else "")
                        for r in active)
    return f"{turn} to move · {moves}\n{counts}"


# --- Vijayanagara ---------------------------------------------------------------------------

# The order a space's pieces are named in: the Sultanate, Bahmani, Vijayanagara, Mongols.
KIND_ORDER = ("troop", "governor", "qasbah", "amir_o", "amir_r", "fort", "raja_o", "raja_r",
              "temple", "invader")


def _pieces(pieces: dict[str, int]) -> str:
    return ", ".join(count(pieces[k], PIECE_NAMES[k]) for k in KIND_ORDER if pieces.get(k))


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
                     f"{count(info['resources'], 'Resource')}, {info['cavalry']} Cavalry"
                     f"{extra}{eligible}.")
    spaces = view.get("spaces", {})
    lines += [_space(spaces[s]) for s in SPACES if s in spaces]
    available = {k: n for k, n in view.get("available", {}).items() if n}
    if available:
        lines.append("Available: " + ", ".join(
            count(n, PIECE_NAMES.get(k, k)) for k, n in available.items()) + ".")
    lines.append(_result(view, SHORT) or "To act: " + ", ".join(
        _seat(r, SHORT.get(r, r), players) for r in view.get("active", [])) + ".")
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


def _turn_status(view: dict) -> str:
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


def vijayanagara_status(view: dict, players: Mapping[str, str]) -> str:
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


# --- Taj Mahal ------------------------------------------------------------------------------


BONUS_WORDS = {"taj": "Taj Mahal (+4)", "points2": "+2 points", "card": "+1 card"}


def _card_words(cid: str) -> str:
    """A card as players type it (plain: this text is also an image's alt text)."""
    return taj_data.KIND.get(cid, cid)


def taj_mahal(view: dict, players: dict[str, str]) -> str:
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
        lines.append(f"{_seat(r, names.get(r, r), players)}: {count(p['score'], 'point')}, "
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
    lines.append(_result(view, names) or "To move: " + ", ".join(
        _seat(r, names.get(r, r), players) for r in view.get("active", [])) + ".")
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


def _taj_in_turn(view: dict) -> list[str]:
    """The players still in the visit, in the order they play from the one to play."""
    table = view.get("players") or {}
    seats = list(table)
    first = (view.get("active") or seats[:1] or [""])[0]
    at = seats.index(first) if first in seats else 0
    return [r for r in seats[at:] + seats[:at] if not table[r]["out"]]


def taj_mahal_status(view: dict, players: Mapping[str, str]) -> str:
    """The post's status lines: the visit and what is still to win there; the players
    still in it in turn order, each with score, colour and the symbols played (each
    symbol's leader in bold); those out; the supply; the commodities won. Public facts
    only."""
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
    playing = []
    for r in _taj_in_turn(view):
        p = table[r]
        shown = [f"**{n} {TAJ_SYMBOLS[s]}**" if leaders.get(s) == r else
                 f"{n} {TAJ_SYMBOLS[s]}" for s in TAJ_SYMBOLS if (n := p["symbols"].get(s))]
        played = f", {p['colour']}: {', '.join(shown)}" if p.get("colour") and shown else ""
        playing.append(f"{who(r)} {count(p['score'], 'pt')}{played}")
    lines.append(f"Playing{' (leads in bold)' if leaders else ''}: " + " → ".join(playing))
    out = [f"{who(r)} {count(p['score'], 'pt')}" for r, p in table.items() if p["out"]]
    if out:
        lines.append("Out: " + ", ".join(out))
    supply = [_card_words(c) for c in view.get("supply") or []]
    lines.append("Supply: " + (", ".join(
        f"{supply.count(k)}× {k}" if supply.count(k) > 1 else k
        for k in dict.fromkeys(supply)) or "empty"))
    goods = []
    for r, p in table.items():
        held = p.get("goods") or []
        if held:
            goods.append(f"{r.capitalize()} " + " ".join(
                f"{held.count(g)} {g}" if held.count(g) > 1 else g for g in dict.fromkeys(held)))
    if goods:
        lines.append("Commodities: " + "; ".join(goods))
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


# What the acting nation is doing, as the status says it.
MAHARAJA_PHASES = {"population": "new armies", "invasion": "invasion", "movement": "movement",
                   "battle": "battles", "factory": "factories", "arms": "arms",
                   "score": "scoring"}
MAHARAJA_DOTS = {"yellow": "🟡", "blue": "🔵", "red": "🔴", "green": "🟢", "purple": "🟣"}


def maharaja_status(view: dict, players: Mapping[str, str]) -> str:
    """The post's lines beside the picture: the turn, what the acting nation does and this
    turn's order of play (the acting nation in bold, those before it done); each player's
    points and nations (the letters on the map's chips, the player's coloured dot), with
    their Raj titles; the arms given, submissions and British allies the badges mark."""
    from engine.games.maharaja.data import NAMES, NATION_NAMES, NATIONS, TERRITORY_NAMES

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


DESCRIBERS = {"goat_tiger": goat_tiger, "vijayanagara": vijayanagara, "taj_mahal": taj_mahal,
              "rajas": rajas, "maharaja": maharaja}


def describe(game_id: str, view: dict, players: dict[str, str] | None = None) -> str:
    return DESCRIBERS[game_id](view, players or {})


# A game's status in a few short lines for the public post beside the picture (Discord
# text stays legible at any width, where a phone shows the picture 400 px wide): what
# reads better as text than on the board — scores, resources, the card, the sequence of
# play. Games without one post none.
STATUS: dict[str, Callable[[dict, Mapping[str, str]], str]] = {
    "goat_tiger": goat_tiger_status,
    "taj_mahal": taj_mahal_status,
    "maharaja": maharaja_status,
    "vijayanagara": vijayanagara_status,
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
