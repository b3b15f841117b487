"""Logs: the human-readable format by default, one JSON object a line with
``LOG_FORMAT=json`` carrying the context of what is handled, and the bot token never
printed in either: not in the message, its arguments, a traceback (chained ones too), a
stack, nor a JSON field."""

from __future__ import annotations

import asyncio
import importlib.util
import io
import json
import logging
from pathlib import Path

import pytest

from bot.logsetup import TEXT_FORMAT, add_log_context, log_context, make_handler

TOKEN = "MTAxMDEwMTAxMDEw.secret.token-value"


def logged(env: dict[str, str], emit, token: str = TOKEN) -> list[str]:
    stream = io.StringIO()
    handler = make_handler({"DISCORD_TOKEN": token, **env}, stream)
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


def failed_login() -> None:
    raise ValueError(f"401: Improper token has been passed: {TOKEN!r}")


def log_exception(log: logging.Logger) -> None:
    try:
        failed_login()
    except ValueError:
        log.exception("login failed")


def log_chained(log: logging.Logger) -> None:
    try:
        try:
            failed_login()
        except ValueError as e:
            raise RuntimeError("could not connect") from e
    except RuntimeError:
        log.exception("start-up failed")


def log_stack(tmp_path: Path):
    """A line logged with its stack, from code whose source holds the token (as a
    traceback shows the source lines of each frame)."""
    source = tmp_path / "with_token.py"
    source.write_text(f"def emit(log):\n    log.info('here', stack_info=True)  # {TOKEN}\n")
    spec = importlib.util.spec_from_file_location("with_token", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.emit


LEAKS = {
    "message": lambda log, _: log.warning(f"login with {TOKEN} failed"),
    "args": lambda log, _: log.warning("login with %s failed; headers %r", TOKEN,
                                       {"Authorization": f"Bot {TOKEN}"}),
    "exception": lambda log, _: log_exception(log),
    "chained exception": lambda log, _: log_chained(log),
    "stack": lambda log, tmp_path: log_stack(tmp_path)(log),
    "extra field": lambda log, _: log.info("gateway", extra={"identify": {"token": TOKEN}}),
}


@pytest.mark.parametrize("fmt", ["text", "json"])
@pytest.mark.parametrize("leak", LEAKS)
def test_the_token_is_redacted_wherever_a_record_carries_it(fmt, leak, tmp_path):
    lines = logged({"LOG_FORMAT": fmt}, lambda log: LEAKS[leak](log, tmp_path))
    text = "\n".join(lines)
    assert TOKEN not in text, text
    if (leak, fmt) != ("extra field", "text"):  # the text format shows no extra fields
        assert "[redacted]" in text, text
    if fmt == "json":
        [record] = [json.loads(line) for line in lines]  # still one JSON object
        assert "[redacted]" in json.dumps(record)


def test_a_token_with_spaces_around_it_in_the_environment_is_redacted_too():
    lines = logged({}, lambda log: log.warning("login with %s failed", TOKEN),
                   token=f" {TOKEN}\n")
    assert TOKEN not in lines[0] and "[redacted]" in lines[0]


def test_a_secret_that_json_escapes_is_redacted_in_json_lines_too():
    secret = 'pass"word\\with-quotes'
    [line] = logged({"LOG_FORMAT": "json"}, lambda log: log.info("saw %s", secret),
                    token=secret)
    assert json.loads(line)["message"] == "saw [redacted]"


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
