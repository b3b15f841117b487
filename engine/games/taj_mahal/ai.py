"""A computer player for Taj Mahal. It sees only what its seat may see (its view: its own
hand and the table), and plays a greedy, sensible game: it values each prize still in the
court by what winning it now would score, plays the card that wins the most value, and
withdraws once it holds a prize worth having or can gain nothing more; it always plays
the +2 special card it holds, places palaces where they score most, and takes supply
cards of the colour it collects."""

from __future__ import annotations

from collections import Counter

from engine.games.taj_mahal import data
from engine.games.taj_mahal import rules as tm
from engine.games.taj_mahal.scoring import commodity_points, palace_points
from engine.steps import play_while

PRIZE_KEY = {"grand_mogul": "crown", "elephant": "province"}


def _counts(cards: list[str]) -> Counter:
    return Counter(s for c in cards for s in data.CARDS[c]["symbols"])


def _won(view: dict, role: str, extra: list[str]) -> list[str]:
    """The symbols whose prize ``role`` would win by withdrawing after playing ``extra``."""
    players = view["players"]
    mine = _counts(players[role]["played"] + extra)
    rivals = [_counts(p["played"]) for r, p in players.items() if r != role and not p["out"]]
    return [s for s in (*data.INFLUENCE, "grand_mogul", "elephant")
            if view["court"].get(PRIZE_KEY.get(s, s)) and mine[s] > 0
            and all(mine[s] > c[s] for c in rivals)]


def _value(view: dict, role: str, symbols: list[str]) -> float:
    """What winning these prizes now would score, roughly: palaces where they score most
    (the best empty cities, bonus tiles included), the crown palace, the province tile's
    commodities; a second tile of a kind also wins a special card."""
    me = view["players"][role]
    province = view["province"]
    palace_spots = sorted((_city_value(view, role, c, crown=False)
                           for c in data.CITIES_OF[province] if not view["palaces"].get(c)),
                          reverse=True)
    value = 0.0
    placed = 0
    for s in symbols:
        if s == "elephant":
            tile = data.TILES["province_tiles"][str(view["visit"])]
            value += commodity_points(me["goods"], tile)
        elif s == "grand_mogul":
            value += 0.5 + (0 if palace_spots and placed else 1.0)
        else:
            spot = palace_spots[placed] if placed < len(palace_spots) else 0
            # the first palace scores the province and its links; later ones their bonus
            value += spot if placed == 0 else max(spot - 1.0, 0.3)
            value += 1.2 if me["influence"][s] == 1 else 0  # a second wins a special card
            placed += 1
    return value


def _best_card(view: dict, role: str, cards: list[str]) -> tuple[float, str | None]:
    base = _value(view, role, _won(view, role, []))
    best: tuple[float, str | None] = (base, None)
    for c in cards:
        v = _value(view, role, _won(view, role, [c]))
        if v > best[0]:
            best = (v, c)
    return best


def choose(view: dict, role: str) -> tuple[str, object]:
    acts = view["actions"]
    hand = view["hand"]
    if "take" in acts:
        colours = Counter(data.CARDS[c]["colour"] for c in hand
                          if data.CARDS[c]["colour"] in tm.COLOURED)
        def want(c: str) -> float:
            card = data.CARDS[c]
            return (colours[card["colour"]] + (2.5 if card["colour"] == "white" else 0)
                    + 0.3 * card["symbols"].count("elephant"))
        return "take", max(acts["take"], key=want)
    if "city" in acts:
        return "city", max(acts["city"], key=lambda c: _city_value(view, role, c))
    if "done" in acts:  # a coloured card is down: add a white or special card, or not
        points, symbols = data.KIND["sp_points2"], (data.KIND["sp_elephant"],
                                                    data.KIND["sp_grand_mogul"])
        if points in acts.get("special", []):
            return "special", points
        extras = acts.get("white", []) + [s for s in acts.get("special", []) if s in symbols]
        gain, card = _best_card(view, role, extras)
        if card and gain > _value(view, role, _won(view, role, [])):
            return ("white" if data.CARDS[card]["colour"] == "white" else "special"), card
        return "done", None
    now = _value(view, role, _won(view, role, []))
    plays = acts.get("play", [])
    gain, card = _best_card(view, role, plays)
    alone = all(p["out"] for r, p in view["players"].items() if r != role)
    rich = len(hand) >= 5  # cards to spare: press for more
    if "withdraw" not in acts:  # a colour change is down: a card must go with it
        return "play", card or plays[0]
    if card and gain > now + 0.5 and (now < 3 or alone or (rich and gain >= now + 1.5)):
        return "play", card
    if now > 0 or not plays or len(plays) <= 1:
        return "withdraw", None
    if card:
        return "play", card
    return "withdraw", None


def _city_value(view: dict, role: str, city: str, crown: bool | None = None) -> float:
    """What a palace on ``city`` would score now: palace points and the bonus tile."""
    palaces = {c: list(o) for c, o in view["palaces"].items()}
    palaces.setdefault(city, []).append(role)
    value = palace_points(data.PROVINCE_OF, data.ROADS, palaces, role, view["province"])
    kind = view["bonus"].get(city)
    crown = "crown" in view["prompt"] if crown is None else crown
    if kind and not crown:
        me = view["players"][role]
        value += {"taj": 4, "points2": 2, "card": 1}.get(kind) or commodity_points(
            me["goods"], [kind])
    return value


def bot_steps(state: dict, role: str) -> list[tuple[str, object]]:
    """The steps of the computer's turn, each chosen from its own view only."""
    move = state["move"]
    return play_while(state, role, lambda s, r: choose(tm.view(s, r), r), tm.act,
                      lambda s: tm.active(s) == [role] and s["move"] == move)
