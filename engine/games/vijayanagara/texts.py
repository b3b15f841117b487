"""Player-facing texts: short rule summaries by topic (in our own words, with the
rulebook's section numbers), the current card, the score as it stands, and what the
winner's victory means once the game is over."""

from __future__ import annotations

from engine.games.vijayanagara import cards, decks, events
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.data import FACTION_NAMES, FACTIONS, SHORT

RULES_SUMMARY = (
    "**Vijayanagara** (GMT 2023; rules in our words). Delhi Sultanate, Bahmani Kingdom and "
    "Vijayanagara Empire compete over India, 1290-1398, until Timur invades Delhi.\n"
    "- Each card, the Eligible factions act in the card's order (2.3): `cmd` Command + Decree, "
    "`command` Command only or `event`, `limited` one-space Command, or `pass`.\n"
    "- Commands: Delhi `conscript` `march` `govern` `attack`; Bahmani and Vijayanagara "
    "`rally` `migrate` `rebel` (Tughlaq Dynasty only) `attack`; 1 Resource per space.\n"
    "- Decrees: Delhi `tribute` `campaign` `obedience`; Bahmani `trade` `build` `conspire`; "
    "Vijayanagara `tax` `build` `compel`.\n"
    "- Victory (5.0): Delhi scores Tributary Prosperity and fights Timur at the end; the others "
    "score Prosperity they Control, Forts/Temples and Influence. Ties go to Resources.\n"
    "- **Reconstructions**: the printed map's adjacency and Prosperity and the printed Event "
    "cards are not public. Darbar's map respects every known fact, and its 36 Events are "
    "its own, drawn from the history of 1290-1398. Owners of the printed cards can play them "
    "by hand with option `deck=<name>`.\n"
    "- **The computer** (`opponent: the computer`, `fill_with_computer`, `/game reassign "
    "computer:`) is Darbar's own player, not the printed Non-Player rules: it plays any "
    "faction from what that faction sees (`/rules topic:computer`). Not with a by-hand deck.\n"
    "Type a turn as tokens, e.g. `cmd conscript delhi tamilakam done decree tribute` "
    "(every word a turn takes: `/rules topic:typing`)."
)

RULES_TOPICS = {
    "typing": "**Typed turns.** A step is one word; a turn is steps separated by spaces. "
    "A space is its name or any unambiguous start of it (`delhi`, `passes`, `punjab`, "
    "`malwa`, `tamilakam`, …).\n"
    "- On an Event card (2.3.3): `cmd` (Command + Decree), `command` (Command only), "
    "`event`, `limited` (one space), `pass`. With `cmd`, `decree` takes the Decree first or "
    "after the Command.\n"
    "- Commands: Delhi `conscript` `march` `govern` `attack`; Bahmani and Vijayanagara "
    "`rally` `migrate` `rebel` `attack`. Then a space at a time (1 Resource each) and `done`; "
    "after Conscript or Rally a number places fewer there (`conscript delhi 3`).\n"
    "- March / Migrate into a space: a space the units come from, then one number per kind "
    "of piece (Troops then Governors; Obedient then Rebelling); `shift` buys Migrate's "
    "Influence shift; `done` ends that destination.\n"
    "- Govern: `governor`, or `amir_o` / `raja_o` and/or `qasbah`; `done`.\n"
    "- Attack: the defending faction if there is a choice, a support space or `alone`, and "
    "numbers for the supporters. Battle (1.10): `charge2` (lower your die 2 by one), "
    "`screen1` (remove their die 1), `ready`; losses as `kind@space`, e.g. `troop@malwa`.\n"
    "- Decrees: Delhi `tribute` `campaign` `obedience`; Bahmani `trade` `build` `conspire`; "
    "Vijayanagara `tax` `build` `compel`. Campaign: the start space, `take`, `drop`, "
    "numbers, up to three adjacent spaces, `done`. Conspire / Compel: a Province, the piece "
    "(`governor`, `raja_o`, `raja_r`), then `obedient` / `rebelling` / `none`; Compel "
    "`place`, `from` a space, `remove` a piece, `done`.\n"
    "- Event (2.3.4): `unshaded` or `shaded`, then its prompts: a space or `kind@space`, a "
    "Command's spaces, `skip` for optional parts. A by-hand deck's Event: `place fort "
    "gujarat`, `remove troop malwa`, `move troop malwa gujarat`, `flip amir_o maharashtra`, "
    "`resources delhi +1`, `influence vijayanagara +1`, `ineligible bahmani`, `command "
    "delhi attack`, `cancel`, `done`, and the like.\n"
    "- Mongols (2.4): `amass`, `advance` (`passes` or `punjab`, then a number), `plunder` "
    "(a space); then `gifts` or `decline`. Succession (2.5): `campaign` / `skip`, `limited` "
    "/ `skip`, a number of Cavalry; Lords of the Deccan `bahmani+` `bahmani-` "
    "`vijayanagara+` `vijayanagara-`, `done`.\n"
    "- At any time (1.5.2): `give`, a faction, `resources` or `cavalry`, an amount "
    "(`cancel` backs out).\n"
    "Example, Delhi's Command + Decree: `cmd conscript delhi tamilakam done decree tribute`. "
    "Autocomplete (`/play move:`) offers every legal next word.",
    "sequence": "**Sequence of Play (2.3).** Each Event card lists the factions in order. Every "
    "Eligible faction in that order picks one of: Command + Decree, or Event / Command only "
    "(each of these two forks once per card), a Limited Command (one space; stays Eligible), "
    "or Pass (+3 Resources for Delhi, +1 for the others; stays Eligible). Factions that took a "
    "fork are Ineligible on the next card, unless the Event they took says Stay Eligible.",
    "commands": "**Commands (3.0).** Pick spaces one by one, 1 Resource each, each space once, "
    "each piece used once. Delhi: Conscript, March, Govern, Attack (3.2). Bahmani: Rally, "
    "Migrate, Rebel, Attack (3.3). Vijayanagara: Rally, Migrate, Rebel, Attack (3.4). Rebel "
    "only under the Tughlaq Dynasty (2.7).",
    "decrees": "**Decrees (4.0).** Taken with a Command, before or after it. Delhi: Collect "
    "Tribute, Campaign, Demand Obedience. Bahmani: Trade, Build (Fort), Conspire. "
    "Vijayanagara: Tax, Build (Temple), Compel. Conspire and Compel grow stronger at Influence "
    "2 (4.3.3, 4.4.3); Trade gives more Cavalry with Influence (4.3.1).",
    "attack": "**Attack (3.2.4, 3.3.4, 3.4.4).** The attacker rolls 4 dice (3 against a Bahmani "
    "Fort, or Mongols in Delhi), the defender 2. Each die at or under your number of Units "
    "in the fight hits (a 6 always misses). Qasbah, Fort and Temple spaces let Units next "
    "door join. Both sides remove their own losses. Bahmani against Vijayanagara: the side "
    "losing fewer gains Influence, the other loses it.",
    "cavalry": "**Cavalry (1.10).** Ten tokens in all. After the dice, the attacker then the "
    "defender may spend tokens: Charge lowers one of your dice by one, Screen removes one of "
    "the opponent's dice unless it shows a 1. Mongols always have one free Charge.",
    "control": "**Tributary and Control (1.6, 1.7).** Provinces start Tributary and are never "
    "Controlled while Tributary. An Independent Province is Controlled by a faction with more "
    "pieces there than all others together. Amirs in a Bahmani Province and Rajas in a "
    "Vijayanagara Province are always Rebelling (1.4.5).",
    "influence": "**Deccan Influence (1.9).** Bahmani and Vijayanagara each have a track 0-4. "
    "Units waiting on the track join the Available box when the marker reaches them, and "
    "must be put back when it falls below. Influence counts as victory points.",
    "mongols": "**Mongol Invasions (2.4, 3.5).** The faction named on the card makes two Mongol "
    "Commands: Amass (3 Invaders into the Mountain Passes), Advance (towards Delhi), Attack "
    "and Plunder (fight, then Delhi loses Resources and Troops). Then it may take Compromising "
    "Gifts: -1 Influence for 2 Resources and 2 Cavalry.",
    "succession": "**Succession (2.5).** Zenith of the Delhi Sultanate (Tughlaq Dynasty, "
    "Rebel allowed), Rise of the Rebel Sultans (free Limited Commands and gains), Lords of the "
    "Deccan (pay 3 Resources to shift Influence, up to 3 times each) come at fixed places.",
    "timur": "**Timur (2.6).** The first Timurid card brings half the Available Invaders into "
    "the Mountain Passes. The second is Timur's invasion: battles in the Passes, in Punjab, "
    "then in Delhi until one side is gone. Then the game ends.",
    "victory": "**Victory (5.0).** Delhi: Prosperity of Tributary Provinces, plus 3 minus the "
    "Invaders left in Delhi after Timur (at least -3). Bahmani and Vijayanagara: Prosperity "
    "of Provinces they Control, plus Forts / Temples on the map, plus Influence. Ties go to "
    "Resources; factions tied on both share the victory, or with option "
    "`tiebreak=goat_tiger` play for it (`/rules topic:tiebreak`).",
    "tiebreak": "**The Goat-Tiger tiebreak (5.0, 5.5), option `tiebreak=goat_tiger`.** "
    "Factions still tied on victory points and Resources after Timur play a game of "
    "Aadu-Huli aata; its winner takes the game. Darbar opens it in the game's channel "
    "between the people seated for the tied factions (the computer plays a computer's "
    "faction), each side drawn at random from the game's own generator; the Goats move "
    "first. The Vijayanagara game waits meanwhile, and its result names the winner.\n"
    "Darbar's readings: three factions tied play two games in turn (two drawn at random, "
    "then the winner against the third, sides drawn again); a Goat-Tiger game that ends "
    "without a winner (a draw by repetition, both sides resigned by one person, or "
    "aborted) breaks no tie, and those it left tied share the victory.",
    "computer": "**The computer (Darbar's own).** The printed Non-Player booklet (1.5.1) is "
    "not public, so Darbar's computer is a search of its own, built from the victory "
    "conditions (5.0) and each faction's means. It weighs every choice of the Sequence of "
    "Play, each Command and Decree, each side of an Event and the Mongols' Commands by "
    "playing them through to the end of the action, and each step inside by what it "
    "starts (a March, an Attack and its battle): the worth of a position is its victory "
    "points and what its pieces promise (Tributaries a rival could Rebel in, Provinces "
    "thinly held, the army against Timur), less its rivals'. It sees what its faction "
    "sees: the cards to come and the dice are drawn anew for its look ahead. It gives "
    "Resources (20 or more) and Cavalry (over 4) it cannot use to the leader's rival "
    "(1.5.2). It cannot carry out Events by hand, so a by-hand deck keeps people on every "
    "seat.",
    "data": "**Reconstructions.** The printed map's adjacency and Prosperity and the printed "
    "Event cards are not public. Darbar's map is rebuilt from real geography and keeps every "
    "fact the rulebook states. Its 36 Events are its own, drawn from the history of "
    "1290-1398. Owners of the printed deck can play it by hand (option `deck=<name>`).",
}


def card_report(state: dict) -> str:
    info = cards.card_info(state, state["current"])
    lines = []
    if info:
        if info["kind"] == "event":
            order = " → ".join(SHORT[f] for f in info["order"])
            stay = " · **Stay Eligible**" if info["stay_eligible"] else ""
            lines.append(f"**Card {info['number']}: {info['title']}** ({info['year']}) — "
                         f"order {order}{stay}")
            history = decks.events(state)[info["number"]].get("history")
            if history:
                lines.append(f"*{history}*")
            for side in ("unshaded", "shaded"):
                text = events.text(state, info["number"], side) or (
                    "carried out by hand" if side in info["sides"] else "no effect")
                lines.append(f"- {side.capitalize()}: {text}")
        else:
            lines.append(f"**{info['title']}**")
    played = [cards.card_title(state, c) for c in state["played"]]
    lines.append(f"Played ({len(played)}): " + (", ".join(played[-12:]) or "none")
                 + (" …" if len(played) > 12 else ""))
    succ = [c for c in state["deck"] if c[0] == "s"]
    lines.append(f"Cards left in the deck: {len(state['deck'])}; Succession cards to come: "
                 f"{len(succ)}.")
    if state["options"]["deck"] == "darbar":
        lines.append("_Darbar's own Event deck: a reconstruction, not the printed cards._")
    return "\n".join(lines)


def score_report(state: dict) -> str:
    vp = pc.victory_points(state)
    lines = ["**Victory points as they stand (5.0)**"]
    for f in sorted(FACTIONS, key=lambda x: (-vp[x], -state["resources"][x])):
        parts = {
            "delhi": f"Tributary Prosperity {pc.tributary_prosperity(state)}"
            + (f", Timur {state['timur_bonus']:+d}" if state["result"] else ""),
            "bahmani": f"Provinces {pc.controlled_prosperity(state, f)}, Forts "
            f"{pc.structures_on_map(state, f)}, Influence {state['influence'].get(f, 0)}",
            "vijayanagara": f"Provinces {pc.controlled_prosperity(state, f)}, Temples "
            f"{pc.structures_on_map(state, f)}, Influence {state['influence'].get(f, 0)}",
        }[f]
        lines.append(f"- {SHORT[f]}: **{vp[f]}** ({parts}; {state['resources'][f]} Resources)")
    if state["result"] is None:
        lines.append("Delhi adds 3 minus the Invaders left in Delhi once Timur has come.")
    return "\n".join(lines)


# The rulebook reads each faction's victory as history (RB 5.4, "Narrative outcomes").
# These are Darbar's paraphrases of those readings, in its own words (never the
# rulebook's text): the result post tells the winner's (docs/vijayanagara.md).
VICTORY_READINGS = {
    "delhi": "The Sultanate's decline was slowed: Delhi held out against the Mongol "
    "invaders and the southern provinces went on paying for its army, though its hold on "
    "the Deccan looks no surer for it.",
    "bahmani": "The Bahmani sultans turned Delhi's own governors against it, made the most "
    "of their early lead in the arts of war to take more land, and grew influential "
    "enough to draw settlers and scholars from far away.",
    "vijayanagara": "The southern empire grew on a large population and a thriving economy, "
    "its influence reached far, and its founding legends passed into the religious lore "
    "of the whole Deccan.",
}


def result_story(state: dict) -> str | None:
    """What the winners' victory means (``VICTORY_READINGS``); a shared one, each
    winner's reading after its name. None while the game goes on."""
    result = state["result"]
    if not result or not result["winners"]:
        return None
    winners = result["winners"]
    if len(winners) == 1:
        return (f"**What the {FACTION_NAMES[winners[0]]}'s victory means** (after the "
                f"rulebook, 5.4): {VICTORY_READINGS[winners[0]]}")
    return "**What the shared victory means** (after the rulebook, 5.4): " + " ".join(
        f"{FACTION_NAMES[f]}: {VICTORY_READINGS[f]}" for f in winners)
