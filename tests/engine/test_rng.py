"""The seeded generator: old games replay exactly as before, new games draw from a
256-bit secret through a keyed hash whose outputs say nothing of the next ones."""

from __future__ import annotations

import json

from engine import games, rng

# Recorded with the code of before 256-bit secrets (splitmix64 on the seed): every game
# stored until then has a seed below 2**31 and must keep its deck, dice and draws.
LEGACY_SEED = 1234
LEGACY_DECK = [
    "e28", "m6", "m5", "e21", "e2", "e29", "e8", "s1", "m1", "e1", "m7", "e12", "e20", "e7",
    "e5", "e33", "s2", "m2", "e35", "e16", "e14", "m4", "e27", "e26", "e31", "s3", "e18",
    "e23", "e22", "t1", "e19", "t2", "e30", "e34",
]
LEGACY_OUT = ["e4", "e10", "e3", "e24", "e36", "e11", "e17", "e6", "e25", "e13", "e15", "e32",
              "m3", "m8"]


def test_old_seeds_keep_their_vijayanagara_deck_and_dice():
    state = games.get("vijayanagara").setup(LEGACY_SEED, {})
    assert (state["current"], state["deck"], state["out"]) == ("e9", LEGACY_DECK, LEGACY_OUT)
    assert state["rng"] == 4840042183113175696  # what old snapshots hold: a plain int
    dice = {"rng": LEGACY_SEED}
    assert [rng.roll(dice) for _ in range(12)] == [2, 3, 5, 4, 4, 6, 5, 6, 4, 6, 4, 6]
    assert dice["rng"] == 7681369315911521742
    zero = {"rng": 0}  # splitmix64's published first outputs for seed 0
    assert [rng.next_u64(zero) for _ in range(3)] == [
        16294208416658607535, 7960286522194355700, 487617019471545679]
    assert rng.shuffle({"rng": 99}, list(range(10))) == [2, 8, 1, 7, 6, 4, 5, 9, 0, 3]
    assert json.loads(json.dumps(state)) == state
