"""Picture of a Vijayanagara position, from the spectator view, made to be read in a
phone's chat column (shown about 400 px wide there, every text at least 9 px tall).

The image is the dark house frame holding a header, the map and a key under it:

- **Header.** Whose turn it is (the factions' markers, names and players), then up to
  three lines of what the last move did, with each battle's dice as they ended. Once the
  game is over, a gold banner with the winners and the final score.
- **Map.** Each of the 15 spaces is a box on a schematic grid that keeps the map's order
  (vijayanagara_layout.py), joined to its neighbours by roads; the Vindhya Range is a
  chain of peaks between the spaces it separates. A box shows the space's name, its
  Prosperity on a coin at the top-left corner, the Control marker (a square with the
  faction's letter) or the Tributary marker (a round grey ₹) at the top-right corner,
  and its pieces as chips, an icon and its count, all at one size however crowded the
  space is. Spaces touched by the action under way (or else by the last completed
  action) get a thick blue frame. The seas hold the pieces' key with how many of each
  kind are Available (west) and the two Influence tracks (east).
- **Key.** The markers, roads and mountains, under the map.

What reads better as text (the card and its text, the Sequence of Play, Resources,
victory points, Cavalry, the deck) is in the post's status lines (renderer/vijayanagara/words.py).

Everything that does not depend on the position is drawn once and cached, with the
texts it holds (their notes are replayed on every render, for the legibility tests); a
render draws the rest on a copy.

This module puts the picture together; its parts are drawn by vijayanagara_layout.py
(where everything lies), vijayanagara_map.py (the map and the position on it),
vijayanagara_key.py (the keys and the Influence tracks), vijayanagara_header.py (the
header) and vijayanagara_art.py (colours and sprites). Like every renderer, it reads the
view and the game's published components (engine/games/vijayanagara/data.py) only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from PIL import Image

from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.shown import VijayanagaraView
from engine.grammar import count
from renderer.common import (
    Drawn,
    Names,
    encode_png,
    is_recording,
    kept_palette,
    make_palette,
    note,
    recording,
)
from renderer.common.animation import Painted
from renderer.vijayanagara import art as art
from renderer.vijayanagara import header as header
from renderer.vijayanagara import key as key
from renderer.vijayanagara import map as vmap
from renderer.vijayanagara import since as since
from renderer.vijayanagara.layout import HEADER_H, HEIGHT, MAP_BOX, WIDTH, layout
from renderer.vijayanagara.map import KIND_ORDER

ID = "vijayanagara"


@lru_cache(maxsize=1)
def _background() -> tuple[Image.Image, tuple[Drawn, ...]]:
    """Everything that never changes, and the texts it holds; never modified (renders
    draw on a copy)."""
    with recording() as drawn:
        img = Image.new("RGB", (WIDTH, HEIGHT), art.FRAME)
        vmap.draw_background(img)
        key.draw_background(img)
    return img, tuple(drawn)


def background() -> Image.Image:
    return _background()[0]


# --- rendering ---------------------------------------------------------------------------------


def draw(view: VijayanagaraView, players: Names = None,
         before: VijayanagaraView | None = None) -> Image.Image:
    """The position as an RGB image (``render`` encodes it); with every change since
    ``before`` (an earlier spectator view) marked where it is given."""
    base, texts = _background()
    if is_recording():
        for t in texts:
            note(t.text, t.px, t.box, info=t.info if before is None
                 or t.text != key.TOUCHED_WORDS else False)
    img = base.copy()
    if before is None:
        header.draw_header(img, view, players)
        vmap.draw_spaces(img, view)
    else:
        changed = since.changes(before, view)
        header.draw_header(img, view, players, since=since_line(changed, view))
        vmap.draw_spaces(img, view, list(changed.spaces), why="changed")
        vmap.draw_moves(img, list(changed.moves))
        key.relabel_touched(img, "changed since")
    key.draw_tracks(img, view)
    key.draw_available(img, view)
    return img


def since_line(changed: since.Changes, view: VijayanagaraView) -> str:
    """The header's words for a picture of what changed since an earlier position."""
    played = len(changed.cards)
    title = str((view.get("card") or {}).get("title") or "")
    cards = (f"{count(played, 'card')} played since" + (f", now {title}" if title else "")
             if played else "the same card")
    what = (f"{count(len(changed.spaces), 'space')} changed (framed)" if changed.spaces
            else "no space changed")
    arrows = "; arrows: pieces that moved" if changed.moves else ""
    return f"Since then: {cards}; {what}{arrows}."


def render_since(view: VijayanagaraView, players: Names, before: VijayanagaraView,
                 focus: str | None = None) -> bytes:
    """``since`` for ``PICTURE``: the picture with every change since ``before`` marked
    (Vijayanagara has no player's own board, so ``focus`` changes nothing)."""
    return encode_png(draw(view, players, before), palette())


def _specimens() -> list[VijayanagaraView]:
    """Made-up views that between them show every colour the renderer can draw: every
    piece, marker and highlight, the header and the end banner."""
    provinces = {k: 3 for k in KIND_ORDER if k != "invader"}  # compact chips
    few = {"troop": 3, "amir_r": 2, "raja_r": 1, "temple": 1}  # regular chips
    north = {"troop": 12, "governor": 1, "qasbah": 1, "invader": 7}
    spaces = {}
    for i, sp in enumerate(geo.SPACES):
        control = [None, "delhi", "bahmani", "vijayanagara"][i % 4]
        spaces[sp] = {
            "name": geo.NAMES[sp],
            "pieces": north if sp in geo.NORTH else provinces if i % 2 else few,
            "control": control,
            "tributary": control is None,
        }
    card = {
        "id": "e1",
        "title": "Specimen",
        "number": 1,
        "kind": "event",
        "order": list(geo.FACTIONS),
        "stay_eligible": True,
        "year": 1300,
        "text": {"unshaded": "Specimen text " * 8, "shaded": "Specimen text " * 8},
    }
    playing = {
        "spaces": spaces,
        "factions": {f: {"resources": 12, "cavalry": 2, "vp": 9} for f in geo.FACTIONS},
        "available": {"troop": 3, "governor": 1, "amir": 2, "raja": 2, "invader": 4},
        "cavalry_pool": 4,
        "influence": {"bahmani": 2, "vijayanagara": 4},
        "influence_slots": {"bahmani": {"2": 0, "4": 2}, "vijayanagara": {"1": 2, "2": 0}},
        "dynasty": "khalji",
        "card": card,
        "deck_size": 20,
        "successions_left": ["s2", "s3"],
        "eligible": {"delhi": True, "bahmani": False, "vijayanagara": True},
        "turn": {
            "acted": ["delhi"],
            "cmd_decree": "delhi",
            "event_or_command": None,
            "choices": {"delhi": "cmd"},
        },
        "result": None,
        "active": ["vijayanagara"],
        "move": 5,
        "log": ["Specimen."],
        "touched": list(geo.SPACES[::2]),
        "last_touched": [],
    }
    end = {
        **playing,
        "result": {
            "winners": ["delhi", "bahmani"],
            "reason": "Specimen.",
            "scores": {"delhi": 9, "bahmani": 9, "vijayanagara": 1},
        },
    }
    # Made up, and partial: the keys the picture reads.
    return cast(list[VijayanagaraView], [playing, end])


def _choose_palette() -> Image.Image:
    players = {f: "Specimen" for f in geo.FACTIONS}
    with recording():  # what the specimens say is no picture's
        playing, end = [draw(v, players) for v in _specimens()]
    # the end differs from the game under way only in the header
    return make_palette([playing, end.crop((0, 0, WIDTH, HEADER_H))], art.FLAT_COLOURS)


palette = kept_palette(__file__, _choose_palette)  # palette.json


def warm() -> None:
    """Build the cached background, sprites and palette now rather than on the first
    render; optional, for a bot to call at start-up."""
    render(_specimens()[0])


def painted(view: VijayanagaraView, players: Names = None) -> Painted:
    """What ``render`` encodes, before it is mapped to its palette (a replay's frame)."""
    return Painted(draw(view, players), palette())


def render(view: VijayanagaraView, players: Names = None) -> bytes:
    return encode_png(draw(view, players), palette())


__all__ = ["ID", "MAP_BOX", "draw", "layout", "palette", "render", "warm"]
