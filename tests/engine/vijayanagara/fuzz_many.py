"""Run many fuzz games and print figures: python -m tests.engine.vijayanagara.fuzz_many 2000"""

from __future__ import annotations

import sys
import time
from collections import Counter

from tests.engine.vijayanagara.fuzz import play


def main(count: int) -> None:
    t0 = time.perf_counter()
    winners: Counter = Counter()
    steps_total = 0
    seen: set = set()
    for seed in range(count):
        deck = "by_hand" if seed % 10 == 9 else "darbar"
        options = {"timurs_shadow": seed % 3 == 0, "deck": deck}
        state, steps = play(seed, options=options, events=seen)
        steps_total += len(steps)
        winners[" & ".join(state["result"]["winners"])] += 1
    dt = time.perf_counter() - t0
    print(f"{count} games, {steps_total} steps, {dt:.1f} s "
          f"({steps_total / dt:.0f} checked steps/s); winners: {dict(winners)}; "
          f"Event sides carried out: {len(seen)} distinct (card, side) pairs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
