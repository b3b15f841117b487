"""What a Maharaja post shows, picture and status lines together (docs/maharaja.md, "What
the post shows"): whose turn and what the acting nation does, every colour's victory
points, the turn of 16 and the order of play, the Raj titles, every nation's armies and
factories, the battle under way; and the picture's key names every symbol it draws."""

from __future__ import annotations

import random

import pytest

from engine.games.maharaja import data
from engine.games.maharaja import rules as R
from renderer.common import PHONE_INFO_FLOOR_PX, PHONE_WIDTH, Drawn, recording
from renderer.maharaja import board as P
from renderer.maharaja import pieces, words
from renderer.maharaja.map import KEY, KEY_WORDS
from tests.engine.maharaja.play import random_step
from tools.samples import SAMPLES

PLAYERS = {"yellow": "ravi", "blue": "Meena", "red": "Asha", "green": "Computer"}


def drawn_at(drawn: list[Drawn], text: str) -> list[float]:
    """The sizes, as a phone shows them, at which ``text`` was drawn."""
    return [d.px * PHONE_WIDTH / P.WIDTH for d in drawn if d.text == text]


def check_post(view: dict) -> None:
    with recording() as drawn:
        P.render(view, PLAYERS)
    status = words.status(view, PLAYERS)
    title = [d for d in drawn if d.text.startswith(("Turn ", "Game over"))]
    assert title and min(d.px for d in title) * PHONE_WIDTH / P.WIDTH >= 11
    nation = view.get("nation")
    if not view.get("result"):
        # whose turn, and what the acting nation does
        assert f"Turn {view['turn']} " in title[0].text
        if nation:
            assert data.NATION_NAMES[nation] in title[0].text
            assert f"{data.NATION_NAMES[nation]}: " in status
        assert f"**Turn {view['turn']}**/16" in status
        assert all(str(data.NATIONS[n]["abbr"]) in status for n in view["order"])
    for role in view["roles"]:  # every colour's points, nations and Raj titles
        line = next(s for s in status.splitlines() if f"**{role.capitalize()}**" in s)
        assert f" {view['vp'][role]} VP" in line
        for n, who in view["control"].items():
            if who == role:
                assert str(data.NATIONS[n]["abbr"]) in line
                if view["titles"].get(n):
                    assert f"({view['titles'][n]})" in line
    # every nation's armies and every factory, drawn in their places
    for place, here in view["armies"].items():
        for n, k in here.items():
            sizes = drawn_at(drawn, f"{data.NATIONS[n]['abbr']} {k}")
            assert sizes and min(sizes) >= PHONE_INFO_FLOOR_PX, (place, n)
    for colonial in view["factories"].values():
        assert drawn_at(drawn, str(data.NATIONS[colonial]["abbr"])[0])
    battle = view.get("battle") or {}
    if battle.get("place"):
        assert f"battle in {data.NAMES[battle['place']]}" in status


@pytest.mark.parametrize("name", ["start", "mid", "end"])
@pytest.mark.slow
def test_every_sample_post_shows_the_whole_position(name):
    views, _ = SAMPLES["maharaja"]
    check_post(views()[name])


def random_views(seed: int, steps: int, every: int) -> list[dict]:
    rng = random.Random(seed)
    state = R.setup(seed, {"players": 4})
    out = []
    for i in range(steps):
        if state["result"]:
            break
        state = random_step(state, rng)
        if i % every == 0:
            out.append(R.view(state, None))
    return out


def test_random_posts_show_the_whole_position():
    for view in random_views(7, 120, 40):
        check_post(view)


@pytest.mark.parametrize("seed", range(20, 26))
@pytest.mark.soak
def test_random_posts_show_the_whole_position_soak(seed):
    for view in random_views(seed, 4000, 150):
        check_post(view)


def test_the_key_names_every_symbol_the_picture_draws():
    view = P._specimen()
    with recording() as drawn:
        P.render(view, PLAYERS)
    placed = pieces.layout_pieces(view)
    kinds = {b for p in placed for c, _, _ in p.chips for b in c.badges}
    kinds |= {"factory"} if view["factories"] else set()
    kinds |= {"battle"} if view.get("battle") else set()
    kinds |= {"hiland"}  # every picture draws the hilands' peaks
    assert kinds == set(KEY_WORDS)  # the specimen draws every kind of symbol
    in_key = {d.text for d in drawn if KEY[0] <= d.box[0] and d.box[2] <= KEY[2]
              and KEY[1] <= d.box[1] and d.box[3] <= KEY[3]}
    assert {KEY_WORDS[k] for k in kinds} <= in_key
