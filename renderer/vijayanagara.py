"""Picture of a Vijayanagara position, from the spectator view.

The image is the dark house frame holding a header (whose turn, or the result, and
the last log line), the map on the left and a panel on the right.

- **Map.** Each of the 15 spaces is a box at its place in ``map.json`` (nudged apart
  where boxes would overlap), joined to its neighbours by roads. The Vindhya Range is
  a chain of peaks between the spaces it separates. A box shows the space's name, its
  Prosperity on a coin at the top-left corner, the Control marker (a square with the
  faction's letter) or the Tributary marker (a round grey ₹) at the top-right corner,
  and its pieces as icons with counts, one row per faction. Spaces touched by the
  action under way (or else by the last completed action) get a thick blue frame.
  The empty seas hold the legend (west) and the two Influence tracks (east).
- **Panel.** The factions (Resources, victory points, Cavalry; the faction to act is
  marked), the Cavalry pool and the Dynasty, the current card, the Sequence of Play
  on it, and the deck. When the game is over, the header turns gold and the final
  scores replace the card.

Everything that does not depend on the position (sea, land, roads, mountains, empty
boxes with their names and Prosperity, the legend, captions) is drawn once and
cached; a render draws the rest on a copy.

This module puts the picture together; its parts are drawn by vijayanagara_layout.py
(where everything lies), vijayanagara_map.py (the map and the position on it),
vijayanagara_panel.py (the header and the panel), vijayanagara_card.py (the current
card) and vijayanagara_art.py (colours and sprites). Like every renderer, it reads the
view and the game's published components (engine/games/vijayanagara/data.py) only.
"""

from __future__ import annotations

import json
from functools import lru_cache

from PIL import Image

from engine.games.vijayanagara import data as geo
from renderer import vijayanagara_art as art
from renderer import vijayanagara_card as vcard
from renderer import vijayanagara_map as vmap
from renderer import vijayanagara_panel as panel
from renderer.common import Names, encode_png, make_palette
from renderer.vijayanagara_layout import (
    CARD_BOX,
    HEADER_H,
    HEIGHT,
    PANEL_BOX,
    PANEL_CAPTIONS,
    WIDTH,
    layout,
)
from renderer.vijayanagara_map import KIND_ORDER

ID = "vijayanagara"


@lru_cache(maxsize=1)
def background() -> Image.Image:
    """Everything that never changes; never modified (renders draw on a copy)."""
    img = Image.new("RGB", (WIDTH, HEIGHT), art.FRAME)
    vmap.draw_background(img)
    panel.draw_frame(img)
    return img


# Everything paint_card touches (its caption included), and nothing drawn before it does.
CARD_TILE = (PANEL_BOX[0], PANEL_CAPTIONS["card"] - 6, PANEL_BOX[2] + 1, CARD_BOX[3] + 4)


def _draw_card(img: Image.Image, view: dict) -> None:
    """The current card's panel: the same for every position on that card, so it is
    painted once per card (~15 ms of wrapped text and a smoothed box) and pasted."""
    card = view.get("card") or None
    key = json.dumps(card, sort_keys=True) if isinstance(card, dict) else ""
    img.paste(_card_tile(key), CARD_TILE[:2])


@lru_cache(maxsize=32)  # ~0.5 MB each; a deck has ~45 distinct cards
def _card_tile(key: str) -> Image.Image:
    img = background().copy()
    vcard.paint_card(img, {"card": json.loads(key)} if key else {})
    return img.crop(CARD_TILE)


# --- rendering ---------------------------------------------------------------------------------


def draw(view: dict, players: Names = None) -> Image.Image:
    """The position as an RGB image (``render`` encodes it)."""
    img = background().copy()
    panel.draw_header(img, view, players)
    vmap.draw_spaces(img, view)
    vmap.draw_influence(img, view)
    panel.draw_factions(img, view, players)
    if view.get("result"):
        panel.draw_result(img, view, players)
    else:
        _draw_card(img, view)
    panel.draw_sop(img, view)
    panel.draw_deck(img, view)
    return img


def _specimens() -> list[dict]:
    """Made-up views that between them show every colour the renderer can draw: every
    piece, marker and highlight, every card kind, the header and the end banner."""
    provinces = {k: 3 for k in KIND_ORDER if k != "invader"}
    north = {"troop": 12, "governor": 1, "qasbah": 1, "invader": 7}
    spaces = {}
    for i, sp in enumerate(geo.SPACES):
        control = [None, "delhi", "bahmani", "vijayanagara"][i % 4]
        spaces[sp] = {
            "name": geo.NAMES[sp],
            "pieces": north if sp in geo.NORTH else provinces,
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
    mongol = {
        **playing,
        "card": {"id": "m1", "title": "Mongol Invasion", "kind": "mongol", "faction": "bahmani"},
    }
    end = {
        **playing,
        "result": {
            "winners": ["delhi", "bahmani"],
            "reason": "Specimen.",
            "scores": {"delhi": 9, "bahmani": 9, "vijayanagara": 1},
        },
    }
    return [playing, mongol, end]


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    players = {f: "Specimen" for f in geo.FACTIONS}
    playing, mongol, end = [draw(v, players) for v in _specimens()]
    # the other two differ from the first only in the header and the panel
    panel = (PANEL_BOX[0], 0, WIDTH, HEIGHT)
    extra = [mongol.crop(panel), end.crop(panel), end.crop((0, 0, WIDTH, HEADER_H))]
    return make_palette([playing, *extra], art.FLAT_COLOURS)


def warm() -> None:
    """Build the cached background, sprites and palette now rather than on the first
    render; optional, for a bot to call at start-up."""
    render(_specimens()[0])


def render(view: dict, players: Names = None) -> bytes:
    return encode_png(draw(view, players), palette())


__all__ = ["ID", "draw", "layout", "palette", "render", "warm"]
