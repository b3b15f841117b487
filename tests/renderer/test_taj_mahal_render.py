"""The Taj Mahal pictures (renderer/taj_mahal/): the board everyone sees, with nothing
of any hand or of the deck's order, and a player's own hand."""

from __future__ import annotations

import io
from itertools import combinations

import pytest
from PIL import Image

from engine import games
from engine.games.taj_mahal import data
from engine.games.taj_mahal import rules as tm
from engine.games.taj_mahal.data import CARD_IDS
from renderer.common import PHONE_MIN_PX, PHONE_WIDTH, recording
from renderer.taj_mahal import board as R
from renderer.taj_mahal import hand as H
from renderer.taj_mahal import map as geo
from renderer.taj_mahal.style import GOLD, INK, PLAYER
from tests.renderer import pixels
from tests.renderer.pixels import picture


def near(im: Image.Image, centre, radius: int, colour, tol: int = 30) -> int:
    return pixels.near(im, centre, radius, colour, tol)


def img(view: dict) -> Image.Image:
    return picture(R.render(view))


@pytest.mark.slow
def test_a_png_of_the_board_narrow_enough_for_a_phone():
    for n in (3, 4, 5):
        data = R.render(tm.view(tm.setup(1, {"players": n}), None))
        im = Image.open(io.BytesIO(data))
        assert im.width == R.WIDTH == 800 and im.height < 1100 and len(data) < 400_000


def test_the_province_being_visited_has_a_gold_ring():
    state = tm.setup(2, {"players": 3})
    im = img(tm.view(state, None))
    now = tm.current(state)
    x, y = R.PROVINCE_XY[now]
    ring = near(im, (x + geo.PROVINCE_R[now], y), 6, GOLD)
    later = state["order"][5]
    lx, ly = R.PROVINCE_XY[later]
    assert ring > 3 and near(im, (lx + geo.PROVINCE_R[later], ly), 6, GOLD) == 0


def test_a_palace_shows_in_its_players_colour_on_its_city():
    state = tm.setup(2, {"players": 3})
    view = tm.view(state, None)
    city = "delhi2"
    before = img(view)
    view["palaces"] = {city: ["blue"]}
    after = img(view)
    x, y = R.CITY_XY[city]
    assert near(after, (x, y), 6, PLAYER["blue"], tol=20) > 5
    assert near(before, (x, y), 6, PLAYER["blue"], tol=20) == 0


def test_the_picture_shows_nothing_of_the_deck_or_the_hands():
    state = tm.setup(4, {"players": 4})
    other = games.redealt(tm, state, 99)
    other["hands"] = {r: list(reversed(h)) for r, h in other["hands"].items()}
    assert R.render(tm.view(state, None)) == R.render(tm.view(other, None))


def test_a_finished_game_names_the_winner():
    state = tm.setup(4, {"players": 3})
    view = tm.view(state, None)
    view["result"] = {"winners": ["red"], "scores": {"red": 40, "blue": 30, "green": 20}}
    a, b = img(tm.view(state, None)), img(view)
    header = (0, 0, R.WIDTH, R.HEADER_H)
    assert a.crop(header).tobytes() != b.crop(header).tobytes()


def test_this_visits_crown_palace_wears_the_crown():
    state = tm.setup(2, {"players": 3})
    view = tm.view(state, None)
    city = data.CITIES_OF[tm.current(state)][1]
    view["palaces"] = {city: ["blue"]}
    plain = img(view)
    view["court"] = {**view["court"], "crown": False, "crown_city": city}
    crowned = img(view)
    x0, y0, x1, y1 = geo.CROWN_BOX[city]
    at = ((x0 + x1) / 2, (y0 + y1) / 2)
    assert near(crowned, at, 6, GOLD) > near(plain, at, 6, GOLD) + 5


def test_a_hand_shows_each_kind_of_card_once_with_its_count_and_name():
    state = tm.setup(3, {"players": 3})
    view = tm.view(state, "red")
    first, twin = next((a, b) for a in view["hand"] for b in CARD_IDS
                       if b not in view["hand"] and b != a and tm.KIND[a] == tm.KIND[b])
    one = Image.open(io.BytesIO(R.hand(view)))
    view2 = {**view, "hand": [*view["hand"], twin]}
    two = Image.open(io.BytesIO(R.hand(view2)))
    assert one.size[0] <= 600 and one.size == two.size  # a twin adds a count, not a card
    assert R.hand(view) == R.hand(dict(view)) and R.hand(view) != R.hand(view2)
    more = {**view, "hand": view["hand"] + list(CARD_IDS[60:66])}
    assert Image.open(io.BytesIO(R.hand(more))).size[1] > one.size[1]  # another row
    empty = Image.open(io.BytesIO(R.hand({"hand": []})))
    assert empty.size[0] == one.size[0]


def test_a_special_card_looks_unlike_any_coloured_card():
    view = {"hand": ["sp_points2"]}
    im = Image.open(io.BytesIO(R.hand(view))).convert("RGB")
    x, y = H.card_at(0)
    assert near(im, (x + H.CARD_W // 2, y + 20), 4, INK, tol=12) > 5  # dark face
    assert near(im, (x + 2, y + H.CARD_H // 2), 2, GOLD, tol=40) > 0  # gold rim


def test_every_copy_of_a_card_in_the_supply_looks_the_same():
    """A card has one name and one look: its symbols in the order its typed name gives
    them, whichever way the copy lists them (green-general-mogul)."""
    view = tm.view(tm.setup(2, {"players": 3}), None)
    copies: dict[str, list[str]] = {}
    for cid in CARD_IDS:
        copies.setdefault(tm.KIND[cid], []).append(cid)
    mixed = [cids for cids in copies.values()
             if len({tuple(tm.CARDS[c]["symbols"]) for c in cids}) > 1]
    assert mixed, "some card's copies list their symbols in different orders"
    for cids in mixed:
        looks = {R.render({**view, "supply": [c]}) for c in cids}
        assert len(looks) == 1, cids


def test_the_last_log_line_shows_a_typed_name_plain():
    """The log marks a card's name as inline code for Discord; the picture has no
    backticks."""
    view = tm.view(tm.setup(2, {"players": 3}), None)
    coded = R.render({**view, "log": ["Red plays `green-general-mogul`."]})
    assert coded == R.render({**view, "log": ["Red plays green-general-mogul."]})


def _every_kind_twice() -> list[str]:
    kinds: dict[str, list[str]] = {}
    for cid in CARD_IDS:
        kinds.setdefault(tm.KIND[cid], []).append(cid)
    return [cid for cids in kinds.values() for cid in (cids * 2)[:2]]


def test_every_card_is_captioned_with_its_whole_name_on_one_line_in_one_size():
    """Reproduced: captions broke mid-name ("red-" / "general-elephant") and came in
    several sizes. Each card's name to type is one text, whole, the same size for all."""
    hand = _every_kind_twice()
    with recording() as drawn:
        im = Image.open(io.BytesIO(R.hand({"hand": hand})))
    kinds = set(H.kinds_in(hand))
    captions = [d for d in drawn if d.text in kinds]
    assert sorted(d.text for d in captions) == sorted(kinds)
    assert {d.px for d in captions} == {H.CAPTION_PX}
    assert not [d.text for d in drawn if d.text.endswith("-")]
    for i, kind in enumerate(H.kinds_in(hand)):
        x, y = H.card_at(i)
        box = next(d.box for d in captions if d.text == kind)
        assert x <= box[0] and box[2] <= x + H.CARD_W, kind  # under its own card
        assert y + H.CARD_H < box[1] and box[3] <= im.height, kind


def test_a_count_badge_keeps_clear_of_every_word():
    """Reproduced: the ×2 badge touched "Princess"."""
    hand = _every_kind_twice()
    with recording() as drawn:
        R.hand({"hand": hand})
    for i, _kind in enumerate(H.kinds_in(hand)):
        bx0, by0, bx1, by1 = H.badge_box(H.card_at(i))
        near_badge = (bx0 - 4, by0 - 4, bx1 + 4, by1 + 4)
        touching = [d.text for d in drawn if not d.text.startswith("×")
                    and geo.overlap(d.box, near_badge) > 0]
        assert touching == [], i


def test_a_hand_reads_on_a_phone():
    for hand in (_every_kind_twice(), list(CARD_IDS[:9]), ["sp_colour_change"], []):
        with recording() as drawn:
            im = Image.open(io.BytesIO(R.hand({"hand": hand})))
        info = [d for d in drawn if d.info]
        assert info
        assert not [d.text for d in info if d.px * PHONE_WIDTH / im.width < PHONE_MIN_PX]
        assert not [d.text for d in info if d.box[0] < 0 or d.box[1] < 0
                    or d.box[2] > im.width or d.box[3] > im.height]
        assert not [(a.text, b.text) for a, b in combinations(info, 2)
                    if geo.overlap(a.box, b.box) > 1]


def test_a_long_name_is_cut_in_the_title_never_whose_turn_it_is():
    view = tm.view(tm.setup(2, {"players": 3}), None)
    who = view["active"][0]
    with recording() as drawn:
        R.render(view, {who: "a very long display name indeed, longer than any line"})
    title = next(d.text for d in drawn if d.text.startswith("Visit"))
    assert title.startswith(f"Visit 1/12 {R.PROVINCE_NAME[view['province']]}: ")
    assert title.endswith("… to play") and who.capitalize() in title


def test_a_hand_is_the_same_picture_after_the_cards_cache_has_filled_and_emptied():
    """The cards of a hand are drawn once and kept (a few hands' worth): a hand drawn again
    after the kept cards have all been others' is the same picture."""
    hand = {"hand": list(CARD_IDS[:9])}
    first = R.hand(hand)
    for start in range(9, len(CARD_IDS), 9):  # every other card, each counted once
        R.hand({"hand": list(CARD_IDS[start:start + 9])})
    drawn = H._big_card.misses
    assert R.hand(hand) == first
    assert H._big_card.misses > drawn  # its cards had left the cache: drawn again
