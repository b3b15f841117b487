"""Player-facing texts: the rules in short and by topic (in our own words), and the score
as it stands. Like the public view, these show no hand and no deck."""

from __future__ import annotations

from engine.games.taj_mahal import rules as tm
from engine.grammar import count

RULES_SUMMARY = (
    "**Taj Mahal** (Reiner Knizia, 2000; rules in our words). 3–5 players win palaces, "
    "commodities and favour at the court over 12 visits, one a province.\n"
    "- Your turn: play one coloured card (your first one's colour binds you for the visit) "
    "plus at most one white or special card, or `withdraw`.\n"
    "- Withdrawing, you win each court prize whose symbol you now show more of than every "
    "player still in the visit: Vizier/General/Monk/Princess a tile and a palace on an empty "
    "city here, Grand Mogul the crown and a crown palace, Elephant the province tile.\n"
    "- You score bonus tiles, then the province tile's commodities, then palaces (1 plus 1 per "
    "province linked by roads and your palaces); then take 2 cards from the supply.\n"
    "- End: 1 point per special card, white card and card of your most common colour in hand. "
    "Most points wins; tied players share the win (Darbar's reading).\n"
    "- **Reconstruction**: the printed board's cities and roads, the province tiles' "
    "commodities, the bonus tile mix and the 21st card of each colour are not public; "
    "Darbar's keep every known fact (data files an owner can correct).\n"
    "Type a turn, e.g. `red-vizier-general white-monk`, or `withdraw agra agra3 "
    "yellow-monk-princess`; `/hand` shows your cards. Topics: see below."
)

RULES_TOPICS = {
    "turn": "**A turn.** Play exactly one coloured card (red, yellow, green or violet) and, "
    "if you like, one white card or one special card with it; or withdraw. The colour of "
    "your first coloured card in a visit binds you until you withdraw. Typed: the card's "
    "name, e.g. `violet-monk-elephant`, then `white-vizier` or `done`.",
    "withdraw": "**Withdrawing.** Compare the symbols you played this visit with each player "
    "still in it: strictly more Vizier, General, Monk or Princess wins that tile and a palace "
    "on an empty city of the province; more Grand Mogul the crown and a crown palace on any "
    "city (it may share one; no bonus tile); more Elephant the province tile. Then discard "
    "your played cards (specials return to your hand) and take 2 cards from the supply. "
    "Withdrawing without playing first draws a card from the deck.",
    "scoring": "**Scoring at withdrawal, in order.** Bonus tiles (+4 Taj Mahal, +2, a card, or "
    "a commodity: 1 plus 1 per matching commodity you hold), then the province tile (1 per "
    "commodity plus 1 per match), then palaces: 1 for this province plus 1 per other province "
    "linked to your palaces here by roads through your own palaces (a city with two palaces "
    "links for both).",
    "special": "**Special cards.** Two identical influence tiles at the end of a visit trade "
    "for a special card, taken from whoever holds it: General `special-elephant` (+1 "
    "Elephant), Vizier `special-mogul` (+1 Grand Mogul), Princess `special-2points` (+2 "
    "points), Monk `special-colour` (a free colour change for one turn; played first, then "
    "a coloured card of any colour). Which tile gives which is Darbar's reading for two of "
    "them. Played like a white card; kept after use.",
    "visits": "**Visits.** Twelve, in the order of the province tiles; Agra (tile 12) is "
    "last. Each visit the court is refilled, the crown returns, the start player moves on "
    "and a face-up supply of 2n−1 cards is laid out (n players), the 12th visit included. "
    "The last player left may play on as long as they like.",
    "end": "**Game end.** After the 12th visit each player scores 1 point per special card, "
    "white card and card of their most common colour in hand. Most points wins; the rules "
    "name no tie-break, so Darbar lets tied players share the win.",
    "hidden": "**What is secret.** Your hand, and cards you draw from the deck, are yours "
    "alone: see them with `/hand` or your panel. Everyone sees the supply, what each player "
    "played this visit, the court, the board, scores and how many cards each holds.",
    "reconstruction": "**Reconstruction.** The printed board (49 cities, roads, 16 "
    "fortresses), the commodities on each province tile, the mix of bonus tiles and the 21st "
    "card of each colour are not public. Darbar ships its own: 11 provinces of 4 cities and "
    "Agra's 5, Agra a fortress, 23 commodity icons, at least two tea bonus tiles, the known "
    "symbol counts. A server's operator who owns the printed game can put in the "
    "real values.",
}


def score_report(state: dict) -> str:
    """Scores as they stand, and what each player has won; hands only as a count."""
    view = tm.view(state, None)
    lines = [f"**Scores after {view['visit'] - (0 if view['result'] else 1)} of "
             f"{tm.VISITS} visits**"]
    palaces: dict[str, int] = {}
    for owners in view["palaces"].values():
        for r in owners:
            palaces[r] = palaces.get(r, 0) + 1
    for r, p in sorted(view["players"].items(), key=lambda x: -x[1]["score"]):
        tiles = ", ".join(f"{n} {s}" for s, n in p["influence"].items() if n)
        specials = [tm.named(c) for c, holder in view["specials"].items() if holder == r]
        goods = ", ".join(f"{p['goods'].count(g)} {g}" for g in dict.fromkeys(p["goods"]))
        parts = [count(palaces.get(r, 0), "palace"), f"{count(p['hand'], 'card')} in hand"]
        parts += [x for x in (tiles and f"tiles: {tiles}", goods and f"goods: {goods}",
                              specials and "special: " + ", ".join(specials)) if x]
        lines.append(f"- {tm.ROLE_NAMES[r]}: **{p['score']}** ({'; '.join(parts)})")
    if not view["result"]:
        lines.append("Cards in hand score at the end: 1 each for special and white cards "
                     "and the most common colour.")
    return "\n".join(lines)
