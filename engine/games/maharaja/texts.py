"""Player-facing texts for Maharaja: the rules in short and by topic, in our own words.
Each rule is marked by where it comes from: **R** for the rule remarks and errata of the
printed game, **D** for Darbar's fill where they are silent (Britannia's well-known
mechanics, or our own reading). The map, charts and victory cards are Darbar's
reconstruction."""

from __future__ import annotations

from engine.games.maharaja import board, data, scoring
from engine.games.maharaja import forces as f

RULES_SUMMARY = (
    "**Maharaja** (Avalon Hill 1994) — **Darbar's reconstruction** from the game's rule "
    "remarks: the printed map, charts and victory cards are not public, so ours keep every "
    "known fact and fill the rest (data files with a validator). Marks: **R** the remarks "
    "and errata, **D** Darbar's fill.\n"
    "- 16 turns, 1500 BC to AD 1800; 3–5 players (`options: players=4`), or the 3-player "
    "short game from turn 9 (`options: length=short`). Each colour guides several of the 17 "
    "nations. (R)\n"
    "- Each nation's turn, in the turn's order of play: population increase, arrivals, "
    "movement, battle, factories, arms, victory points. (R)\n"
    "- Move: a place (`delhi`), where to (`agra`), how many (`2`, or `2l` with the leader); "
    "`done` ends the movement. Battles follow: `fight`, `retreat-…`, `submit-…`, `ally-…`. "
    "Submission and alliance may be declared at any time. (R)\n"
    "- Most victory points after turn 16 win (R); tied players share the win (D).\n"
    "Topics: below."
)

RULES_TOPICS = {
    "movement": "**Movement.** R: armies move 2 areas, colonial armies (British, Dutch, "
    "French, Portuguese) 3, a group with its leader 3. Entering a hiland ends a move, "
    "except for a leader's group. An army entering a foe's area stops, unless its nation "
    "already has twice the foe's armies there (then the rest go on). No move between "
    "Malwa and Gondwana; Karnatak–Lanka is crossed in one move. Boats take an Indian "
    "nation through one sea area; only colonial armies stop at sea; passing a sea needs "
    "the permission of every colonial nation there (each other player is asked in turn, "
    "and one refusal refuses). A major invasion moves and fights twice. D: the players "
    "are asked in the nations' order (British, French, Dutch, Portuguese); an invasion "
    "moves between foreign areas like any areas; armies in India never go back off the "
    "map; an "
    "Indian army left at sea at the end of movement is lost; one player's nations pass "
    "through each other's areas but never share one: arrivals in such an area move on, and "
    "what stays at the end of movement is removed.",
    "stacking": "**Stacking.** R: 3 armies an area, 2 in a hiland; one leader's group is "
    "unlimited (4 in a hiland). Checked at the end of movement, no exception for new "
    "armies or retreats. Overpopulation, after the nation's turn: at most 2 armies for "
    "each area it holds (not colonial armies). Alexander, Timur and Abdali leave at the "
    "end of their nation's turn; Ashoka and Chandra at the start of the next game turn; "
    "the others at the start of their nation's next turn. D: the excess is removed from "
    "off the map and the seas first, then the largest stacks; seas and off-map areas have "
    "no limit.",
    "battle": "**Battle.** R: each army rolls a die a round. Hits: an Indian army or a "
    "factory on 5–6; a colonial army, or anything defending in a hiland, on 6. Colonial "
    "armies +1, an own leader +1, arms as a leader (+2 with one). A factory defends like "
    "an army, rolling a die each round, but never attacks; it falls after its armies. "
    "Attacking a factory alone, or colonial armies at sea, is optional; boats may attack "
    "colonial armies at sea and then go home. Retreats may be partial: each attacking army "
    "back to the area it came from, the defender to its own area or a vacant one not next "
    "to where the attack came from. Only colonial armies retreat to sea. D: a factory's "
    "die takes its nation's modifiers (colonial +1); which attacking armies fell is the "
    "attacker's choice when they fall back. D (Britannia): rounds "
    "go on until a side is gone or leaves; after each round the attacker, then the "
    "defender, chooses to fight on or fall back; battles are fought in map order; an "
    "attacker falls back only to an area no other nation holds; a factory left alone "
    "cannot fall back; boats whose home another nation has taken meanwhile are lost.",
    "population": "**Population.** R: one new army for 3 areas held, a hiland counting "
    "half; at most one new army an area where possible. Removals: 6 Mauryans at the start "
    "of turn 5, 8 Guptas at the starts of turns 8 and 9, 2 Greeks at the end of their "
    "turn 4, 2 Mughals at the end of their turn 11, 2 Afghans at the end of their turn 15. "
    "No increase: Mauryans in turn 5, Guptas after 7, Cholas after 9; Muslims count only "
    "South India from turn 12, Mughals in turns 15–16. Chola and Maratha reinforcements "
    "come into a vacant South-Indian area if they hold none (else not at all); British "
    "ones into the Indian Ocean. D: the remainder stays on the track; the owner chooses "
    "where removals fall.",
    "submission": "**Submission.** R: only the Sinhalese (1 area in Ceylon), Sikhs (1 in "
    "North India), Rajputs (≤2 in North India), Pandyas, Marathas and Muslims (≤2 in South "
    "India) and, from turn 11, the Mughals (≤2 in North India or 1 in South India, "
    "separately). At any time during the other nation's movement or battle; it lasts the "
    "turn and may be repeated; the submitter is free; the attacker must accept and leave "
    "at once; submitted areas count toward its Raj; in a major invasion it may pass "
    "through them. An invasion that submissions shut out of India moves on to a "
    "neighbouring foreign area as one force, without paying movement, and invades from "
    "there; if every way in is still shut, it attacks a submitter (The General 30-2). D: "
    "the free move goes only to a foreign area with a way in; the submission covers the "
    "areas in the territory named.",
    "alliance": "**Alliance with the British.** R: declared at any time, also while you "
    "decide something else (submitting to the British is one); the ally gives an army "
    "from the map, or its population marker, to the British Alliance Box; the British "
    "leave its areas and never fight it; they pass through allied areas and may build "
    "factories there. D: an alliance lasts the game; "
    "one player's nations do not ally with each other.",
    "factories": "**Factories.** R: only in Andhra, Bengal, Bijapur, Golconda, Gujarat, "
    "Karnatak, Kerala, Lanka, Maharashtra, Malabar, Orissa and Sind; up to 2 built and 1 "
    "removed in a colonial nation's factory phase; in its own area or a friendly one "
    "touching a sea where its armies are, with permission or by force; a factory stays "
    "beside any armies and falls after them. D: a vacant area needs no permission; another "
    "player's area needs theirs (asked in the game); counters: British 6, others 3.",
    "arms": "**Arms.** R: one marker a colonial nation, given or withdrawn in its arms "
    "phase to an Indian nation sharing an area with its factory while one of its armies "
    "is on land; it takes effect in that nation's population phase and acts as a leader.",
    "raj": "**Raj.** R: the Mauryans, Guptas, Muslims, Mughals and British, at the end of "
    "their turn: 9 areas Raja (1 VP), 18 Maharaja (2), 27 Maharajadhiraja (3), 36 "
    "Chakravartin (4), counting occupied and submitted areas; the British also count "
    "areas with their factory, allied and vacant areas; an area two of them claim counts "
    "for neither: a British factory beside a Muslim, Mughal or Gupta army (not allied) "
    "counts for nobody, beside another nation's army for the British (errata).",
    "victory": "**Victory points.** D: each nation's card (Darbar's) scores areas of a list "
    "or a territory it holds in the victory count of certain turns; colonial nations score "
    "coasts (seas their factories touch; Malabar and Golconda count one sea, the best). "
    "`/score` shows them. R: the most points after turn 16 win.",
    "nations": "**Nations and colours.** R (4 players): Yellow the Mauryans, Guptas, "
    "Sinhalese and Dutch; Blue the Harappans, Muslims, Afghans and Marathas. D: Red the "
    "Pandyas, Greeks, Rajputs, Sikhs and British; Green the Cholas, Mughals, Portuguese and "
    "French; the 3- and 5-player charts, the short game's own chart (it begins after the "
    "early nations have gone), the order of play and most arrivals.",
    "reconstruction": "**Darbar's reconstruction.** Known and kept: the 35 named land "
    "areas, Ceylon, Lahore–Agra not adjacent, the starting areas, the counter mix, the "
    "leaders, the removals and restrictions, the factory and coastal lists. Ours: the "
    "36th area (Vijayanagar), Tibet and Burma off the map, the hilands, every other "
    "border, the chart's other arrivals, the order of play and the victory cards. A "
    "server's operator who owns the printed game can put in theirs, and Darbar checks "
    "them.",
}


def score_report(state: dict) -> str:
    """Each colour's points, its nations' points and Raj titles, and what the nations in
    play score next (from the victory cards)."""
    t = state["turn"]
    lines = [f"**Victory points**, turn {t} of 16:"]
    for role in state["roles"]:
        mine = [n for n, c in state["control"].items() if c == role]
        parts = []
        for n in mine:
            pts = state["nation_vp"].get(n, 0)
            title = state["titles"].get(n)
            if pts or title:
                parts.append(f"{f.nation_name(n)} {pts}" + (f" ({title})" if title else ""))
        lines.append(f"- **{role.capitalize()}** {state['vp'][role]}: "
                     + (", ".join(parts) or "nothing yet"))
    if state["result"]:
        return "\n".join(lines)
    lines.append("Next counts (Darbar's cards):")
    for n in data.NATIONS:
        if not f.on_map(state, n):
            continue
        nxt = []
        for o in scoring.CARDS.get(n, []):
            later = [x for x in o["turns"] if x >= t]
            if not later:
                continue
            what = ("coasts" if o.get("coasts") else
                    data.TERRITORY_NAMES[o["territory"]] if "territory" in o else
                    ", ".join(board.name(a) for a in o["areas"]))
            nxt.append(f"{o['vp']}/area of {what} in turn {later[0]}" if not o.get("coasts")
                       else f"{o['vp']}/coast in turn {later[0]}")
        if n in scoring.RAJ_NATIONS:
            nxt.append("Raj each turn")
        if nxt:
            lines.append(f"- {f.nation_name(n)}: " + "; ".join(nxt))
    return "\n".join(lines)[:1990]
