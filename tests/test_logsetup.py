"""Logs: the human-readable format by default, one JSON object a line with
``LOG_FORMAT=json`` carrying the context of what is handled, and the bot token never
printed in either."""

from __future__ import annotations

import asyncio
import io
import json
import logging

import pytest

from bot.logsetup import TEXT_FORMAT, add_log_context, log_context, make_handler

TOKEN = "MTAxMDEwMTAxMDEw.secret.token-value"


def logged(env: dict[str, str], emit) -> list[str]:
    stream = io.StringIO()
    handler = make_handler({"DISCORD_TOKEN": TOKEN, **env}, stream)
    logger = logging.getLogger("darbar.test-logsetup")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    try:
        emit(logger)
    finally:
        logger.removeHandler(handler)
    return stream.getvalue().splitlines()


def test_the_default_format_is_the_human_readable_one():
    lines = logged({}, lambda log: log.info("moved %s", "c3"))
    assert len(lines) == 1
    assert lines[0].endswith(" INFO darbar.test-logsetup: moved c3")
    assert TEXT_FORMAT == "%(asctime)s %(levelname)s %(name)s: %(message)s"


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_token_is_redacted_in_both_formats(fmt):
    lines = logged({"LOG_FORMAT": fmt}, lambda log: log.warning("login with %s failed", TOKEN))
    assert TOKEN not in "\n".join(lines) and "[redacted]" in lines[0]


def test_json_lines_parse_and_carry_the_context_of_the_task():
    async def handling(user: str, game: int, log: logging.Logger) -> None:
        add_log_context(guild_id="1000", channel_id="2000", user_id=user, shard=0,
                        interaction="play")
        await asyncio.sleep(0)  # the other task sets its own context meanwhile
        add_log_context(game_id=game)
        log.info("stored")

    async def emit(log: logging.Logger) -> None:
        await asyncio.gather(handling("101", 7, log), handling("102", 8, log))
        log.info("no context here")
        with log_context(game_id=9):
            try:
                raise ValueError("boom")
            except ValueError:
                log.exception("tick failed")
        log.info("and none after")

    lines = logged({"LOG_FORMAT": "json"}, lambda log: asyncio.run(emit(log)))
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    first, second, bare, failed, after = records
    assert {k: first[k] for k in ("level", "logger", "message")} == {
        "level": "INFO", "logger": "darbar.test-logsetup", "message": "stored"}
    assert "time" in first
    for record, user, game in ((first, "101", 7), (second, "102", 8)):
        assert {k: record[k] for k in ("guild_id", "channel_id", "user_id", "shard",
                                       "interaction", "game_id")} == {
            "guild_id": "1000", "channel_id": "2000", "user_id": user, "shard": 0,
            "interaction": "play", "game_id": game}
    assert "game_id" not in bare and "user_id" not in bare
    assert failed["game_id"] == 9 and "ValueError: boom" in failed["exc_info"]
    assert "game_id" not in after


def test_an_unknown_format_is_refused():
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        make_handler({"LOG_FORMAT": "xml"})
