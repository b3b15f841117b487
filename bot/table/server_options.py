"""A server's community settings as the table reads them (``/server settings``): each
stored value, or the bot's default where the server set none. Read by the parts that
open a game's thread, post open seats and substitutes, and archive finished games."""

from __future__ import annotations

from dataclasses import dataclass

from db import Server

THREADS = {"thread": "a thread of its own, opened by the bot",
           "channel": "the channel where `/game new` was given"}
ARCHIVE_HOURS = 24  # a finished game's thread stays open this long for the last words
MAX_ARCHIVE_HOURS = 24 * 30
MAX_SUBSTITUTE_HOURS = 24 * 7


@dataclass(frozen=True)
class ServerOptions:
    threads: bool = True  # a game gets a thread of its own where the bot may open one
    archive_hours: int = ARCHIVE_HOURS
    lobby: str | None = None  # channel id: open seats and substitutes are posted there
    lfg_role: str | None = None  # role id: mentioned by open seats, self-assigned
    substitute_hours: int = 0  # a timed-out seat is offered to substitutes this long first

    @classmethod
    def of(cls, server: Server | None) -> ServerOptions:
        if server is None:
            return cls()
        return cls(threads=server.threads != "channel",
                   archive_hours=ARCHIVE_HOURS if server.archive_hours is None
                   else server.archive_hours,
                   lobby=server.lobby, lfg_role=server.lfg_role,
                   substitute_hours=server.substitute_hours or 0)
