"""Picture of a Rajas of the Ganges position, from the spectator view.

A phone shows a posted picture about 400 px wide, so the picture is 880 px wide (its
smallest text, 20 px, is 9 px there) and holds what a player looks at to choose a move;
fame, money, karma, workers, building levels and the order of play are the post's status
lines (renderer/rajas/words.py). Top to bottom:

- **Header**: the round, whose turn, the last log line (whole sentences).
- **River**: the start, 19 spaces with their earnings and the final space, in two rows
  (the bridge after 8); boats in player colours.
- **Worker spaces**: the quarry and harbor with their costs, the market, the palace's
  chambers, exchanges, terraces and the 2-money space, each taken one showing its
  worker's colour; Mango Village's tree and village stack.
- **Display**: the 12 stacks' top tiles by colour and back, with cost, roads and
  contents, and how many tiles are left under each; a tile taken this turn stays
  in its slot, marked "in hand", until it is placed.
- **Province** of the acting player (``/board`` can ask for anyone's): tiles with roads,
  the edge yields (struck through once taken); in the mover's own preview, the tile in
  hand on every cell it may go to, and a line of the turns it may take there.
- **Players**: each one's dice and karma.
- **Key**: every code the picture shows, in words.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import cast

from PIL import Image, ImageDraw

from engine.games.rajas import GAME as game
from engine.games.rajas import data, words
from engine.games.rajas.shown import PlayerShown, RajasView
from renderer.common import (
    Names,
    clean,
    encode_png,
    first,
    font,
    last_line,
    make_palette,
    note,
    outcome_line,
    outcome_title,
    recording,
    wrap,
)
from renderer.rajas.art import (
    BOLD,
    BUILDING,
    CREAM,
    DIE,
    EDGE,
    FLAT,
    FRAME,
    GOLD,
    MUTED,
    PANEL,
    PLAIN,
    PLAYER,
    SLOT,
    Sprite,
    code_text,
    die,
    ghost,
    key_lines,
    key_of,
    label_font,
    put_token,
    sprite,
    stamp,
    tile,
    tile_label,
    write,
)
from renderer.rajas.layout import (
    CELL,
    DIE_SIZE,
    DIE_STEP,
    HEADER,
    MARGIN,
    PLAYERS_X,
    RIVER,
    SPACE_R,
    TILE,
    WIDTH,
    Board,
    board,
    river_layer,
    river_xy,
)

ID = "rajas"
ROOM = WIDTH - 2 * MARGIN - 16  # a full-width line of text
LINE = 24  # the small text's line height


def layout() -> dict[str, tuple[int, int]]:
    """Pixel centre of every river space (``river0`` … ``river19``), under a header of
    one title line (a player name of 32 characters may take two: the rest moves down)."""
    return {f"river{i}": river_xy(i) for i in range(data.FINAL + 1)}


def _name(players: Names, role: str) -> str:
    given = clean((players or {}).get(role) or "")
    return f"{data.ROLE_NAMES.get(role, role)} ({given})" if given else \
        data.ROLE_NAMES.get(role, role)


def _board(view: RajasView) -> Board:
    lay = json.dumps(view.get("layout") or {}, sort_keys=True)
    return board(lay, "village-mango" in (view.get("display") or {}))


# --- the tile in hand ----------------------------------------------------------------------

_BY_WORDS: dict[str, list[str]] = {}
for _tid in data.TILES:
    _BY_WORDS.setdefault(words.tile_words(_tid), []).append(_tid)


def held_tile(view: RajasView) -> str | None:
    """The tile the acting player took this turn and has not placed yet (paying for it,
    or choosing its cell), read from the log: "Red takes the blue 7 (tea 2, fort)." """
    who = first(view.get("active"))
    if who is None:
        return None
    name = data.ROLE_NAMES.get(who, who)
    placed = {t for p in (view.get("players") or {}).values() for c in p["cells"].values()
              for t in (c["tile"], c.get("under"))}
    for line in reversed(view.get("log") or []):
        if line.startswith((f"{name} sends a worker", "Round ")):
            return None
        if line.startswith(f"{name} takes the "):
            said = line[len(f"{name} takes the "):].rstrip(".")
            said = said.split(" to build over ")[0]
            free = [t for t in _BY_WORDS.get(said, []) if t not in placed]
            return free[0] if free else None
    return None


# --- the header ----------------------------------------------------------------------------


def _title(view: RajasView, players: Names) -> str:
    result = view.get("result")
    if result:
        return outcome_title(result, [_name(players, w) for w in result.get("winners", [])])
    who = (view.get("active") or [""])[0]
    title = f"Round {view.get('round')}: {_name(players, who)} to play"
    return title + (" (last stage)" if view.get("end") else "")


@lru_cache(maxsize=64)
def _log_lines(text: str | None) -> tuple[str, ...]:
    """The last log line in at most two lines: whole sentences, as many as fit (the round's
    first line also lists every die, which the picture shows)."""
    if not text:
        return ()
    text = text.replace("`", "")  # a typed name is inline code in Discord, plain here
    lines = wrap(text, PLAIN, ROOM)
    sentences = re.split(r"(?<=\.)\s+", text)
    k = len(sentences)
    while len(lines) > 2 and k > 1:
        k -= 1
        lines = wrap(" ".join(sentences[:k]), PLAIN, ROOM)
    return tuple(lines if len(lines) <= 2 else wrap(text, PLAIN, ROOM, max_lines=2))


def _title_lines(view: RajasView, players: Names) -> tuple[tuple[str, ...], int]:
    return _title_fit(_title(view, players))


@lru_cache(maxsize=64)
def _title_fit(title: str) -> tuple[tuple[str, ...], int]:
    """The title in one line at the largest size that fits, or (a very long name) in two
    at 22 px."""
    size = next((k for k in (30, 28, 26, 24, 22) if font(k, bold=True).getlength(title) <= ROOM),
                0)
    return ((title,), size) if size else (tuple(wrap(title, font(22, bold=True), ROOM)), 22)


def _header(img: Image.Image, view: RajasView, players: Names) -> None:
    result = view.get("result")
    heads, size = _title_lines(view, players)
    f = font(size, bold=True)
    y = 10 if len(heads) == 1 else 8
    for line in heads:
        write(img, (MARGIN + 8, y), line, f, GOLD if result else CREAM)
        y += 38 if len(heads) == 1 else 30
    last = last_line(view.get("log"))
    for line in _log_lines(outcome_line(result, last) if result else last):
        write(img, (MARGIN + 8, y + 2), line, PLAIN, MUTED)
        y += LINE


def _header_height(view: RajasView, players: Names) -> int:
    """The title's line (two for a very long name) and two log lines."""
    heads, _ = _title_lines(view, players)
    return HEADER if len(heads) == 1 else HEADER - 40 + 30 * len(heads)


# --- the board -----------------------------------------------------------------------------


def _boats(img: Image.Image, view: RajasView) -> None:
    d = ImageDraw.Draw(img)
    at: dict[int, list[str]] = {}
    for r, p in (view.get("players") or {}).items():
        at.setdefault(p["boat"], []).append(r)
    for pos, roles in at.items():
        x, y = river_xy(pos)
        x0 = x - 8 * len(roles)
        for k, role in enumerate(roles):
            d.rectangle((x0 + 16 * k, y - SPACE_R - 20, x0 + 16 * k + 13, y - SPACE_R - 4),
                        fill=PLAYER[role], outline=EDGE if role != "black" else CREAM)


def _workers(img: Image.Image, view: RajasView, g: Board) -> None:
    used = view.get("used") or {}
    for s in g.spaces:
        taken = used.get(s.kind) or []
        if s.index < len(taken):
            x0, _, x1, y1 = s.box
            put_token(img, ((x0 + x1) / 2, y1 - 14), taken[s.index], 10)


def _display(img: Image.Image, view: RajasView, g: Board, held: str | None) -> None:
    shown = view.get("display") or {}
    sizes = view.get("stack_sizes") or {}
    d = ImageDraw.Draw(img)
    for ci, colour in enumerate(data.COLOURS):
        for bi, back in enumerate(data.BACKS):
            key = f"{colour}-{back}"
            x, y = g.tile_xy(ci, bi)
            tid = shown.get(key)
            if tid is None and held and data.stack_of(held) == key:
                tile(held, tuple(data.TILES[held]["roads"]), TILE).put(img, (x, y))
                d.rectangle((x - 3, y - 3, x + TILE + 2, y + TILE + 2), outline=GOLD, width=3)
                stamp(img, (x + TILE + 8, y + 62), "in hand", BOLD, GOLD)
            elif tid:
                tile(tid, tuple(data.TILES[tid]["roads"]), TILE).put(img, (x, y))
            stamp(img, (x + TILE + 8, y + 36), f"{sizes.get(key, 0)} left", PLAIN, MUTED)
    if g.village:  # Mango Village: its stack's top tile, bought with a double
        x, y = g.village
        tid = shown.get("village-mango")
        if tid:
            tile(tid, tuple(data.TILES[tid]["roads"]), CELL).put(img, (x, y))
        elif held and data.TILES[held]["colour"] == "village":
            tile(held, tuple(data.TILES[held]["roads"]), CELL).put(img, (x, y))
            stamp(img, (x + CELL + 10, y + 58), "in hand", BOLD, GOLD)
        stamp(img, (x + CELL + 10, y + 6), "villages", BOLD, CREAM)
        stamp(img, (x + CELL + 10, y + 32), f"{sizes.get('village-mango', 0)} left", PLAIN,
              MUTED)


def _turns(view: RajasView) -> dict[str, list[str]]:
    """The mover's own preview: the cells the tile in hand may go to, and turned how."""
    ways: dict[str, list[str]] = {}
    for tok in (view.get("actions") or {}).get("cell") or []:
        where, _, roads = str(tok).partition("-")
        ways.setdefault(where, []).append(roads)
    return ways


def _province(img: Image.Image, view: RajasView, g: Board, role: str | None,
              held: str | None) -> None:
    if role is None or role not in (view.get("players") or {}):
        return
    p = view["players"][role]
    top = g.province_top
    put_token(img, (MARGIN + 22, top + 22), role, 10)
    stamp(img, (MARGIN + 38, top + 22), f"{data.ROLE_NAMES.get(role, role)}'s province",
          font(22, bold=True), CREAM, "lm")
    levels = " ".join(f"{BUILDING[b]}{2 + n}" for b, n in p["upgrades"].items())
    stamp(img, (PLAYERS_X - 22, top + 22), f"buildings {levels}", PLAIN, MUTED, "rm")
    ways = _turns(view)
    lay = data.PROVINCE
    for cell in lay["cells"]:
        box = g.cell_box(cell)
        placed = p["cells"].get(cell)
        if cell in ways:
            if held:
                ghost(held, CELL - 2).put(img, box[:2])
            else:
                ImageDraw.Draw(img).rectangle(box, outline=GOLD, width=4)
            stamp(img, ((box[0] + box[2]) / 2, box[1] + 10), cell, BOLD, GOLD, "mt")
        elif placed:
            tile(placed["tile"], tuple(placed["roads"]), CELL - 2).put(img, box[:2])
        else:
            stamp(img, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), cell, BOLD,
                  (150, 140, 150), "mm")
    _yields(img, p, g)


def _yields(img: Image.Image, p: PlayerShown, g: Board) -> None:
    d = ImageDraw.Draw(img)
    taken = set(p.get("yields", []))
    for (cell, side), edge in data.PROVINCE["edges"].items():
        x0, y0, x1, y1 = g.cell_box(cell)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        xy, anchor = {"N": ((cx, y0 - 16), "mm"), "S": ((cx, y1 + 16), "mm"),
                      "W": ((x0 - 8, cy), "rm"), "E": ((x1 + 8, cy), "lm")}[side]
        code = edge.get(p.get("side", "basic")) or ""
        laid = (p.get("slots") or {}).get(f"{cell}{side}")
        if laid:  # a yield tile laid on a Navaratnas space
            code = laid.split("-", 1)[1]
        if not code:
            continue
        done = f"{cell}{side}" in taken
        colour = MUTED if done else SLOT.get(code[5:], GOLD) if code.startswith("slot_") \
            else GOLD
        bx0, by0, bx1, by1 = stamp(img, xy, code_text(code), BOLD, colour, anchor)
        if done:
            d.line((bx0 - 2, (by0 + by1) / 2, bx1 + 2, (by0 + by1) / 2), fill=MUTED, width=2)


def _players(img: Image.Image, view: RajasView, g: Board) -> None:
    rows = list((view.get("players") or {}).items())
    active = set(view.get("active") or [])
    top, bottom = g.province_top + 6, g.key_top - 12
    step = min(130, (bottom - top) // max(1, len(rows)))
    d = ImageDraw.Draw(img)
    for i, (r, p) in enumerate(rows):
        y = top + i * step
        if r in active:
            d.rounded_rectangle((PLAYERS_X + 3, y - 2, WIDTH - MARGIN - 3, y + step - 6), 8,
                                outline=GOLD, width=3)
        put_token(img, (PLAYERS_X + 18, y + 16), r, 9)
        stamp(img, (PLAYERS_X + 32, y + 16), data.ROLE_NAMES.get(r, r), BOLD, CREAM, "lm")
        stamp(img, (WIDTH - MARGIN - 10, y + 16), f"karma {p['karma']}", PLAIN, MUTED, "rm")
        for k, (c, v) in enumerate(p["dice"][:12]):
            die(c, v, DIE_SIZE).put(img, (PLAYERS_X + 8 + (k % 6) * DIE_STEP,
                                          y + 32 + (k // 6) * DIE_STEP))


# --- below the board: the turns of the tile in hand, and the key -----------------------------


def _placing_lines(view: RajasView, held: str | None) -> tuple[str, ...]:
    """The mover's own preview: the tile in hand and every way to place it, as typed."""
    return _placing(tuple(str(t) for t in (view.get("actions") or {}).get("cell") or []), held)


@lru_cache(maxsize=64)
def _placing(tokens: tuple[str, ...], held: str | None) -> tuple[str, ...]:
    if not tokens:
        return ()
    what = f"the {words.tile_words(held)}" if held else "the tile"
    return tuple(wrap(f"Place {what}: " + " ".join(tokens), BOLD, ROOM))


def _key_entries(view: RajasView, role: str | None) -> tuple[str, ...]:
    codes = list(view.get("river") or [])
    p = (view.get("players") or {}).get(role or "")
    if p:
        side = p.get("side", "basic")
        codes += [e.get(side) or "" for e in data.PROVINCE["edges"].values()]
        codes += [t.split("-", 1)[1] for t in (p.get("slots") or {}).values()]
    entries = {k for c in codes if c for k in key_of(c)}
    tiles = [*(view.get("display") or {}).values(),
             *(c["tile"] for q in (view.get("players") or {}).values()
               for c in q["cells"].values())]
    villages = [t for t in tiles if t and data.TILES[t]["colour"] == "village"]
    entries |= {k for t in villages for k in key_of(data.TILES[t]["bonus"])}
    return tuple(sorted(entries | {"tiles", "spaces"} | ({"village"} if villages else set())))


@lru_cache(maxsize=16)
def _key(entries: tuple[str, ...]) -> Sprite:
    lines = key_lines(entries, ROOM)

    def draw() -> Image.Image:
        img = Image.new("RGB", (WIDTH, 8 + LINE * len(lines)), FRAME)
        for k, line in enumerate(lines):
            stamp(img, (MARGIN + 8, 4 + k * LINE), line, PLAIN, MUTED)
        return img
    return sprite(draw)


# --- the picture -----------------------------------------------------------------------------


def _body(img: Image.Image, view: RajasView, g: Board, role: str | None, held: str | None,
          placing: tuple[str, ...], key: Sprite) -> None:
    """Everything below the header."""
    g.layer.put(img, (0, 0))
    river_layer(tuple(view.get("river") or data.RIVER["spaces"])).put(img, (0, RIVER[1]))
    _boats(img, view)
    _workers(img, view, g)
    _display(img, view, g, held)
    _province(img, view, g, role, held)
    _players(img, view, g)
    for k, line in enumerate(placing):
        stamp(img, (MARGIN + 8, g.key_top + 2 + k * LINE), line, BOLD, GOLD)
    key.put(img, (0, g.key_top + (8 + LINE * len(placing) if placing else 0)))


def draw(view: RajasView, players: Names = None, province_of: str | None = None) -> Image.Image:
    g = _board(view)
    role = province_of or first(view.get("active")) or first(
        (view.get("result") or {}).get("winners"))
    held = held_tile(view)
    placing = _placing_lines(view, held)
    key = _key(_key_entries(view, role))
    below = (8 + LINE * len(placing) if placing else 0)
    dy = _header_height(view, players) - HEADER
    if dy:  # a long name takes a second title line: the board moves down
        img = Image.new("RGB", (WIDTH, g.key_top + below + key.image.height + dy), FRAME)
        with recording() as body:
            _body(img, view, g, role, held, placing, key)
        img.paste(img.crop((0, HEADER, WIDTH, img.height - dy)), (0, HEADER + dy))
        img.paste(FRAME, (0, HEADER, WIDTH, HEADER + dy))
        for d in body:
            x0, y0, x1, y1 = d.box
            note(d.text, d.px, (x0, y0 + dy, x1, y1 + dy), info=d.info)
    else:
        img = Image.new("RGB", (WIDTH, g.key_top + below + key.image.height), FRAME)
        _body(img, view, g, role, held, placing, key)
    _header(img, view, players)
    return img


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    sample = cast(RajasView, game.view(game.setup(1, {"players": 4}), None))
    with recording():  # a specimen: its texts are no picture's
        specimen = draw(sample)
    return make_palette([specimen], [*FLAT, (150, 140, 150), (48, 44, 50)])


def warm() -> None:
    palette()
    for n in (2, 3, 4):
        _board(cast(RajasView, game.view(game.setup(1, {"players": n}), None)))


def render(view: RajasView, players: Names = None, province_of: str | None = None) -> bytes:
    return encode_png(draw(view, players, province_of), palette())


__all__ = ["DIE", "ID", "PANEL", "PLAYER", "WIDTH", "draw", "held_tile", "label_font",
           "layout", "palette", "render", "tile_label", "warm"]
