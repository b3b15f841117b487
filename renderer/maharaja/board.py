"""Picture of a Maharaja position, from the spectator view, made to be read on a phone:
800 px wide, shown about 400 wide in a chat column, every information text 18 px or more.

- **Header**: the turn, which nation acts and whose it is; the last log line.
- **Map** (Darbar's reconstruction, ``renderer.maharaja.map``): every land and off-map
  area as a named box, borders as lines, the seas; a key to the symbols in the Bay of
  Bengal.
- **Pieces** (``renderer.maharaja.pieces``): armies as chips with the nation's letters
  and count in its player's colour, with badges for a leader, arms, a submission and an
  alliance with the British; factories as houses with their nation's initial; a gold
  frame round the area being fought over.

The players' points and nations, the order of play and what the badges stand for in
detail are in the post's status lines (``renderer/maharaja/words.py``, ``status``).
"""

from __future__ import annotations

from typing import cast

from PIL import Image, ImageDraw

from engine.games.maharaja import GAME as game
from engine.games.maharaja.shown import MaharajaView
from renderer.common import (
    Names,
    encode_png,
    fit,
    kept_palette,
    label,
    last_line,
    make_palette,
    outcome_line,
    outcome_title,
    recording,
)
from renderer.common.animation import Painted
from renderer.maharaja.map import POS, H, W, background
from renderer.maharaja.marks import draw_arrows, draw_key, draw_marks, lost_by_place
from renderer.maharaja.pieces import draw_pieces, layout_pieces
from renderer.maharaja.since import changes
from renderer.maharaja.style import CREAM, FLAT, GOLD, MUTED, log_font, title_font

ID = "maharaja"
WIDTH, HEIGHT = W, H


def layout() -> dict[str, tuple[int, int]]:
    return dict(POS)


def _name(players: Names, role: str) -> str:
    person = (players or {}).get(role)
    return f"{role.capitalize()} ({person})" if person else role.capitalize()


def header_title(view: MaharajaView, players: Names) -> str:
    """Who won; or the turn, the nation whose turn it is, and the player asked now."""
    from engine.games.maharaja import data

    result = view.get("result")
    if result:
        return outcome_title(result, [_name(players, w) for w in result.get("winners", [])])
    nation = view.get("nation")
    who = (view.get("active") or [""])[0]
    return f"Turn {view['turn']} ({view['year']}): " + (
        f"the {data.NATION_NAMES[nation]} — {_name(players, who)}" if nation
        else _name(players, who))


def _header(img: Image.Image, view: MaharajaView, players: Names,
            before: MaharajaView | None = None) -> None:
    d = ImageDraw.Draw(img)
    result, last = view.get("result"), last_line(view.get("log"))
    room = W - 32
    f = title_font()
    label(d, (16, 10), fit(header_title(view, players), f, room), f,
          fill=GOLD if result else CREAM)
    line = outcome_line(result, last) if result else last
    if before is not None:  # the marks' key takes the last log line's place
        draw_key(img, 16, before)
    elif line:
        # The log marks typed names as inline code for Discord; a picture shows them plain.
        f = log_font()
        label(d, (16, 46), fit(line.replace("`", "").replace("**", ""), f, room), f,
              fill=MUTED)


def draw(view: MaharajaView, players: Names = None,
         before: MaharajaView | None = None) -> Image.Image:
    """The picture of ``view``; with ``before``, every change since marked (none: no marks
    and no key to them)."""
    ch = changes(before, view) if before is not None else None
    if not ch:
        ch, before = None, None
    lost = lost_by_place(ch, view) if ch else {}
    placed = layout_pieces(view, lost, ch.razed if ch else ())
    img = background({p.place for p in placed if p.grown})
    _header(img, view, players, before)
    if ch:
        draw_arrows(img, placed, ch)
    draw_pieces(img, placed, view, lost)
    if ch:
        draw_marks(img, placed, view, ch)
    return img


def _specimen() -> MaharajaView:
    """A 5-player position with every kind of piece: each nation's armies (every player's
    colour), leaders, factories, arms, a submission, a British ally and a battle."""
    from engine.games.maharaja import data

    view = cast(MaharajaView, game.view(game.setup(1, {"players": 5}), None))
    areas = data.LAND + list(data.SEAS)
    view["armies"] = {areas[i]: {n: i % 12 + 1} for i, n in enumerate(data.NATIONS)}
    view["leaders"] = {lid: areas[list(data.NATIONS).index(info["nation"])]
                       for lid, info in data.LEADERS.items()}
    sites = [a for a in data.LAND if data.AREAS[a]["factory"]]
    view["factories"] = {a: ("british", "french", "dutch", "portuguese")[i % 4]
                         for i, a in enumerate(sites)}
    view["arms"] = {"dutch": {"nation": "marathas", "active": True}}
    view["submitted"] = {"sikhs": {"to": "mughals", "where": ["north"], "turn": 1}}
    view["allies"] = ["rajputs"]
    view["battle"] = {"place": areas[0], "att": "harappans", "def": "harappans"}
    return view


def _choose_palette() -> Image.Image:
    with recording():  # the specimen's texts are no picture's
        specimen = draw(_specimen())
    return make_palette([specimen], FLAT)


palette = kept_palette(__file__, _choose_palette)  # palette.json


def warm() -> None:
    palette()


def painted(view: MaharajaView, players: Names = None) -> Painted:
    """What ``render`` encodes, before it is mapped to its palette (a replay's frame)."""
    return Painted(draw(view, players), palette())


def render(view: MaharajaView, players: Names = None) -> bytes:
    return encode_png(draw(view, players), palette())


def since(view: MaharajaView, players: Names, before: MaharajaView,
          focus: str | None = None) -> bytes:
    """The picture with every change since the spectator view ``before`` marked (one
    picture shows every nation: ``focus`` changes nothing)."""
    return encode_png(draw(view, players, before), palette())


__all__ = ["ID", "draw", "header_title", "layout", "palette", "render", "since", "warm"]
