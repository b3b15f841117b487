"""A Vijayanagara picture drawn over the picture of an earlier position (a replay's frame
before), redrawing only what changed since: the same pixels as ``board.draw``, in less
time, and the boxes redrawn told to the animation, which then compares only those
(issue 40: a replay's frame at most its post's CPU).

Exact because the picture is the cached background with elements drawn on it that each
lie in a rectangle of their own: the header (``HEADER``), each space (``map.reach``: its
frame, badges and chips), the Influence tracks (``INFLUENCE_BOX``) and the Available
counts (``LEGEND_BOX``); the only two that meet, Madhya Desh's and Maharashtra's, are
drawn again together (``groups``). An element whose inputs changed has its rectangle
restored from the background and is drawn again; the others are kept as drawn. A
finished game's banner reaches the map's top spaces: its picture is drawn whole.
tests/renderer/test_vijayanagara_over.py checks that the rectangles hold their drawings
and do not meet, and that a long game drawn so is its full drawing pixel for pixel.

Measured on a long random game (85 positions, load 2.7 on the shared 2-CPU VM): a frame
drawn in 1.37 ms against 1.73 whole (the header, 0.8–1.0 ms, is most of what is left:
its lines change at every move), told from the frame before in 0.3 ms against 0.8; a
replay's picture 5.6 → 4.5–4.6 ms, 0.89–0.94× its post's (docs/benchmarks.md, "Issue
40, turn 8: replay, part 3").
"""

from __future__ import annotations

from functools import lru_cache

from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.shown import VijayanagaraView
from renderer.common import Names, is_recording
from renderer.common.animation import Painted
from renderer.common.gif_rows import Box
from renderer.vijayanagara import board, header, key
from renderer.vijayanagara import map as vmap
from renderer.vijayanagara.layout import HEADER_H, HEIGHT, INFLUENCE_BOX, LEGEND_BOX, WIDTH

# The header's rows bar the last: a space's badges on the map's top row reach it. The
# end's banner fills that row too, so a picture of a finished game is drawn whole.
HEADER: Box = (0, 0, WIDTH, HEADER_H - 1)
TRACKS: Box = INFLUENCE_BOX
AVAILABLE: Box = LEGEND_BOX
# What each element reads of the view (the header reads more, and changes at every
# move: it is always drawn again).
TRACKS_READ = ("influence", "influence_slots")
AVAILABLE_READ = ("available",)


def _meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@lru_cache(maxsize=1)
def groups() -> dict[str, tuple[str, ...]]:
    """Each space's group: the spaces whose reaches meet its own, and theirs in turn
    (Madhya Desh's coin and Maharashtra's marker share a few columns): a group is
    restored and drawn again together, as ``draw_spaces`` draws it."""
    group = {sp: {sp} for sp in geo.SPACES}
    for a in geo.SPACES:
        for b in geo.SPACES:
            if a != b and _meet(vmap.reach(a), vmap.reach(b)) and group[a] is not group[b]:
                joined = group[a] | group[b]
                for sp in joined:
                    group[sp] = joined
    return {sp: tuple(s for s in geo.SPACES if s in group[sp]) for sp in geo.SPACES}


def painted_after(view: VijayanagaraView, players: Names, before: VijayanagaraView,
                  after: Painted) -> Painted:
    """``board.painted(view, players)``, drawn in place over ``after``, the picture of
    ``before`` (an earlier spectator view): only the header and what changed drawn again
    (copying the whole picture to draw on cost 0.3 ms). ``after`` is spent: its image is
    the new picture's. Drawn
    whole where the texts are being recorded (the legibility tests read every text a
    picture holds), where either game is over (the banner) or ``after`` is no such
    picture."""
    if is_recording() or after.image.size != (WIDTH, HEIGHT) or view.get("result") or \
            before.get("result") or after.palette is not board.palette():
        return board.painted(view, players)
    base = board.background()
    was, now = set(vmap.framed(before)), set(vmap.framed(view))
    spaces, old = view.get("spaces") or {}, before.get("spaces") or {}
    some: list[str] = []
    for sp in geo.SPACES:
        if sp not in some and ((sp in was) != (sp in now) or spaces.get(sp) != old.get(sp)):
            some += groups()[sp]
    tracks = any(view.get(k) != before.get(k) for k in TRACKS_READ)
    available = any(view.get(k) != before.get(k) for k in AVAILABLE_READ)
    boxes = [HEADER, *(_clipped(vmap.reach(sp)) for sp in some),
             *([TRACKS] if tracks else []), *([AVAILABLE] if available else [])]
    # in place: what each box held is kept first (two spaces' reaches may meet), then
    # each is restored from the background and drawn again
    img = after.image
    held = tuple((box, img.crop(box)) for box in boxes)
    for box in boxes:
        img.paste(base.crop(box), box[:2])
    header.draw_header(img, view, players)
    vmap.draw_spaces(img, view, only=some)
    if tracks:
        key.draw_tracks(img, view)
    if available:
        key.draw_available(img, view)
    return Painted(img, after.palette, held)


def _clipped(box: Box) -> Box:
    return (max(0, box[0]), max(0, box[1]), min(WIDTH, box[2]), min(HEIGHT, box[3]))
