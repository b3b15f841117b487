"""One game's fault never stops the scheduler: the game is logged (with its id) and
counted in /metrics, every other due game is still looked after in the same tick, and
the faulty game stays due: it is tried once more at each later tick, not in a loop."""

from __future__ import annotations

import io
import json
import logging
from datetime import timedelta

import pytest
from prometheus_client import REGISTRY

from bot.logsetup import make_handler
from bot.reminders import Nudge
from bot.replies import Place
from bot.scheduler import tick
from tests.support.table import MEERA, RAVI

PLACES = [Place(channel_id=str(2000 + i), guild_id="1000") for i in range(3)]


def errors() -> float:
    return REGISTRY.get_sample_value("darbar_scheduler_errors_total") or 0.0


@pytest.mark.slow
async def test_a_failing_game_is_logged_counted_and_tried_again_and_the_others_are_reminded(
        table, repo, monkeypatch):
    ids = []
    for place in PLACES:  # three games waiting for ravi, the middle one broken
        await table.new(place, RAVI, "goat_tiger", role="goats", seed=5)
        await table.join(place, MEERA)
        ids.append((await repo.latest_game(place.channel_id)).id)
    broken = ids[1]
    look_after = table.look_after
    tries: list[int] = []

    async def faulty(game_id, *args):
        if game_id == broken:
            tries.append(game_id)
            raise ValueError("a corrupt stored pace")
        return await look_after(game_id, *args)

    monkeypatch.setattr(table, "look_after", faulty)
    log = io.StringIO()
    handler = make_handler({"LOG_FORMAT": "json"}, log)
    logging.getLogger().addHandler(handler)
    try:
        later = (await repo.latest_game(PLACES[-1].channel_id)).updated_at
        before = errors()
        due = await tick(table, later + timedelta(hours=25))
        reminded = {n.game_id for n in due if isinstance(n, Nudge)}
        assert reminded == {ids[0], ids[2]}  # the others, in the same tick
        assert tries == [broken] and errors() == before + 1
        # The next tick tries it once more (it stays due); the others are not repeated.
        assert await tick(table, later + timedelta(hours=25, minutes=1)) == []
        assert tries == [broken, broken] and errors() == before + 2
        # Its lateness is not the scheduler's: nothing else was due.
        assert REGISTRY.get_sample_value("darbar_scheduler_lag_seconds") == 0
    finally:
        logging.getLogger().removeHandler(handler)
    lines = [json.loads(line) for line in log.getvalue().splitlines()]
    failed = [x for x in lines if x["level"] == "ERROR"]
    assert len(failed) == 2 and all(x["game_id"] == broken for x in failed)
    assert f"#{broken}" in failed[0]["message"]
    assert "ValueError: a corrupt stored pace" in failed[0]["exc_info"]
    # Mended, it is reminded at the next tick like the others were.
    monkeypatch.setattr(table, "look_after", look_after)
    due = await tick(table, later + timedelta(hours=25, minutes=2))
    assert [n.game_id for n in due if isinstance(n, Nudge)] == [broken]
