"""``python -m tools.pictures_report``: every sample picture measured against what Discord's
clients show (docs/pictures_in_discord.md), and against issue 39's phone floors."""

from __future__ import annotations

import pytest

from renderer.common import (
    DESKTOP_ATTACHMENT_BOX,
    PHONE_INFO_FLOOR_PX,
    PHONE_MARKER_FLOOR_PX,
    PHONE_NAME_FLOOR_PX,
    PHONE_WIDTH,
    Drawn,
)
from tools import pictures_report
from tools.samples import SAMPLES


def _drawn(text: str, px: float, info: bool = True) -> Drawn:
    return Drawn(text, px, (0, 0, 10, 10), info)


def test_the_floors_are_the_issues():
    assert (PHONE_INFO_FLOOR_PX, PHONE_NAME_FLOOR_PX, PHONE_MARKER_FLOOR_PX) == (11, 12, 10)


def test_a_tall_picture_shows_narrow_on_desktop():
    """Rajas' 880 × 1520: a phone column shows it 400 px wide, the desktop's 550 × 350 box
    only 350 px tall, so about 203 px wide."""
    row = pictures_report.measure("rajas", "mid", 880, 1520, [_drawn("Delhi 3", 24)],
                                  names=("Delhi",))
    assert row.phone_scale == pytest.approx(PHONE_WIDTH / 880)
    assert row.desktop_scale == pytest.approx(DESKTOP_ATTACHMENT_BOX[1] / 1520)
    assert round(row.desktop_scale * 880) == 203
    assert row.smallest_info == pytest.approx(24 * 400 / 880)  # 10.9 px: under 11
    assert not row.info_ok and not row.names_ok


def test_a_small_picture_is_not_blown_up_on_desktop():
    row = pictures_report.measure("goat_tiger", "start", 300, 200, [_drawn("goats 20", 20)],
                                  names=())
    assert row.desktop_scale == 1.0
    assert row.phone_scale == pytest.approx(400 / 300)  # the column is filled


def test_names_and_information_have_their_own_floors():
    drawn = [_drawn("Meena 12", 28), _drawn("tea 3", 24), _drawn("Darbar", 8, info=False)]
    row = pictures_report.measure("taj_mahal", "mid", 800, 800, drawn, names=("Meena",))
    # at 400 px wide: the name 14 px (≥ 12), the other text 12 px (≥ 11); a title is exempt
    assert row.smallest_info == pytest.approx(12) and row.info_ok
    assert row.smallest_name == pytest.approx(14) and row.names_ok
    assert row.markers is None  # no renderer notes its markers yet: the table says so


def test_a_noted_marker_is_measured_by_its_smaller_side_as_a_phone_shows_it():
    """A palace 20 × 16 px on an 800-px picture is 8 px across at 400 px: under 10."""
    from renderer.common import marker, recording

    with recording() as noted:
        marker("palace Agra", (100, 100, 120, 116))
    row = pictures_report.measure("taj_mahal", "mid", 800, 600,
                                  [_drawn("Agra 3", 30), *noted], names=("Agra",))
    assert row.markers == pytest.approx(8)
    assert row.smallest_info == pytest.approx(15)  # the marker is no text
    none = pictures_report.measure("taj_mahal", "mid", 800, 600, [_drawn("Agra 3", 30)],
                                   names=("Agra",))
    assert none.markers is None


def test_a_name_is_a_label_that_names_not_a_sentence_that_mentions():
    """"Red 4", "2. Red 45 VP" label a player; "Redhill" is another word and "Red moves
    first" a line of text, held to the information floor only."""
    drawn = [_drawn("Redhill", 10), _drawn("Red moves first", 12), _drawn("2. Red 45 VP", 28),
             _drawn("Red 4", 30)]
    row = pictures_report.measure("maharaja", "mid", 400, 400, drawn, names=("Red",))
    assert row.smallest_name == 28


@pytest.mark.slow
def test_the_report_lists_a_games_samples():
    """Goat-Tiger's, drawn and measured (every game's: the soak run, below)."""
    _the_report_lists_the_samples(["goat_tiger"])


@pytest.mark.soak
def test_the_report_lists_every_games_samples():
    _the_report_lists_the_samples(list(SAMPLES))


def _the_report_lists_the_samples(games: list[str]) -> None:
    rows = pictures_report.rows(games)
    assert {r.game for r in rows} == set(games)
    for game in games:
        views, _players = SAMPLES[game]
        assert {r.position for r in rows if r.game == game} == set(views()), game
    table = pictures_report.markdown(rows)
    for row in rows:
        assert f"| {row.game} | {row.position} | {row.width} × {row.height} |" in table
    assert all(r.smallest_info is not None for r in rows)
