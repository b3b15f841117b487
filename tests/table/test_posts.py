"""What a public post carries (issue 23, points 9 and 10): however long the computers'
replies, a post stays within Discord's 2,000 characters and keeps its ping line, so the
person it names is notified; and no line is a name with nothing after it."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.replies import MAX_TEXT, SHORTENED, Ping, Reply, fit_post
from engine import games
from tests.support.table import HERE, RAVI


def mention(p: Ping) -> str:
    return f"<@{p.user_id}>"


def test_a_long_post_is_shortened_line_by_line_and_keeps_its_ping():
    body = "\n".join(["**ravi**: Red moves 3 armies from Agra to Delhi."] + [
        "**Computer**: " + " ".join(f"The `n{i}` move {j} armies to Area {j}." for j in
                                    range(60)) for i in range(8)])
    text = Reply(public=body, pings=[Ping("9", "erin", "Green, for the Cholas")],
                 ping_note="your move.").public_text(mention)
    assert len(text) <= MAX_TEXT
    assert text.endswith("<@9> (Green, for the Cholas) — your move.")
    assert text.startswith("**ravi**: Red moves 3 armies") and SHORTENED in text
    assert all(line.count("`") % 2 == 0 and line.count("**") % 2 == 0
               for line in text.split("\n")), text
    assert fit_post("short") == "short"


@pytest.mark.parametrize("lines, width", [(30, 106), (200, 12), (3, 1500), (41, 99)])
def test_many_middling_lines_are_cut_in_the_middle_and_never_hang(lines, width):
    """Lines too short to cut but too many to fit: the middle gives way to one "…" (this
    once looped for ever when the middle line was the "…" already)."""
    text = "\n".join(f"{i:03d} " + "x" * (width - 4) for i in range(lines))
    out = fit_post(text)
    assert len(out) <= MAX_TEXT and out.endswith(SHORTENED)
    kept = out.split("\n")
    assert kept[0].startswith("000") and kept.count("…") <= 1


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", [("taj_mahal", 5), ("rajas", 4),
                                              ("maharaja", 5), ("goat_tiger", None)])
async def test_against_many_computers_every_post_fits_and_pings(table, repo, game_id, players):
    """One person against the most computers the game seats, for a dozen moves: the
    longest computer sequences every game makes."""
    g = games.get(game_id)
    await table.new(HERE, RAVI, game_id, opponent="computer", seed=21,
                    options={"players": players} if players else {})
    rng = random.Random(2)
    longest = 0
    for _ in range(12):
        game = await repo.latest_game(HERE.channel_id)
        if game.status != "active":
            break
        state = json.loads(game.state)
        role = g.view(state, None)["active"][0]
        steps, _ = games.random_move(g, state, rng)
        for line in games.typed_lines(g, state, role, steps):
            r = await table.play(HERE, RAVI, line)
            if r.public is None:
                continue
            longest = max(longest, len(r.public))
            text = r.public_text(mention)
            assert len(text) <= MAX_TEXT
            if r.pings:
                assert text.endswith(f"{mention(r.pings[-1])} ({r.pings[-1].role}) — "
                                     f"{r.ping_note}"), text[-300:]
                assert all(mention(p) in text for p in r.pings)
            # Never a name with nothing after it ("**Computer**: " and no move).
            assert not re.search(r"\*\*[^*\n]+\*\*:\s*(\n|$)", text), text
    assert longest > 0
