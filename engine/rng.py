"""The seeded PRNG that lives inside a game state.

The generator is splitmix64: one 64-bit integer of state, so it survives a
JSON round trip and replays identically on any platform. Engines must take
every random choice from here, never from ``random`` or the clock.
"""

MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return seed & MASK


def next_u64(state: dict) -> int:
    """Advance ``state["rng"]`` and return the next 64-bit value."""
    x = (state["rng"] + 0x9E3779B97F4A7C15) & MASK
    state["rng"] = x
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def randint(state: dict, n: int) -> int:
    """Uniform integer in [0, n)."""
    if n <= 0:
        raise ValueError("n must be positive")
    # Rejection sampling keeps the draw unbiased for any n.
    limit = MASK - (MASK % n)
    while True:
        v = next_u64(state)
        if v < limit:
            return v % n


def roll(state: dict, sides: int = 6) -> int:
    return randint(state, sides) + 1


def shuffle(state: dict, items: list) -> list:
    """Return a new list: a Fisher-Yates shuffle of ``items``."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = randint(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
