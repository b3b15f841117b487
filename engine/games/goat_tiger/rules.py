"""Rules of Aadu-Huli aata as a state machine of steps.

A Goat turn in the placing phase is one step (``place c3``). Every other turn
is two steps: ``select`` a piece, then ``to`` a point; a Tiger landing beyond
an adjacent Goat in a straight line captures it. The typed token of every step
is the point label, so a whole move reads ``c3 d3``.

Readings of the rulebook (5.5) that the text leaves open, stated in /rules:
- "A move that would return the game to the same state as the turn before
  last" is read as: a move may not recreate the position (pieces, side to
  move, Goats in hand) of two turns ago, i.e. undo a back-and-forth.
- A Goat side with no legal move loses (the rulebook only covers Tigers).
- Darbar addition, on by default: a position reached for the third time
  ends the game as a draw, so that no game can run forever.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.games.goat_tiger.data import (
    ADJ,
    CAPTURES_TO_WIN,
    GOATS,
    INDEX,
    JUMPS,
    LABELS,
    TIGER_START,
    N,
)
from engine.jsontree import clone_state
from engine.options import Option, with_defaults
from engine.rng import seed_state
from engine.steps import opening

ID = "goat_tiger"
NAME = "Aadu-Huli aata (Goat-Tiger)"
ROLES = ["goats", "tigers"]
ROLE_NAMES = {"goats": "Goats", "tigers": "Tigers"}
PLAYERS = (2, 2)
OPTIONS: dict[str, Option] = {
    "goats": {"type": "int", "default": GOATS, "min": 10, "max": 20,
              "help": "Goats in the supply (handicap)."},
    "threefold_draw": {"type": "bool", "default": True,
                       "help": "A position reached a third time is a draw."},
}

EMPTY, GOAT, TIGER = ".", "G", "T"
PIECE = {"goats": GOAT, "tigers": TIGER}
PIECE_NAME = {GOAT: "goat", TIGER: "tiger"}
POINTS_ARE = "Points are a, b1–b6, c1–c6, d1–d6 and e2–e5."

Move = tuple[int | None, int, int | None]  # (from, to, captured point)


# --- setup -----------------------------------------------------------------


def setup(seed: int, options: dict | None = None) -> dict:
    opts = _options(options or {})
    board = [EMPTY] * N
    for p in TIGER_START:
        board[p] = TIGER
    board_s = "".join(board)
    state = {
        "game": ID,
        "options": opts,
        "rng": seed_state(seed),
        "board": board_s,
        "to_move": "goats",
        "in_hand": opts["goats"],
        "captured": 0,
        "selected": None,
        "moves": 0,
        "positions": [_key(board_s, "goats", opts["goats"])],
        "last": None,
        "log": [f"{ROLE_NAMES['goats']} ({opts['goats']}) against three Tigers. Goats to place."],
        "result": None,
    }
    return state


def _options(options: dict) -> dict:
    return with_defaults(OPTIONS, options)


# --- move generation ---------------------------------------------------------


def _key(board: str, to_move: str, in_hand: int) -> str:
    return f"{board}{to_move[0]}{in_hand}"


def _raw_moves(board: str, side: str, in_hand: int) -> list[Move]:
    if side == "goats":
        if in_hand > 0:
            return [(None, p, None) for p in range(N) if board[p] == EMPTY]
        return [
            (p, q, None)
            for p in range(N)
            if board[p] == GOAT
            for q in ADJ[p]
            if board[q] == EMPTY
        ]
    moves: list[Move] = []
    for p in range(N):
        if board[p] != TIGER:
            continue
        moves.extend((p, q, None) for q in ADJ[p] if board[q] == EMPTY)
        moves.extend(
            (p, land, over)
            for over, land in JUMPS[p]
            if board[over] == GOAT and board[land] == EMPTY
        )
    return moves


def _play(board: str, side: str, move: Move) -> str:
    src, dst, over = move
    b = list(board)
    if src is not None:
        b[src] = EMPTY
    b[dst] = PIECE[side]
    if over is not None:
        b[over] = EMPTY
    return "".join(b)


def _after(state: dict, move: Move) -> tuple[str, str, int]:
    side = state["to_move"]
    board = _play(state["board"], side, move)
    in_hand = state["in_hand"] - (1 if move[0] is None else 0)
    return board, _other(side), in_hand


def _repeats(state: dict, move: Move) -> bool:
    """The rulebook's ban: no return to the position of two turns ago."""
    positions = state["positions"]
    return len(positions) >= 4 and _key(*_after(state, move)) == positions[-4]


def legal_moves(state: dict) -> list[Move]:
    """Every complete legal move for the side to move (empty once the game is over)."""
    if state["result"] is not None:
        return []
    raw = _raw_moves(state["board"], state["to_move"], state["in_hand"])
    return [m for m in raw if not _repeats(state, m)]


def _other(side: str) -> str:
    return "tigers" if side == "goats" else "goats"


# --- the contract ------------------------------------------------------------


def view(state: dict, role: str | None) -> dict:
    side = state["to_move"]
    over = state["result"] is not None
    active = [] if over else [side]
    v = {
        "game": ID,
        "active": active,
        "move": state["moves"],
        "log": list(state["log"]),
        "board": {LABELS[i]: PIECE_NAME[c] for i, c in enumerate(state["board"]) if c != EMPTY},
        "to_move": None if over else side,
        "in_hand": state["in_hand"],
        "captured": state["captured"],
        "captures_to_win": CAPTURES_TO_WIN,
        "selected": _label(state["selected"]),
        "last": state["last"],
        "result": state["result"],
        "prompt": "",
        "actions": {},
    }
    if role in active:
        v["prompt"], v["actions"] = prompt(state, side)
    return v


def prompt(state: dict, role: str) -> tuple[str, dict]:
    """What the side to move (``role``) is asked, and the steps it may take."""
    side = state["to_move"]
    name = ROLE_NAMES[side]
    moves = legal_moves(state)
    if side == "goats" and state["in_hand"] > 0:
        left = state["in_hand"]
        return (
            f"{name}: place a goat on an empty point ({left} left to place).",
            {"place": [LABELS[m[1]] for m in moves]},
        )
    movers = sorted({m[0] for m in moves if m[0] is not None})  # moves, not placements
    sel = state["selected"]
    piece = PIECE_NAME[PIECE[side]]
    if sel is None:
        verb = "move or leap with" if side == "tigers" else "move"
        return f"{name}: choose a {piece} to {verb}.", {"select": [LABELS[p] for p in movers]}
    dests = sorted(m[1] for m in moves if m[0] == sel)
    text = f"{name}: move the {piece} on {LABELS[sel]}"
    text += " (landing beyond a goat captures it)." if side == "tigers" else "."
    return text, {"to": [LABELS[p] for p in dests]}


def token(action: str, arg: object) -> str:
    return action if arg is None else str(arg)


def describe(action: str, arg: object) -> str:
    """A short button label for a step."""
    return {"place": f"Place {arg}", "select": f"{arg} …", "to": f"→ {arg}"}.get(
        action, token(action, arg)
    )


def parse_token(state: dict, role: str, tok: str) -> tuple[str, object]:
    """Map any point label to the step it would be, so that act() can say why
    it is refused when it is not legal. Once a piece is picked, every point is
    read as its destination (the reason then names what is in the way)."""
    tok = tok.strip().lower()
    if tok not in INDEX:
        raise IllegalAction(f"`{tok}` is not a point on the board. {POINTS_ARE}")
    if state["to_move"] == "goats" and state["in_hand"] > 0:
        return "place", tok
    if state["selected"] is None:
        return "select", tok
    return "to", tok


def explain_line(state: dict, role: str, words: list[str]) -> str | None:
    """The true reason a whole typed line is refused, where the step-by-step one
    would mislead: a Goat move (``from to``) typed while goats are still in hand is
    read as a placement followed by a stray point, but 5.5 lets Goats move only once
    all are placed. Longer lines are left alone: someone playing both sides may
    place and then move a tiger in one line."""
    words = [w.strip().lower() for w in words]
    placing = state["to_move"] == "goats" and state["in_hand"] > 0
    if (state["result"] is not None or role != "goats" or not placing or len(words) != 2
            or not all(w in INDEX for w in words)):
        return None
    empty = [w for w in words if state["board"][INDEX[w]] == EMPTY]
    example = f", such as `{empty[0]}`" if empty else ""
    return (
        f"Goats cannot move until all the goats are placed ({state['in_hand']} still in "
        f"hand): place one by typing a single empty point{example}."
    )


def act(state: dict, role: str, action: str, arg: object = None) -> dict:
    if isinstance(arg, str) and arg.strip().lower() in INDEX:
        arg = arg.strip().lower()  # a point as the prompt offers it, however it was typed
    opening(state, role, action, arg, names=ROLE_NAMES, active=[state["to_move"]],
            prompt=prompt, refused=_why)
    point = INDEX[str(arg)]
    if action == "select":
        new = _copy(state)
        new["selected"] = point
        return new
    src = state["selected"] if action == "to" else None
    move = _find(legal_moves(state), lambda m: m[0] == src and m[1] == point)
    assert move is not None  # offered, so legal
    return _finish(state, move)


def result(state: dict) -> dict | None:
    return state["result"]


def summary(state: dict) -> dict:
    """Public board facts: pieces by point label, side to move, counts, result."""
    return {
        "goats": sorted(LABELS[i] for i, c in enumerate(state["board"]) if c == GOAT),
        "tigers": sorted(LABELS[i] for i, c in enumerate(state["board"]) if c == TIGER),
        "to_move": None if state["result"] else state["to_move"],
        "in_hand": state["in_hand"],
        "captured": state["captured"],
        "moves": state["moves"],
        "result": state["result"],
    }


# --- applying ----------------------------------------------------------------


# The parts of a state that are lists or dicts of plain values (the board is a string).
FLAT = ("options", "positions", "log")


def _copy(state: dict) -> dict:
    return clone_state(state, FLAT)


def _finish(state: dict, move: Move) -> dict:
    side = state["to_move"]
    src, dst, over = move
    board, nxt, in_hand = _after(state, move)
    new = _copy(state)
    new["board"] = board
    new["to_move"] = nxt
    new["in_hand"] = in_hand
    new["selected"] = None
    new["moves"] = state["moves"] + 1
    key = _key(board, nxt, in_hand)
    new["positions"] = [*state["positions"], key]
    new["last"] = {"role": side, "from": _label(src), "to": LABELS[dst], "over": _label(over)}
    name = ROLE_NAMES[side]
    if src is None:
        new["log"].append(f"{name} place on {LABELS[dst]}.")
    elif over is None:
        new["log"].append(f"{name} move {LABELS[src]} → {LABELS[dst]}.")
    else:
        new["captured"] = state["captured"] + 1
        new["log"].append(
            f"{name} leap {LABELS[src]} → {LABELS[dst]} over {LABELS[over]}: goat captured "
            f"({new['captured']} of {CAPTURES_TO_WIN})."
        )
    new["result"] = _ending(new, key)
    if new["result"] is not None:
        new["log"].append(new["result"]["reason"])
    return new


def _ending(state: dict, key: str) -> dict | None:
    if state["captured"] >= CAPTURES_TO_WIN:
        return _win("tigers", f"The Tigers have captured {CAPTURES_TO_WIN} goats: Tigers win.")
    if not legal_moves(state):
        if state["to_move"] == "tigers":
            return _win("goats", "The Tigers are trapped: Goats win.")
        return _win("tigers", "The Goats have no legal move: Tigers win.")
    if state["options"]["threefold_draw"] and state["positions"].count(key) >= 3:
        return {
            "winners": [],
            "scores": {r: 0.5 for r in ROLES},
            "reason": "The same position has come up three times: the game is drawn.",
        }
    return None


def _win(side: str, reason: str) -> dict:
    return {"winners": [side], "scores": {r: int(r == side) for r in ROLES}, "reason": reason}


# --- refusals with reasons ----------------------------------------------------


def _why(state: dict, role: str, action: str, arg: object, acts: dict) -> str:
    """Why a step not offered now is refused: the word is no point, or the rule the
    step would break."""
    point = _point(arg)
    if action == "place":
        return _why_not_place(state, point)
    if action == "select":
        if state["selected"] is not None:
            return (f"You have already picked the {PIECE_NAME[PIECE[role]]} on "
                    f"{LABELS[state['selected']]}: choose where it goes, or undo to pick "
                    "another.")
        return _why_not_select(state, point)
    if action == "to":
        if state["selected"] is None:
            return "Choose the piece to move first."
        return _why_not_to(state, state["selected"], point)
    return f"`{action}` is not a step in this game."


def _point(arg: object) -> int:
    if isinstance(arg, str) and arg.strip().lower() in INDEX:
        return INDEX[arg.strip().lower()]
    raise IllegalAction(f"`{arg}` is not a point on the board. {POINTS_ARE}")


def _find(moves: list[Move], pred) -> Move | None:
    return next((m for m in moves if pred(m)), None)


def _occupant(state: dict, p: int) -> str:
    return PIECE_NAME[state["board"][p]]


def _holds(state: dict, p: int) -> str:
    return "is empty" if state["board"][p] == EMPTY else f"holds a {_occupant(state, p)}"


def _why_not_place(state: dict, p: int) -> str:
    if state["to_move"] != "goats":
        return "Only the Goats place pieces."
    if state["in_hand"] == 0:
        return "All the goats are on the board: move one instead (`from to`)."
    return f"{LABELS[p]} is taken by a {_occupant(state, p)}."


def _why_not_select(state: dict, p: int) -> str:
    side = state["to_move"]
    piece = PIECE_NAME[PIECE[side]]
    if side == "goats" and state["in_hand"] > 0:
        return f"Place all the goats before moving any ({state['in_hand']} left to place)."
    if state["board"][p] != PIECE[side]:
        return f"There is no {piece} on {LABELS[p]}: it {_holds(state, p)}."
    if any(m[0] == p for m in _raw_moves(state["board"], side, state["in_hand"])):
        return (
            f"Every move of the {piece} on {LABELS[p]} would recreate the position of two "
            "turns ago, which the rules forbid."
        )
    return f"The {piece} on {LABELS[p]} has nowhere to go."


def _why_not_to(state: dict, src: int, dst: int) -> str:
    """Why the picked piece cannot go to ``dst``, checked in the order a player
    would: is ``dst`` reachable at all (a step along a line, or for a tiger a
    straight leap), then is the leap over a goat, then is the point free, and
    last the ban on recreating the position of two turns ago (5.5)."""
    side = state["to_move"]
    piece = PIECE_NAME[PIECE[side]]
    if dst == src:
        return f"The {piece} is already on {LABELS[src]}: name the point it moves to."
    if dst in ADJ[src]:
        return _why_not_land(state, dst, leap=False)
    if side == "goats":
        return f"{LABELS[dst]} is not next to {LABELS[src]} along a line; goats move one step."
    over = next((o for o, land in JUMPS[src] if land == dst), None)
    if over is None:
        return (
            f"The tiger on {LABELS[src]} cannot reach {LABELS[dst]}: tigers move one step "
            "along a line, or leap over one goat to the empty point just beyond."
        )
    if state["board"][over] != GOAT:
        return (
            f"A tiger may leap from {LABELS[src]} to {LABELS[dst]} only over a goat, "
            f"and {LABELS[over]} {_holds(state, over)}."
        )
    return _why_not_land(state, dst, leap=True)


def _why_not_land(state: dict, dst: int, *, leap: bool) -> str:
    """A step or leap that does reach ``dst``: either the point is taken, or the move
    would recreate the position of two turns ago."""
    if state["board"][dst] != EMPTY:
        rule = ": a leap must land on an empty point" if leap else ""
        return f"{LABELS[dst]} is taken by a {_occupant(state, dst)}{rule}."
    return "That move would recreate the position of two turns ago, which the rules forbid."


def _label(p: int | None) -> str | None:
    return None if p is None else LABELS[p]
