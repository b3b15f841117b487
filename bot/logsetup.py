"""Logging: one line per event, that can never print the bot token (it is redacted from
each whole line as formatted, whatever part of the record carried it).

``LOG_FORMAT=json`` writes each line as a JSON object (python-json-logger): ``time``,
``level``, ``logger``, ``message`` and, where the line is about one, the context of what
is being handled: ``interaction`` (the command or what was clicked), ``game_id``,
``guild_id``, ``channel_id``, ``shard`` and ``user_id``; never what anyone typed. The
default is the human-readable format it always was. The context is kept in a context
variable (``log_context``): set where an interaction or a game is taken up, it follows the
work into the tasks it starts, and a filter on the handler copies it onto each record.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import IO

from pythonjsonlogger.json import JsonFormatter

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
CONTEXT = ("interaction", "game_id", "guild_id", "channel_id", "shard", "user_id")

_context: ContextVar[Mapping[str, object]] = ContextVar(
    "darbar_log_context", default=MappingProxyType({}))


def add_log_context(**fields: object) -> None:
    """Add ``fields`` (some of CONTEXT; None leaves a field out) to the context of what
    the current task, and the tasks it starts from now on, log."""
    _context.set({**_context.get(), **{k: v for k, v in fields.items() if v is not None}})


def log_field(key: str) -> object:
    """A field of the current log context (None if unset)."""
    return _context.get().get(key)


@contextmanager
def log_context(**fields: object) -> Iterator[None]:
    """``add_log_context`` for the ``with`` block only (one game of a scheduler tick)."""
    token = _context.set({**_context.get(), **{k: v for k, v in fields.items()
                                               if v is not None}})
    try:
        yield
    finally:
        _context.reset(token)


class AddContext(logging.Filter):
    """Copy the log context onto each record (for the JSON formatter)."""

    def filter(self, record: logging.LogRecord) -> bool:
        for key, value in _context.get().items():
            if not hasattr(record, key):
                setattr(record, key, value)
        return True


class Redacting(logging.Formatter):
    """``inner``'s lines with every secret replaced by ``[redacted]``. The whole formatted
    line is rewritten, not the record's message: a secret can also come in through its
    arguments, a traceback (a chained exception's message, a frame's source line), a
    stack, or an extra field of the JSON format, and each of those ends up here."""

    def __init__(self, inner: logging.Formatter, secrets: Iterable[str]) -> None:
        super().__init__()
        self.inner = inner
        # Stripped as the bot strips the token it logs in with; a short value is no
        # secret worth the garbled lines its every occurrence would make. Each also as a
        # JSON string spells it, should it hold a character JSON escapes.
        kept = [s for s in (x.strip() for x in secrets) if len(s) >= 8]
        self.secrets = list(dict.fromkeys(
            v for s in kept for v in (s, json.dumps(s, ensure_ascii=False)[1:-1])))

    def format(self, record: logging.LogRecord) -> str:
        line = self.inner.format(record)
        for secret in self.secrets:
            line = line.replace(secret, "[redacted]")
        return line


def formatter(kind: str) -> logging.Formatter:
    """``text`` (the default) or ``json``."""
    if kind == "json":
        return JsonFormatter("%(levelname)s %(name)s %(message)s", timestamp="time",
                             rename_fields={"levelname": "level", "name": "logger"},
                             json_ensure_ascii=False)
    if kind != "text":
        raise ValueError("LOG_FORMAT must be text or json")
    return logging.Formatter(TEXT_FORMAT)


def make_handler(env: Mapping[str, str] = os.environ,
                 stream: IO[str] | None = None) -> logging.Handler:
    """The handler every line goes through: ``LOG_FORMAT``'s format, the bot token
    redacted, the log context added; to ``stream`` (default: standard error)."""
    handler = logging.StreamHandler(stream)
    kind = env.get("LOG_FORMAT", "").strip().lower() or "text"
    handler.setFormatter(Redacting(formatter(kind), [env.get("DISCORD_TOKEN", "")]))
    handler.addFilter(AddContext())
    return handler


def setup_logging(env: Mapping[str, str] = os.environ) -> None:
    level = env.get("LOG_LEVEL", "INFO").upper()
    root = logging.getLogger()
    root.handlers[:] = [make_handler(env)]
    root.setLevel(getattr(logging, level, logging.INFO))
    # Alembic announces its plugins and its dialect at every start: only migrations are
    # news, and db.migrations logs those itself.
    logging.getLogger("alembic").setLevel(logging.WARNING)
