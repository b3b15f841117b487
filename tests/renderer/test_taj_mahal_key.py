"""The players' key under Taj Mahal's map is redrawn whenever a score changes: its palaces
are pasted from small cached sprites, which must be the very pixels one smooth layer the
key's size gives (Smooth shrinks by averaging each scale × scale block alone, so a shape
drawn apart on a box at whole pixels, with room round it, comes out the same)."""

from __future__ import annotations

from PIL import Image, ImageChops

from renderer.common import Smooth, smooth
from renderer.taj_mahal import board
from renderer.taj_mahal.style import palace_shape


def test_a_keys_palace_drawn_apart_is_the_pixels_of_one_layer_the_keys_size():
    for role in ("red", "blue", "green", "yellow", "black"):  # every shape
        for cx, cy in ((24.0, 20.0), (417.5, 57.5), (31.25, 99.75), (399.0, 140.5)):
            layer = Smooth((0, 0, 460, 170), scale=4)
            palace_shape(layer, (cx, cy), board.KEY_PALACE_R, role)
            one = layer.shrink()
            apart = Image.new("RGBA", one.size)
            apart.paste(*board._key_palace(role, cx, cy))
            assert ImageChops.difference(one, apart).getbbox() is None, (role, cx, cy)


def test_a_province_laid_from_its_kept_layer_is_what_smooth_draws_in_place():
    """The board without pieces is redrawn for each game's visit; its province discs are
    laid from layers drawn once, and must be the pixels ``smooth`` draws on the board."""
    base = board.background(900)[0]
    for pid in board.PROVINCE_XY:
        for state in ("now", "done", "later"):
            kept, fresh = base.copy(), base.copy()
            board._province(kept, pid, state)
            x, y = board.PROVINCE_XY[pid]
            r = board.geo.PROVINCE_R[pid]
            with smooth(fresh, (x - r - 6, y - r - 6, x + r + 6, y + r + 6), scale=2) as s:
                s.circle((x, y), r, fill=(*(board.VISITED if state == "done" else
                                            board.PROVINCE), 255),
                         outline=(*(board.GOLD if state == "now" else board.EDGE), 255),
                         width=6 if state == "now" else 2)
            assert ImageChops.difference(kept, fresh).getbbox() is None, (pid, state)
