"""Goat-Tiger at issue 39's floors: at a 400-px-wide picture every information text is at
least 11 px tall, every name 12 px, every marker that carries meaning 10 px across, in the
sample positions and in random ones; every symbol drawn is named in the picture's key; and
the whole position (docs/goat_tiger.md, "What the post shows") is in the picture or the
post's text."""

from __future__ import annotations

import random

import pytest

import renderer
from engine import games
from renderer.common import PHONE_MARKER_FLOOR_PX, Drawn, recording
from tests.renderer.drawn import clashes, outside, size
from tests.renderer.test_goat_tiger_phone import positions
from tools import arena
from tools.pictures_report import measure, names_of
from tools.samples import SAMPLES

GT = games.get("goat_tiger")
PLAYERS = {"goats": "ravi", "tigers": "Computer"}


def drawn_of(view: dict, players: dict | None = None) -> tuple[list[Drawn], tuple[int, int]]:
    with recording() as drawn:
        png = renderer.render("goat_tiger", view, players=players or PLAYERS)
    return drawn, size(png)


def short_game(seed: int, turns: int) -> list[dict]:
    """The spectator views along a seeded game of random players."""
    rng = random.Random(seed)
    state = GT.setup(seed, {})
    seats = {r: arena.random_player(GT, rng) for r in GT.ROLES}
    out = [GT.view(state, None)]
    for n, (_role, _steps, after) in enumerate(arena.turns(GT, state, seats, seats["goats"])):
        if n >= turns:
            break
        out.append(GT.view(after, None))
    return out


def below_floors(view: dict) -> list[str]:
    drawn, (w, h) = drawn_of(view)
    row = measure("goat_tiger", "", w, h, drawn, names_of("goat_tiger", PLAYERS))
    wrong = [] if row.info_ok else [f"information {row.smallest_info_text!r} "
                                    f"{row.smallest_info:.1f} px"]
    wrong += [] if row.names_ok else [f"name {row.smallest_name_text!r}"]
    wrong += ["no marker noted"] if row.markers is None else (
        [f"a marker {row.markers:.1f} px"] if row.markers < PHONE_MARKER_FLOOR_PX else [])
    wrong += [f"cut: {t}" for t in outside(drawn, (w, h))]
    wrong += [f"overlap: {a} / {b}" for a, b in clashes([d for d in drawn if d.info])]
    return wrong


def unkeyed(view: dict) -> list[str]:
    """The markers drawn that the picture's key does not name in words."""
    drawn, _ = drawn_of(view)
    said = {d.text.lower() for d in drawn if d.info}
    return sorted({d.text.lower() for d in drawn if d.marker} - said)


def test_the_samples_meet_the_floors_and_key_every_symbol():
    for name, view in SAMPLES["goat_tiger"][0]().items():
        assert below_floors(view) == [], name
        assert unkeyed(view) == [], name


@pytest.mark.slow
def test_a_random_game_meets_the_floors():
    for view in short_game(3, 30)[::3]:
        assert below_floors(view) == []
        assert unkeyed(view) == []


@pytest.mark.soak
def test_many_random_positions_meet_the_floors():
    for view in positions():
        assert below_floors(view) == []
        assert unkeyed(view) == []


def missing(view: dict) -> list[str]:
    """The items of the whole position neither drawn (at the floor) nor in the post's
    text: whose turn, the Goats to place, the Goats captured, the pieces, the last move,
    how many moves were played."""
    drawn, _ = drawn_of(view)
    said = " ".join(d.text for d in drawn if d.info)
    text = renderer.status("goat_tiger", view, PLAYERS)
    result = view.get("result")
    items = {
        "whose turn": ("win" in said or "Draw" in said) if result else
        f"{view['to_move'].capitalize()} to move" in said,
        "goats to place": (f"× {view['in_hand']}" in said if view["in_hand"]
                           else "all placed" in said),
        "goats captured": f"{view['captured']} / {view['captures_to_win']}" in said,
        "pieces": sorted(d.text for d in drawn if d.marker and d.text in ("Goat", "Tiger")
                         ) == sorted(k.capitalize() for k in view["board"].values()),
        "last move": not view.get("last") or view["last"]["to"] in said,
        "moves played": "played" in text or "a new game" in text,
    }
    return [k for k, ok in items.items() if not ok]


def test_the_whole_position_is_in_the_picture_or_the_text():
    views = [*SAMPLES["goat_tiger"][0]().values(), *short_game(5, 40)[::8]]
    for view in views:
        assert missing(view) == []
