"""The map (a reconstruction, see map.json), piece kinds and faction facts as tables."""

from __future__ import annotations

import json
from pathlib import Path

_HERE = Path(__file__).parent
MAP = json.loads((_HERE / "map.json").read_text())
CARDS = json.loads((_HERE / "cards.json").read_text())

SPACES: list[str] = [s["id"] for s in MAP["spaces"]]
NAMES: dict[str, str] = {s["id"]: s["name"] for s in MAP["spaces"]}
KIND: dict[str, str] = {s["id"]: s["kind"] for s in MAP["spaces"]}
PROSPERITY: dict[str, int] = {s["id"]: s["prosperity"] for s in MAP["spaces"]}
ADJ: dict[str, tuple[str, ...]] = {s["id"]: tuple(s["adjacent"]) for s in MAP["spaces"]}
PROVINCES: list[str] = [s for s in SPACES if KIND[s] == "province"]
NORTH = ("delhi", "punjab", "passes")  # only Delhi Sultanate and Mongols enter (1.3.2, 1.3.3)

DELHI, BAHMANI, VIJAYANAGARA, MONGOLS = "delhi", "bahmani", "vijayanagara", "mongols"
FACTIONS = [DELHI, BAHMANI, VIJAYANAGARA]
FACTION_NAMES = {
    DELHI: "Delhi Sultanate",
    BAHMANI: "Bahmani Kingdom",
    VIJAYANAGARA: "Vijayanagara Empire",
    MONGOLS: "Mongol Invaders",
}
SHORT = {DELHI: "Delhi", BAHMANI: "Bahmani", VIJAYANAGARA: "Vijayanagara", MONGOLS: "Mongols"}

# Piece kinds as stored per space. Amirs and Rajas carry their orientation.
UNIT_KINDS = {
    DELHI: ("troop", "governor"),
    BAHMANI: ("amir_o", "amir_r"),
    VIJAYANAGARA: ("raja_o", "raja_r"),
    MONGOLS: ("invader",),
}
STRUCTURE = {DELHI: "qasbah", BAHMANI: "fort", VIJAYANAGARA: "temple"}
KINDS = (
    "troop", "governor", "qasbah", "amir_o", "amir_r", "fort",
    "raja_o", "raja_r", "temple", "invader",
)
OWNER = {k: f for f, ks in UNIT_KINDS.items() for k in ks} | {v: k for k, v in STRUCTURE.items()}
# Available-box key of a kind (orientation does not matter off the map).
BOX = {k: k[:-2] if k.endswith(("_o", "_r")) else k for k in KINDS}
PIECE_NAMES = {
    "troop": "Troop", "governor": "Governor", "qasbah": "Qasbah",
    "amir_o": "Obedient Amir", "amir_r": "Rebelling Amir", "amir": "Amir", "fort": "Fort",
    "raja_o": "Obedient Raja", "raja_r": "Rebelling Raja", "raja": "Raja", "temple": "Temple",
    "invader": "Mongol Invader",
}
TOTALS = {
    "troop": 32, "governor": 5, "qasbah": 5, "amir": 18, "fort": 5,
    "raja": 22, "temple": 5, "invader": 12,
}
CAVALRY_TOKENS = 10
MAX_RESOURCES = 24
# Influence slots: level -> units waiting there at setup (1.9, 2.1).
SLOTS = {BAHMANI: {2: 2, 4: 2}, VIJAYANAGARA: {1: 2, 2: 2, 3: 2, 4: 2}}
SLOT_UNIT = {BAHMANI: "amir", VIJAYANAGARA: "raja"}

SETUP_PIECES = {
    "delhi": {"troop": 4},
    "passes": {"troop": 2},
    "punjab": {"troop": 4},
    "malwa": {"troop": 3, "governor": 1},
    "jaunpur": {"troop": 2},
    "madhyadesh": {"troop": 2, "amir_o": 2},
    "sindh": {"troop": 1},
    "rajput": {"troop": 1},
    "gujarat": {"troop": 1, "amir_o": 1},
    "maharashtra": {"amir_o": 4},
    "gondwana": {"amir_o": 1},
    "andhra": {"troop": 1, "qasbah": 1, "raja_o": 2},
    "karnataka": {"raja_o": 3},
    "tamilakam": {"troop": 1, "raja_o": 1},
}
SETUP_AVAILABLE = {
    "troop": 10, "governor": 4, "qasbah": 4, "amir": 6, "fort": 5,
    "raja": 8, "temple": 5, "invader": 12,
}
SETUP_RESOURCES = {DELHI: 12, BAHMANI: 6, VIJAYANAGARA: 7}
PASS_RESOURCES = {DELHI: 3, BAHMANI: 1, VIJAYANAGARA: 1}

EVENTS = {c["number"]: c for c in CARDS["events"]}
MONGOL_CARDS = {c["id"]: c for c in CARDS["mongol_invasion"]}
SPECIAL_TITLES = {c["id"]: c["title"] for c in CARDS["succession"] + CARDS["timurid"]}


def adjacent(a: str, b: str) -> bool:
    return b in ADJ[a]


def may_enter(faction: str, space: str) -> bool:
    return space not in NORTH if faction in (BAHMANI, VIJAYANAGARA) else (
        faction == DELHI or space in NORTH
    )


def space_token(name: str) -> str | None:
    """Accept a space id or any unambiguous prefix of its id or printed name."""
    t = name.strip().lower().replace(" ", "")
    if t in NAMES:
        return t
    hits = [s for s in SPACES if s.startswith(t) or NAMES[s].lower().replace(" ", "").startswith(t)]
    return hits[0] if len(hits) == 1 else None
