"""The bot stops cleanly: on SIGINT (even when it was started with SIGINT ignored, as a
background job of a non-interactive shell starts it) and on SIGTERM (a service manager's
stop), after finishing the replies under way; and closing it stops the computer's worker
processes."""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot import workers
from tests.e2e.test_discord_goat_tiger import answer, content, make_bot, public_posts

pytestmark = pytest.mark.slow  # every test here takes seconds

ROOT = Path(__file__).resolve().parents[2]


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def test_closing_the_bot_stops_the_computers_workers(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)):
        await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        r = await answer(fake, await fake.slash("ravi", "play", {"move": "c3"}))
        assert "**Computer**: Tigers" in content(r)
        pid = await workers.POOL.run(os.getpid)
        assert pid != os.getpid()
    assert not workers.POOL.running
    assert gone(pid)
    assert bot_errors == []


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=lambda s: s.name)
async def test_the_real_entry_point_closes_on_a_stop_signal(fake_discord, tmp_path, sig):
    fake = fake_discord
    env = {**os.environ, **fake.env,
           "DISCORD_TOKEN": "MTAxMDEwMTAxMDEw.fake.token-value-for-tests",
           "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'stop.sqlite3'}",
           "PYTHONPATH": str(ROOT), "LOG_LEVEL": "INFO"}
    # The shell ignores SIGINT before it becomes the bot, which inherits that.
    command = f"trap '' INT; exec {shlex.quote(sys.executable)} -m bot"
    proc = subprocess.Popen(["sh", "-c", command], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        await fake.wait_for(lambda r: r.method == "PUT" and "/commands" in r.path, timeout=30)
        await answer(fake, await fake.slash(
            "ravi", "game", {"game": "goat_tiger", "side": "goats", "opponent": "computer"},
            subcommand="new"))
        h = await fake.slash("ravi", "play", {"move": "c3"})
        first = await h.wait_response()
        assert first.json["type"] == 5  # deferred at once: the computer is searching
        proc.send_signal(sig)  # while it searches
        # Waited for off the loop: the fake Discord keeps answering while the bot closes.
        _, err = await asyncio.to_thread(proc.communicate, timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert f"{sig.name}: closing" in err
    assert "Traceback" not in err and " ERROR " not in err, err
    # The reply under way was finished before the bot closed: the move and the computer's.
    posts = public_posts(h)
    assert len(posts) == 1 and "**Computer**: Tigers" in content(posts[0])
    assert fake.messages.get(int(first.response["interaction"]["response_message_id"])) is None
