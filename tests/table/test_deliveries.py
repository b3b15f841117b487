"""The delivery ledger at the table (bot/table/deliveries.py): what a channel was shown,
what it is owed after a failed post, when an outage is tried again, and the catch-up."""

from __future__ import annotations

import json
import random
from datetime import timedelta

from bot.table import Failed, Table, delivery_key, not_posted
from bot.table.deliveries import RETRY_AFTER
from tests.support.table import HERE, MEERA, RAVI, T0, random_move_line
from tests.table.test_table_goat_tiger import two_player_game


async def test_a_delivered_post_leaves_nothing_owed(table, repo):
    r = await two_player_game(table)
    await table.delivered(r)
    r = await table.play(HERE, RAVI, "c3")
    await table.delivered(r)
    game = await repo.latest_game(HERE.channel_id)
    assert game.posted == len(json.loads(game.state)["log"]) == r.log_seen
    assert await table.owed() == [] and await table.catch_up(game.id) is None


async def test_a_refused_post_is_owed_and_the_next_move_says_what_was_missed(table, repo):
    r = await two_player_game(table)
    await table.delivered(r)
    first = await table.play(HERE, RAVI, "c3")
    await table.undelivered(first, Failed(missing=("Attach Files",)))
    game = await repo.latest_game(HERE.channel_id)
    assert game.posted == first.log_from < first.log_seen
    assert json.loads(game.undelivered)["missing"] == ["Attach Files"]
    assert game.redeliver_at is None  # a permission is not retried by the clock
    assert [g.id for g in await table.owed()] == [game.id]

    nxt = await table.play(HERE, MEERA, await _tiger_move(repo))
    assert nxt.public.startswith("📬 **Not posted at the time**")
    assert "Goats place on c3." in nxt.public and "**meera**" in nxt.public
    assert nxt.log_from == first.log_seen  # this post starts where the refused one did
    await table.delivered(nxt)
    game = await repo.latest_game(HERE.channel_id)
    assert game.undelivered is None and game.posted == nxt.log_seen


async def test_an_outage_is_tried_again_three_times_further_apart(repo, clock):
    table = Table(repo, now=clock)
    r = await two_player_game(table)
    await table.delivered(r)
    post = await table.play(HERE, RAVI, "c3")
    waits = []
    for _ in range(len(RETRY_AFTER) + 1):
        await table.undelivered(post, Failed(detail="it answered 503"))
        game = await repo.latest_game(HERE.channel_id)
        waits.append(None if game.redeliver_at is None else game.redeliver_at - T0)
    assert waits == [*RETRY_AFTER, None]  # then only /board, a move or a restart
    assert json.loads(game.undelivered)["tries"] == 4
    assert [g.id for g in await table.owed(T0 + timedelta(minutes=1))] == []  # not due


async def test_an_outage_is_due_for_a_retry_once_its_time_comes(repo, clock):
    table = Table(repo, now=clock)
    r = await two_player_game(table)
    await table.delivered(r)
    post = await table.play(HERE, RAVI, "c3")
    await table.undelivered(post, Failed(detail="no answer"))
    game = await repo.latest_game(HERE.channel_id)
    assert await table.owed(T0 + timedelta(seconds=59)) == []
    assert [g.id for g in await table.owed(T0 + RETRY_AFTER[0])] == [game.id]
    owed = await table.catch_up(game.id)
    assert owed is not None
    place, catch_up = owed
    assert place.channel_id == HERE.channel_id
    assert "Goats place on c3." in catch_up.public and catch_up.image is not None
    assert [p.user_id for p in catch_up.pings] == [MEERA.user_id]  # whose turn it is
    assert delivery_key(catch_up) == f"d{game.id}v{game.version}"


async def test_a_late_failure_does_not_undo_a_later_delivery(table, repo):
    r = await two_player_game(table)
    first = await table.play(HERE, RAVI, "c3")
    second = await table.play(HERE, MEERA, await _tiger_move(repo))
    await table.delivered(second)  # the later post went out first
    await table.undelivered(first, Failed(detail="no answer"))  # the earlier one's failure
    game = await repo.latest_game(HERE.channel_id)
    assert game.undelivered is None and game.posted == second.log_seen
    assert r.log_seen is not None


async def test_the_mover_is_told_the_truth():
    assert "Your move is stored" in not_posted(Failed(missing=("Attach Files",)), stored=True)
    assert "**Attach Files** and **Embed Links**" in not_posted(
        Failed(missing=("Attach Files", "Embed Links")), stored=True)
    assert "stored" not in not_posted(Failed(gone=True), stored=False)
    assert "503" in not_posted(Failed(detail="it answered 503"), stored=True)


async def _tiger_move(repo) -> str:
    game = await repo.latest_game(HERE.channel_id)
    return random_move_line(json.loads(game.state), random.Random(1))
