"""One game of a player's as a list shows it (/mygames, /game list, the "next game"
button): read from the game row alone (its pace and whom it awaits), never its state."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.hours import Availability
from bot.pace import Pace, span
from bot.replies import clip, escape, jump_link
from bot.table.wording import people_labels, unix
from db import ASIDE, MyGame
from engine import games

# How long /game list shows a game set aside (bot/table/places.py).
ASIDE_LISTED = timedelta(days=30)
PAGE_SIZE = 8  # games a page: each line is up to ~200 characters, a message 2,000


@dataclass(frozen=True)
class Listed:
    """One line of /mygames or /game list, with what orders it."""

    rank: int  # 0 waiting on you, 1 on others, 2 being set up, 3 set aside
    since: datetime
    line: str
    link: str


def _awaited(row: MyGame) -> list[str]:
    return row.awaiting.split(",") if row.awaiting else []


def _since(row: MyGame, pace: Pace, roles: Sequence[str]) -> datetime:
    """When the wait for ``roles`` began (the last write, for a game without a pace)."""
    return pace.waiting_since(roles) or row.updated_at


def _line(row: MyGame, you: str, what: str, since: datetime, extra: str = "") -> str:
    g = games.get(row.game)
    return clip(f"**{g.NAME}** #{row.id} · {you}{what} <t:{unix(since)}:R>{extra} · "
                f"[jump]({jump_link(row.guild_id, row.channel_id)})", 300)


def _open(row: MyGame) -> str:
    """The sides whose person left the server, for the others to hand on."""
    g = games.get(row.game)
    names = {r: name for r, _, name in row.holders}
    return "".join(f" · 🚪 {g.ROLE_NAMES.get(r, r)} open ({escape(names.get(r, ''))} left the "
                   "server)" for r in row.left)


def listed(row: MyGame, mine: list[str], now: datetime, duty: Availability) -> Listed:
    """How /mygames shows one game of the player's (``mine``: their sides in it), and
    ``/game list`` each game of the server (no sides)."""
    g = games.get(row.game)
    pace = Pace.from_json(json.loads(row.pace) if row.pace else None)
    link = jump_link(row.guild_id, row.channel_id)
    you = f"you: {', '.join(g.ROLE_NAMES[r] for r in mine)} · " if mine else ""
    if row.invited:
        return Listed(2, row.updated_at, _line(
            row, you, "✉️ a rematch you are invited to: press **Join** there; opened",
            row.updated_at), link)
    if row.status == ASIDE:
        return Listed(3, row.updated_at, _line(row, you, "set aside: its channel was deleted",
                                               row.updated_at), link)
    if row.status == "setup":
        return Listed(2, row.updated_at, _line(row, you, "being set up, opened", row.updated_at),
                      link)
    awaited = _awaited(row)
    waiting = [r for r in mine if r in awaited]
    if waiting:
        since = _since(row, pace, waiting)
        left = [x for r in waiting if (x := pace.left(r, now, duty)) is not None]
        clock = f" · ⏱ {span(min(left))} left" if left else ""
        return Listed(0, since, _line(row, you, "⏳ **your move** since", since,
                                      clock + _open(row)), link)
    # The person first, as everywhere ("meera (Tigers)"); a name, never a mention, so a
    # list pings nobody.
    others = ", ".join(people_labels((u, name, g.ROLE_NAMES.get(r, r))
                                     for r, u, name in row.holders if r in awaited)
                       or [g.ROLE_NAMES.get(r, r) for r in awaited]) or "nobody"
    since = _since(row, pace, awaited)
    return Listed(1, since, _line(row, you, f"waiting for {others} since", since, _open(row)),
                  link)


def page_of(lines: list[str], page: int) -> tuple[list[str], int, int]:
    pages = max(1, -(-len(lines) // PAGE_SIZE))
    page = min(max(1, page), pages)
    return lines[(page - 1) * PAGE_SIZE: page * PAGE_SIZE], page, pages
