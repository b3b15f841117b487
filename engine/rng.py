"""The seeded generator that lives inside a game state.

Engines take every random choice from here (``next_u64``, ``randint``, ``roll``,
``shuffle``), never from ``random`` or the clock. Each call reads and advances
``state["rng"]``, a JSON value, so a state survives a JSON round trip and the same
seed, options and steps replay to the same game on any platform.

Two generators, chosen by the seed (and then recognisable by the state alone):

- A seed of 2**64 or more is a secret: every new game gets 256 random bits from
  ``secrets`` (``new_seed``). Its generator is BLAKE2b keyed with a 256-bit key
  derived from the seed, over a 64-bit counter: draw ``n`` is the little-endian
  integer of ``blake2b(n.to_bytes(8, "little"), key=key, digest_size=8)``. Outputs
  are a pseudorandom function of the counter, so no number of revealed cards or dice
  tells anything about the next ones. ``state["rng"]`` is ``{"key": hex, "n": n}``.
- A seed below 2**64 (every game stored before the secrets: their seeds are below
  2**31) keeps the old generator, splitmix64, whose whole state is the int in
  ``state["rng"]``. It is predictable from a few outputs, which is why new games never
  get such a seed; it stays so that old games and their snapshots replay exactly.

``seed_state(seed, domain)`` separates uses of one seed: the engine's stream
(``ENGINE``) and, e.g., the table's dealing of sides (``DEAL``) come from different
derived keys, so one stream's outputs say nothing of another's.
"""

from __future__ import annotations

import hashlib
import json
import secrets

MASK = (1 << 64) - 1
LEGACY_LIMIT = 1 << 64  # seeds below this keep splitmix64
SECRET_BITS = 256
ENGINE = "engine"  # the stream a game's setup() puts in state["rng"]
DEAL = "deal"  # the table's dealing of sides nobody chose


def new_seed() -> int:
    """A fresh secret seed for a new game: 256 bits from the OS's CSPRNG."""
    while True:
        seed = secrets.randbits(SECRET_BITS)
        if seed >= LEGACY_LIMIT:  # fails with chance 2**-192; keeps the rule exact
            return seed


def is_legacy(seed: int) -> bool:
    return seed < LEGACY_LIMIT


def derive_key(seed: int, domain: str) -> bytes:
    """The 256-bit key of ``seed``'s stream for ``domain``: BLAKE2b of the seed's shortest
    signed big-endian bytes, personalised with ``darbar/<domain>`` to keep domains apart."""
    data = seed.to_bytes((seed.bit_length() + 8) // 8, "big", signed=True)
    return hashlib.blake2b(data, digest_size=32, person=f"darbar/{domain}".encode()).digest()


def seed_state(seed: int, domain: str = ENGINE) -> int | dict:
    """The initial ``state["rng"]`` of ``seed``'s stream for ``domain``."""
    if domain == ENGINE and is_legacy(seed):
        return seed & MASK
    return {"key": derive_key(seed, domain).hex(), "n": 0}


def seed_of_seen(seen: object) -> int:
    """A 64-bit seed made of a JSON value and nothing else: for a computer's search, made of
    what its side sees, so that the same view always imagines the same hidden future."""
    digest = hashlib.blake2b(json.dumps(seen, sort_keys=True).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def stream(seed: int, domain: str) -> dict:
    """A stand-alone generator state (``{"rng": …}``) for uses outside a game state."""
    return {"rng": seed_state(seed, domain)}


# Keyed hashers by key: keying BLAKE2b hashes a whole key block, and copying a keyed
# hasher skips that and the hex decoding (about a third of a draw's time). A plain dict,
# emptied when full, costs less per draw than functools.lru_cache.
_KEYED: dict[str, hashlib.blake2b] = {}
_KEYED_MAX = 4096


def _keyed(key_hex: str) -> hashlib.blake2b:
    if len(_KEYED) >= _KEYED_MAX:
        _KEYED.clear()
    h = _KEYED[key_hex] = hashlib.blake2b(key=bytes.fromhex(key_hex), digest_size=8)
    return h


def next_u64(state: dict) -> int:
    """Advance ``state["rng"]`` and return the next 64-bit value."""
    r = state["rng"]
    if isinstance(r, int):
        return _splitmix64(state, r)
    key, n = r["key"], r["n"]
    h = (_KEYED.get(key) or _keyed(key)).copy()
    h.update(n.to_bytes(8, "little"))
    # A new dict rather than a mutation, like the legacy int: a state copied shallowly
    # (or a value kept by an undo barrier) never changes behind its holder's back.
    state["rng"] = {"key": key, "n": n + 1}
    return int.from_bytes(h.digest(), "little")


def _splitmix64(state: dict, x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & MASK
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
