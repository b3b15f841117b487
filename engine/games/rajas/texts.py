"""Player-facing texts for Rajas of the Ganges: the rules in short and by topic, in our own
words, with Darbar's readings and the reconstruction labelled."""

from __future__ import annotations

RULES_SUMMARY = (
    "**Rajas of the Ganges** (Inka & Markus Brand, 2017; rules in our words). 2–4 rajas race "
    "fame up one track and money down the other; the first whose markers meet ends the game "
    "when the stage is over, and the most fame spaces between passed markers wins.\n"
    "- Your turn: place a worker on a free space you can pay for, and act: `quarry` (a tile "
    "for dice of its colour, built into your province), `harbor` (a die of 1–3 moves your "
    "boat), the market (`assorted`, `silk`, `tea`, `spices`), the palace (`mogul` … "
    "`portuguese` for a die of 1 … 6, `swap-…`, `terrace-…`, `money`); or `pass` for the "
    "round.\n"
    "- Dice: `blue5` gives a blue 5; `blue2k` gives the blue 2 turned into a 5 with a karma. "
    "New dice roll at the end of your turn (`roll` sooner) — Yucata's rules; option "
    "`rules=printed`. More dice than Kali has free hands: `return-blue2` first, or `fewer`.\n"
    "- **Reconstruction**: the 64 tile faces, the province board, the river's order and the "
    "board's spaces are not public; Darbar's keep every known fact (data files with a "
    "validator). Topics: see below."
)

RULES_TOPICS = {
    "quarry": "**Building (quarry).** Pay the space's money, take a displayed tile, give up "
    "dice of its colour worth at least its cost (overpaying allowed), then place it in your "
    "province turned any way so that one of its roads meets a road joined to the residence "
    "(`b2-nes`: cell b2, roads north, east, south). Markets pay their value, buildings 2–4 "
    "fame each by your level for that building, then board-edge yields the roads reach.",
    "market": "**Market.** Assorted goods: the best market of each good, once; one per "
    "player a round with 3–4 players. Goods of one kind: give up any die and score up to "
    "that many markets of the space's good.",
    "palace": "**Palace.** Chambers for a die showing 1–6: Great Mogul (2 fame, start "
    "player), Dancer (2 dice and a white yield tile), Yogi (2 karma, a die), Raja Man Singh "
    "(an upgrade, 3 money), Master builder (build a dearer tile over one of yours, paying "
    "the difference; no edge yield again; Darbar's reading: the new tile scores as built), "
    "Portuguese (exactly 6 free river spaces, not in the last 6). Exchanges give one die "
    "for two of another colour; terraces a die; the 2-money space lets you reroll dice, "
    "each once.",
    "river": "**Harbor and river.** Give up a 1, 2 or 3 and move up to that many free "
    "spaces (occupied ones are skipped; Yucata lets you stop short); earn the space you stop "
    "on. Passing the bridge frees a worker. Darbar's river: 19 spaces, space 2 raises "
    "karma 2, the bridge after space 8.",
    "tracks": "**Tracks.** Fame 5 an upgrade, 15 a worker, 24 two karma, 31 the boat one "
    "space on; money 12 and 44 the boat on, 20 a worker, 33 and 55 two dice, each once in "
    "that order (the bonus marker). At most two extra workers. Fame stops at 60, money at "
    "120.",
    "end": "**End.** The markers meet when fame reaches the fame space level with the "
    "money marker (the money track has 2 spaces for each fame space); the players up to "
    "the start player place one more worker. Of those whose markers met, the most fame "
    "spaces past each other wins (both money spaces of a fame space count the same), a "
    "tie to the first whose markers met; the others place by the fame spaces still "
    "between their markers (`/score`). Darbar's readings: you may `pass` for the rest of "
    "a round; a round in which nobody can place ends the game, and so does round 40 (the "
    "closest markers win).",
    "dice": "**Dice and Kali.** Kali holds 10 dice (8 on its back). When you would get "
    "more dice than Kali has free hands, you choose before taking any: put dice of yours "
    "back into the supply (`return-blue2`) or take `fewer`. A colour the supply is out of "
    "cannot be taken.",
    "ganga": "**The Ganga module** (option `ganga=on`). Before play, the 8 river tiles are "
    "shuffled and laid down the river, each a die roll further on from the first space "
    "after the start, until the tiles or the river run out; the final space is never "
    "covered. A tile replaces the space's earning: dice per karma, three dice of named "
    "colours, the Dancer, Yogi or Raja for free, a market of one good (up to 3) or up to "
    "3 more river spaces.",
    "navaratnas": "**Navaratnas** (option `variant=navaratnas`). Everyone uses the "
    "province's back (minor yields and spaces for yield tiles: 2 brown, 3 yellow, 2 red on "
    "Darbar's board) and the Kali's back (8 dice); all 3 inactive workers can be won. Each "
    "player lays a brown tile dealt at the start on a brown space (with Mango Village the "
    "module's own brown tile, 3 money a village, is among them); the other yield tiles "
    "lie face up. At the dancer you take any yield tile for a free space of its colour "
    "instead of a white one. A yield tile pays when a road reaches its space. A player out "
    "of workers takes a yield tile instead whenever it would be their turn in a stage "
    "another player has a worker for (placed already or still to place). Mixed groups "
    "(option `advanced=red+white`): those players use both backs "
    "without yield tiles, up to 5 workers. The yellow and red tiles are Darbar's.",
    "mango": "**Mango Village** (option `mango=on`). A stack of 8 village tiles joins the "
    "display; a village is bought at the quarry with a double (two dice of one value, any "
    "colours; a karma may turn one) and pays the bonus in its corner when placed. The Mango "
    "Tree adds one action space (two with 3–4 players, one worker per player a round): "
    "score up to 2 of your villages again. A village is never built over, but the master "
    "builder may lay one over any other tile for another 5. With Navaratnas the module's "
    "yield tile (3 money for each village of yours) joins the brown ones. Darbar's "
    "readings: the villages' roads and bonuses (a reconstruction); the Mango Tree takes a "
    "worker only from a player with a village.",
    "reconstruction": "**Reconstruction.** Not public: the 64 tile faces, the province "
    "board's grid and yields, the river's spaces and bridge, the quarry, harbor, market and "
    "terrace layouts, the yellow and red yield tiles. Darbar's: 16 tiles a colour (snake "
    "1–4, cow 4–7, tiger 8–11, with a blue 7 and an orange 8), a 4 × 5 province with the "
    "residence top centre, the 19 river earnings of the rules' appendix, 37 worker spaces "
    "with 19 in the palace.",
}
