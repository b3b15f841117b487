"""The result banner breaks its lines between phrases ("Game over —" / "Priya (Goats)
win", never "Priya (Goats)" / "win"), for every game, with the words the result post
writes (bot/table/conclusion.py) and names of an ordinary length."""

from __future__ import annotations

import pytest

import renderer
from engine import games
from renderer.common import recording
from tests.renderer.drawn import unwritten
from tools.samples import SAMPLES

pytestmark = pytest.mark.slow

# Where a banner's line may break: after the punctuation that ends a phrase, or before
# "v", "and" or a dash that starts one.
ENDS = ("—", "·", ":", ",", ";", " v", " and")
STARTS = ("— ", "· ", "v ", "and ")


def _ending(game: str) -> tuple[str, list[str]]:
    g = games.get(game)
    held = [f"Priya Raghunathan {i} ({g.ROLE_NAMES[r]})" for i, r in enumerate(g.ROLES)]
    scores = " · ".join(f"{g.ROLE_NAMES[r]} {100 + i}" for i, r in enumerate(g.ROLES))
    return (f"Game over — {held[0]} wins",
            [f"Scores: {scores}", f"{g.NAME}, game #12345: 1234 moves over 365 days",
             " v ".join(held)])


def mid_phrase(lines: list[str], texts: list[str]) -> list[str]:
    """The lines of the banner (``lines``, in drawing order) that end mid-phrase in the
    ``texts`` they were wrapped from."""
    bad, at = [], 0
    for text in texts:
        rest = text
        while rest.strip():
            line = lines[at].strip()
            at += 1
            assert rest.lstrip().startswith(line), (line, rest)
            rest = rest.lstrip()[len(line):]
            if rest.strip() and not (line.endswith(ENDS) or rest.lstrip().startswith(STARTS)):
                bad.append(f"{line!r} | {rest.strip()!r}")
    return bad


def test_mid_phrase_finds_a_break_inside_a_phrase():
    assert mid_phrase(["Game over — Priya (Goats)", "win"],
                      ["Game over — Priya (Goats) win"]) == ["'Game over — Priya (Goats)' | 'win'"]
    assert mid_phrase(["Game over —", "Priya (Goats) win"],
                      ["Game over — Priya (Goats) win"]) == []


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_the_banner_breaks_lines_between_phrases(game):
    views, _ = SAMPLES[game]
    board = renderer.render(game, list(views().values())[-1])
    title, lines = _ending(game)
    with recording() as drawn:
        renderer.with_banner(board, title, lines)
    said = [d.text for d in drawn]
    assert unwritten(drawn, [title, *lines]) == []
    assert len(said) > len(lines) + 1, "the words fit without wrapping: no test"
    assert mid_phrase(said, [title, *lines]) == []
