"""What the table says, the same for every face: a resign that asks first, a finished game
that says so, names and typed input that cannot format or ping, and rules for the
channel's game."""

from __future__ import annotations

import pytest

import renderer
from bot.replies import Actor, Confirmation
from bot.table import parse_options
from tests.support.table import HERE, MEERA, MOD, RAVI, SAM, snapshot

EVIL = Actor("106", "# [Free Nitro](https://evil.example)")
PINGER = Actor("107", "<@999> @everyone **x**")


async def two_player_game(table, first=RAVI, second=MEERA):
    await table.new(HERE, first, "goat_tiger", role="goats", seed=11)
    r = await table.join(HERE, second)
    assert not r.error
    return (await table.repo.live_game(HERE.channel_id)).id


@pytest.mark.slow
async def test_resign_asks_first_and_an_answer_about_a_replaced_game_changes_nothing(table,
                                                                                     repo):
    first = await two_player_game(table)
    before = await snapshot(repo)
    r = await table.resign(HERE, MEERA)
    assert r.public is None and not r.error and f"game #{first}" in r.private
    assert r.confirm == Confirmation("resign", first, yes="Yes, resign", no="No, keep playing",
                                     asked=MEERA.user_id)
    assert "The game ends: ravi (Goats) wins." in r.private  # what the post will say
    assert await snapshot(repo) == before  # asking changes nothing
    for other in (RAVI, SAM):  # an answer from anyone but meera changes nothing
        r = await table.resign(HERE, other, confirm=True, game_id=first, asked=MEERA.user_id)
        assert r.error and "put to another player" in r.private
        r = await table.decline(HERE, other, game_id=first, asked=MEERA.user_id)
        assert r.error and "put to another player" in r.private
    assert await snapshot(repo) == before
    r = await table.resign(HERE, SAM)
    assert r.error and "not seated" in r.private and r.confirm is None

    r = await table.resign(HERE, MEERA, confirm=True, game_id=first)
    assert "**meera** resigns" in r.public and "ravi (Goats) wins" in r.public
    # The same answer again, now that the game is over: it says so.
    r = await table.resign(HERE, MEERA, confirm=True, game_id=first)
    assert r.error and "is over" in r.private

    second = await two_player_game(table)
    before = await snapshot(repo)
    r = await table.resign(HERE, RAVI, confirm=True, game_id=first)
    assert r.error and "no longer this channel's game" in r.private
    assert await snapshot(repo) == before
    assert (await repo.get_game(second)).status == "active"


@pytest.mark.slow
async def test_a_finished_game_says_it_is_over_wherever_a_game_in_progress_is_needed(table):
    await two_player_game(table)
    await table.resign(HERE, MEERA, confirm=True)
    for r in [await table.undo(HERE, RAVI), await table.status(HERE, SAM),
              await table.resign(HERE, RAVI), await table.play(HERE, RAVI, "c3"),
              await table.join(HERE, SAM)]:
        assert r.error and r.public is None
        assert "Game #1 (Aadu-Huli aata (Goat-Tiger)) here is over." in r.private, r.private
        assert "ravi (Goats) wins" in r.private and "`/game new`" in r.private
    # The last position is still there to look at.
    assert not (await table.board(HERE, SAM)).error
    assert not (await table.log(HERE, SAM)).error

    await table.new(HERE, RAVI, "goat_tiger")
    await table.abort(HERE, MOD)
    r = await table.status(HERE, RAVI)
    assert r.error and "Game #2 (Aadu-Huli aata (Goat-Tiger)) here was aborted." in r.private


@pytest.mark.slow
async def test_names_are_escaped_in_messages_but_kept_raw_in_the_database_and_images(
        table, repo, monkeypatch):
    drawn = []
    draw = renderer.render
    monkeypatch.setattr(renderer, "render",
                        lambda *a, **kw: drawn.append(kw["players"]) or draw(*a, **kw))
    r = await table.new(HERE, EVIL, "goat_tiger", role="goats", seed=11)
    assert r.public.startswith(r"\# \[Free Nitro\](https\://evil.example) opens a game")
    r = await table.join(HERE, PINGER)
    assert r"\<\@999> \@everyone \*\*x\*\* joins" in r.public
    assert r"Seats — \# \[Free Nitro\](https\://evil.example) (Goats)" in r.public
    assert "<@999>" not in r.public.replace(r"\<\@999>", "")
    assert "@everyone" not in r.public.replace(r"\@everyone", "")
    # The faces mention by id: a ping carries the raw name for a face without markdown.
    assert [(p.user_id, p.name) for p in r.pings] == [(EVIL.user_id, EVIL.name)]
    r = await table.play(HERE, PINGER, "c3")
    assert r"It is not your turn: waiting for \# \[Free Nitro\]" in r.private
    r = await table.play(HERE, EVIL, "c3")
    assert r.public.startswith(r"**\# \[Free Nitro\](https\://evil.example)**: Goats place")
    r = await table.resign(HERE, PINGER, confirm=True)
    assert r"**\<\@999> \@everyone \*\*x\*\*** resigns" in r.public
    assert r"\# \[Free Nitro\](https\://evil.example) (Goats) wins" in r.public

    seats = await repo.seats((await repo.latest_game(HERE.channel_id)).id)
    assert {s.name for s in seats} == {EVIL.name, PINGER.name}
    assert drawn and drawn[-1] == {"goats": EVIL.name, "tigers": PINGER.name}


@pytest.mark.parametrize("hostile", ["x" * 3000, "<@999>`" * 500, "**bold** @everyone " * 200])
@pytest.mark.slow
async def test_echoed_input_is_short_and_stays_inside_its_code_span(table, hostile):
    with pytest.raises(ValueError) as refused:
        parse_options(hostile.replace(" ", "_"))
    r = await table.new(HERE, RAVI, hostile)
    await table.new(HERE, RAVI, "goat_tiger")
    j = await table.join(HERE, MEERA, hostile)
    for text in (str(refused.value), r.private, j.private):
        assert len(text) < 200 and "…" in text, text
        quoted = text.split("`")
        # An odd count of backticks would let the rest of the input out of the code span.
        assert text.count("`") % 2 == 0, text
        assert all("<@999>" not in part and "@everyone" not in part
                   for part in quoted[::2]), text  # outside the code spans


async def test_rules_without_a_game_named_mean_the_channels_game(table):
    r = await table.rules_here(HERE, None, "attack")
    assert r.error and "No game here yet" in r.private
    await table.new(HERE, RAVI, "vijayanagara")
    assert (await table.rules_here(HERE, None, "attack")).private == \
        table.rules("vijayanagara", "attack").private
    assert (await table.rules_here(HERE, "goat_tiger")).private == \
        table.rules("goat_tiger").private
