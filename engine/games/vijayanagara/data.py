"""Vijayanagara's components as data: the game's published components (what the rules,
the renderer and the words read: the map, the factions, the piece kinds with their names
and counts, the cards, the setup of RB 2.1), and what is wrong with a data file.

The map and the Event deck are reconstructions (``data/map.json``, ``data/cards.json``;
docs/sources.md says what is known and from where); a group owning the printed cards adds
a deck in ``data/decks/`` (decks.py). Every file is read once through ``FILES``, and
``python -m engine.games.vijayanagara [map.json cards.json my_deck.json]`` checks files
typed in from the printed game against every sourced fact.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

from engine import grammar
from engine.datafiles import DataFiles

DELHI, BAHMANI, VIJAYANAGARA, MONGOLS = "delhi", "bahmani", "vijayanagara", "mongols"
FACTIONS = [DELHI, BAHMANI, VIJAYANAGARA]
FACTION_NAMES = {
    DELHI: "Delhi Sultanate",
    BAHMANI: "Bahmani Kingdom",
    VIJAYANAGARA: "Vijayanagara Empire",
    MONGOLS: "Mongol Invaders",
}
SHORT = {DELHI: "Delhi", BAHMANI: "Bahmani", VIJAYANAGARA: "Vijayanagara", MONGOLS: "Mongols"}


# --- the sourced facts (docs/sources.md, "Vijayanagara") ----------------------------------
# The twelve Provinces: eleven named in the setup (RB 2.1), Orissa in RB 1.3.5.
PROVINCE_IDS = {
    "sindh", "rajput", "gujarat", "malwa", "jaunpur", "madhyadesh", "gondwana", "orissa",
    "maharashtra", "andhra", "karnataka", "tamilakam",
}
NORTH = ("delhi", "punjab", "passes")  # only Delhi Sultanate and Mongols enter (1.3.2, 1.3.3)
SPACE_KIND = {"delhi": "delhi", "punjab": "region", "passes": "region"}
PROSPERITY_TOTAL = 18  # every Province Tributary at setup and Delhi at 18 VP (RB 2.1, 5.1)
# Adjacent: RB 1.3.5, and the Mongols' route Passes - Punjab - Delhi (RB 3.5, 2.6).
TOUCHING = (("gondwana", "andhra"), ("madhyadesh", "orissa"), ("passes", "punjab"),
            ("punjab", "delhi"))
# Not adjacent: RB 1.3.5, and the two pairs the Vindhya Range keeps apart (RB 1.3.6).
APART = (("jaunpur", "punjab"), ("malwa", "gondwana"), ("madhyadesh", "jaunpur"))
VINDHYA = {"malwa", "jaunpur", "madhyadesh", "gondwana"}
PRINTED_TITLES = {15: "Uprising in Daulatabad", 17: "Sufi Shaikh Relocates"}
EVENT_CARDS, MONGOL_INVASIONS = 36, 8  # RB 1.2
SPECIAL_CARDS = {"succession": ["s1", "s2", "s3"], "timurid": ["t1", "t2"]}  # RB 2.5, 2.6


def check_map(m: dict) -> list[str]:
    """The 12 Provinces, Delhi, Punjab and the Mountain Passes, each named; Prosperity 1
    or 2 on each Province adding up to 18, 0 elsewhere; adjacency listed on both sides,
    keeping the rulebook's pairs, every space reachable and the Provinces reachable among
    themselves; the Vindhya Range touching the four spaces it lies between; each space's
    place on the drawing within 0-1."""
    out = []
    spaces = {s.get("id"): s for s in m.get("spaces", [])}
    ids = set(PROVINCE_IDS) | set(NORTH)
    if len(spaces) != len(m.get("spaces", [])) or set(spaces) != ids:
        out.append(f"the map needs these {len(ids)} spaces, each once: "
                   + ", ".join(sorted(ids)))
        return out
    for sid, s in spaces.items():
        if s.get("kind") != SPACE_KIND.get(sid, "province"):
            out.append(f"{sid} is a {SPACE_KIND.get(sid, 'province')}, not {s.get('kind')}")
        if not isinstance(s.get("name"), str) or not s["name"]:
            out.append(f"{sid} needs its printed name")
        xy = s.get("xy")
        if not (isinstance(xy, list) and len(xy) == 2
                and all(isinstance(v, int | float) and 0 <= v <= 1 for v in xy)):
            out.append(f"{sid} needs its place on the drawing, xy: two numbers from 0 to 1")
    worth = {sid: s.get("prosperity") for sid, s in spaces.items()}
    if any(worth[p] not in (1, 2) for p in PROVINCE_IDS):
        out.append("every Province has Prosperity 1 or 2")
    elif sum(worth[p] for p in PROVINCE_IDS) != PROSPERITY_TOTAL:
        out.append(f"the Provinces' Prosperity adds up to {PROSPERITY_TOTAL}, not "
                   f"{sum(worth[p] for p in PROVINCE_IDS)}")
    if any(worth[n] != 0 for n in NORTH):
        out.append("Delhi, Punjab and the Mountain Passes have Prosperity 0 (not Provinces)")
    adj = {sid: set(s.get("adjacent", [])) for sid, s in spaces.items()}
    for a, near in adj.items():
        for b in sorted(near):
            if b not in adj or b == a:
                out.append(f"{a} lists {b} as adjacent: not another space of the map")
            elif a not in adj[b]:
                out.append(f"{a} lists {b} as adjacent but {b} does not list {a}")
    out += [f"{a} and {b} are adjacent (the rulebook says so)" for a, b in TOUCHING
            if b not in adj[a]]
    out += [f"{a} and {b} are not adjacent (the rulebook says so)" for a, b in APART
            if b in adj[a]]
    if _reach("delhi", adj, ids) != ids:
        out.append("not every space can be reached from Delhi")
    if _reach("tamilakam", adj, PROVINCE_IDS) != PROVINCE_IDS:
        out.append("the Provinces do not all connect among themselves (Bahmani and "
                   "Vijayanagara move through Provinces only)")
    ridge = m.get("vindhya_range") or {}
    if set(ridge.get("touches", [])) != VINDHYA:
        out.append("the Vindhya Range touches " + ", ".join(sorted(VINDHYA)))
    if not (isinstance(ridge.get("xy"), list) and len(ridge["xy"]) == 2):
        out.append("the Vindhya Range needs its place on the drawing, xy")
    return out


def _reach(start: str, adj: dict[str, set[str]], allowed: set[str]) -> set[str]:
    seen, todo = {start}, deque([start])
    while todo:
        for b in adj.get(todo.popleft(), ()):
            if b in allowed and b not in seen:
                seen.add(b)
                todo.append(b)
    return seen


def check_deck(d: dict) -> list[str]:
    """What a game checks of a deck it opens with (decks.py): at least 24 Events, each
    with a number of its own, an order naming each faction once, a Stay Eligible flag and
    two well-formed Events."""
    out = []
    cards = d.get("events", [])
    if len(cards) < 24:
        out.append(f"a deck needs at least 24 Event cards, this one has {len(cards)}")
    if len({c.get("number") for c in cards}) != len(cards):
        out.append("card numbers repeat")
    for c in cards:
        n = c.get("number")
        if sorted(c.get("order", [])) != sorted(FACTIONS):
            out.append(f"card {n}: the order must name each faction once")
        if not isinstance(c.get("stay_eligible"), bool):
            out.append(f"card {n}: stay_eligible must be true or false")
        for side in ("unshaded", "shaded"):
            s = c.get(side)
            if s is not None:
                out.extend(check_effect(s.get("effect"), f"card {n} {side}"))
    return out


def check_cards(c: dict) -> list[str]:
    """Darbar's deck: a good deck of the 36 Events numbered 1-36, with the two printed
    titles whose numbers are known; 8 Mongol Invasion cards, each naming Bahmani or
    Vijayanagara, and what such a card does; the Succession cards s1-s3 and the Timurid
    cards t1-t2, each with a title and what it does."""
    out = check_deck(c)
    events = c.get("events", [])
    if sorted(e.get("number") for e in events if isinstance(e.get("number"), int)) != list(
            range(1, EVENT_CARDS + 1)):
        out.append(f"the deck holds the {EVENT_CARDS} Events numbered 1 to {EVENT_CARDS}")
    titles = {e.get("number"): e.get("title") for e in events}
    out += [f"card {n} is titled {t!r}" for n, t in PRINTED_TITLES.items()
            if titles.get(n) != t]
    mongols = c.get("mongol_invasion", [])
    if [x.get("id") for x in mongols] != [f"m{i}" for i in range(1, MONGOL_INVASIONS + 1)]:
        out.append(f"the Mongol Invasion cards are m1 to m{MONGOL_INVASIONS}")
    if any(x.get("faction") not in ("bahmani", "vijayanagara") for x in mongols):
        out.append("each Mongol Invasion card names Bahmani or Vijayanagara")
    if not isinstance(c.get("mongol_invasion_text"), str):
        out.append("mongol_invasion_text says, in short, what a Mongol Invasion card does")
    for key, want in SPECIAL_CARDS.items():
        have = c.get(key, [])
        if [x.get("id") for x in have] != want or not all(
                x.get("title") and x.get("text") for x in have):
            out.append(f"the {key} cards are {', '.join(want)}, each with a title and a text")
    return out


# --- the Event effect language: what a card's effect may say (docs/vijayanagara_events.md) ---
# Its words are checked here, with the files that hold them; effects.py carries them out.
FILTER_KEYS = {"spaces", "provinces", "tributary", "controlled_by", "has", "lacks",
               "adjacent_to", "near"}
OPS = {
    "place": {"piece", "count", "where", "rebelling", "per_space", "by"},
    "remove": {"piece", "count", "where", "by"},
    "move": {"piece", "count", "from", "to", "adjacent", "by"},
    "flip": {"piece", "to", "count", "where", "by"},
    "tributary": {"value", "count", "where", "by"},
    "resources": {"faction", "amount"},
    "cavalry": {"faction", "amount"},
    "influence": {"faction", "amount"},
    "command": {"faction", "command", "limited", "where", "optional", "ignore_dynasty"},
    "decree": {"faction", "decree", "optional"},
    "ineligible": {"faction"},
    "eligible": {"faction"},
}


def check_effect(effect, where: str = "effect") -> list[str]:
    """Problems in one side's effect; empty when it is well formed."""
    if effect == "manual":
        return []
    if not isinstance(effect, list):
        return [f"{where}: an effect is a list of ops or \"manual\""]
    errors = []
    for i, op in enumerate(effect):
        at = f"{where}[{i}]"
        name = op.get("op")
        if name not in OPS:
            errors.append(f"{at}: unknown op {name!r}")
            continue
        extra = set(op) - OPS[name] - {"op"}
        if extra:
            errors.append(f"{at}: {grammar.count(len(extra), 'unknown field')} {sorted(extra)}")
        for key in ("where", "from", "to") if name == "move" else ("where",):
            if key in op and (not isinstance(op[key], dict) or set(op[key]) - FILTER_KEYS):
                errors.append(f"{at}: bad filter {key}={op[key]!r}")
            for s in (op.get(key) or {}).get("spaces", []) + (op.get(key) or {}).get(
                    "adjacent_to", []):
                if s not in SPACES:
                    errors.append(f"{at}: unknown space {s!r}")
        for key in ("faction", "by"):
            if key in op and op[key] not in (*FACTIONS, "self"):
                errors.append(f"{at}: unknown faction {op[key]!r}")
        pieces = op.get("piece")
        for p in [pieces] if isinstance(pieces, str) else pieces or []:
            if p not in BOX_KINDS and p not in KINDS:
                errors.append(f"{at}: unknown piece {p!r}")
        count = op.get("count", 1)
        if not (count == "all" and name in ("remove", "flip")) and not (
                isinstance(count, int) and count > 0):
            errors.append(f"{at}: bad count {count!r}")
        if name == "command" and op.get("command") not in {
                c for cs in COMMANDS.values() for c in cs}:
            errors.append(f"{at}: unknown command {op.get('command')!r}")
        if name == "flip" and op.get("to") not in ("rebelling", "obedient"):
            errors.append(f"{at}: flip needs to=rebelling or to=obedient")
        if name == "decree" and op.get("decree") not in {
                d for ds in DECREES.values() for d in ds}:
            errors.append(f"{at}: unknown decree {op.get('decree')!r}")
    return errors


def _kind(doc: dict) -> str | None:
    """A file named otherwise, told by what it holds: a deck is checked as decks are."""
    return "map" if "spaces" in doc else "cards" if "succession" in doc else \
        "decks/by_hand" if "events" in doc else None


FILES = DataFiles(Path(__file__).parent / "data",
                  {"map": check_map, "cards": check_cards, "decks/by_hand": check_deck},
                  _kind)

# --- the published components ---------------------------------------------------------------

MAP = FILES["map"]
CARDS = FILES["cards"]

SPACES: list[str] = [s["id"] for s in MAP["spaces"]]
NAMES: dict[str, str] = {s["id"]: s["name"] for s in MAP["spaces"]}
KIND: dict[str, str] = {s["id"]: s["kind"] for s in MAP["spaces"]}
PROSPERITY: dict[str, int] = {s["id"]: s["prosperity"] for s in MAP["spaces"]}
ADJ: dict[str, tuple[str, ...]] = {s["id"]: tuple(s["adjacent"]) for s in MAP["spaces"]}
PROVINCES: list[str] = [s for s in SPACES if KIND[s] == "province"]

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
BOX_KINDS = ("troop", "governor", "qasbah", "amir", "fort", "raja", "temple", "invader")
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
# Each faction's Commands (3.0) and Decrees (4.0), as the Faction aid lists them.
COMMANDS = {
    DELHI: ["conscript", "march", "govern", "attack"],
    BAHMANI: ["rally", "migrate", "rebel", "attack"],
    VIJAYANAGARA: ["rally", "migrate", "rebel", "attack"],
}
DECREES = {
    DELHI: ["tribute", "campaign", "obedience"],
    BAHMANI: ["trade", "build", "conspire"],
    VIJAYANAGARA: ["tax", "build", "compel"],
}

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
# What the cards other than Events do, in short (the rulebook gives their effects in full):
# a Mongol Invasion card's text follows the name of the faction it names.
SPECIAL_TEXTS = {c["id"]: c["text"] for c in CARDS["succession"] + CARDS["timurid"]}
MONGOL_TEXT: str = CARDS["mongol_invasion_text"]


def adjacent(a: str, b: str) -> bool:
    return b in ADJ[a]


def may_enter(faction: str, space: str) -> bool:
    return space not in NORTH if faction in (BAHMANI, VIJAYANAGARA) else (
        faction == DELHI or space in NORTH
    )


def piece_may_enter(kind: str, space: str) -> bool:
    """Whether a piece of ``kind`` may stand in ``space``: Mongols only in the north."""
    owner = OWNER[kind]
    return space in NORTH if owner == MONGOLS else may_enter(owner, space)


def space_token(name: str) -> str | None:
    """Accept a space id or any unambiguous prefix of its id or printed name."""
    t = name.strip().lower().replace(" ", "")
    if t in NAMES:
        return t
    hits = [s for s in SPACES if s.startswith(t) or NAMES[s].lower().replace(" ", "").startswith(t)]
    return hits[0] if len(hits) == 1 else None
