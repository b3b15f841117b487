"""The server's board as text (``/server board``): a line per game being set up or
played, open seats first, then the games under way by longest waiting; split into pages of
at most one message each. Read from the game rows alone (never a state), and showing only
what the game's own posts show everyone: seats, whose turn, since when, the clock.

Nothing in the text depends on the moment it is drawn: "since" and "runs out" are
Discord timestamps (``<t:…:R>``) that every reader's client counts from, so the same games
draw the same text and an unchanged board is never edited."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from bot.hours import Availability
from bot.pace import Pace
from bot.replies import MAX_TEXT, clip, jump_link
from bot.table.seating import seat_cap
from bot.table.wording import NOT_CHOSEN, people_labels, unix
from db import BoardGame
from engine import games
from engine.grammar import count

# Pages of one message each; past the last, a line says how many more /game list shows.
# Ten messages of ~2,000 characters hold about 90 games.
MAX_PAGES = 10
PAGE_ROOM = MAX_TEXT - 40  # a page's own head ("page 2 of 3") and a margin
LINE_MAX = 300


@dataclass(frozen=True)
class Line:
    rank: int  # 0 open seats, 1 under way (or full, waiting to start)
    since: datetime
    id: int  # the older game first, where they waited as long
    text: str


def _players(g: BoardGame) -> str:
    names = games.get(g.game).ROLE_NAMES
    return ", ".join(people_labels((s.user_id, s.name, names.get(s.role, s.role) if s.role
                                    else NOT_CHOSEN) for s in g.seats)) or "nobody yet"


def _clock(pace: Pace, awaited: list[str], duty: Mapping[str, Availability]) -> str:
    if pace.control is None:
        return ""
    ends = [t for r in awaited if (t := pace.deadline(r, duty.get(r, Availability())))]
    return f" · ⏱ {pace.control.word()}" + (
        f", runs out <t:{unix(min(ends))}:R>" if ends else "")


def line_of(g: BoardGame, duty: Mapping[str, Availability]) -> Line:
    """How the board shows one game; ``duty``: each awaited side's player's hours (when
    their clock runs out depends on them)."""
    module = games.get(g.game)
    head = f"**{module.NAME}** #{g.id}"
    link = f"[jump]({jump_link(g.guild_id, g.channel_id)})"
    pace = Pace.from_json(json.loads(g.pace) if g.pace else None)
    if g.status == "setup":
        people = sum(not s.is_bot for s in g.seats)
        cap = seat_cap(module, json.loads(g.options or "{}"))
        room = cap - len(g.seats)
        if room > 0:
            return Line(0, g.created_at, g.id, clip(
                f"🪑 {head} · {count(room, 'seat')} open of {cap} · "
                f"{_players(g)} · opened <t:{unix(g.created_at)}:R> · join there: {link}",
                LINE_MAX))
        return Line(1, g.updated_at, g.id, clip(
            f"⏸️ {head} · {_players(g)} · full ({count(people, 'person', 'people')}), "
            f"waiting to start since <t:{unix(g.updated_at)}:R> · {link}", LINE_MAX))
    awaited = g.awaiting.split(",") if g.awaiting else []
    since = pace.waiting_since(awaited) or g.waiting_since or g.updated_at
    held = {s.role: s for s in g.seats if s.role}
    turn = ", ".join(people_labels(
        (s.user_id, s.name, module.ROLE_NAMES.get(r, r)) for r in awaited
        if (s := held.get(r)) is not None)) or "nobody"
    return Line(1, since, g.id, clip(
        f"⏳ {head} · {_players(g)} · **{turn}** to move since <t:{unix(since)}:R>"
        f"{_clock(pace, awaited, duty)} · {link}", LINE_MAX))


def board_pages(listed: list[BoardGame], duty: Mapping[str, Mapping[str, Availability]]
                ) -> list[str]:
    """The board's pages (a message each, at most MAX_PAGES): open seats first, oldest
    first; then the games under way, longest waiting first. ``duty``: per game id, each
    awaited side's hours."""
    lines = sorted((line_of(g, duty.get(str(g.id), {})) for g in listed),
                   key=lambda x: (x.rank, x.since, x.id))
    open_seats = sum(x.rank == 0 for x in lines)
    head = (f"**This server's games** — {count(open_seats, 'game')} with open seats, "
            f"{len(lines) - open_seats} under way. `/game new` opens one; a game's "
            "[jump] link leads to it.")
    if not lines:
        return ["**This server's games** — none being set up or played. `/game new` "
                "opens one, here or in any channel."]
    pages: list[list[str]] = [[]]
    size = len(head)
    for i, x in enumerate(lines):
        if size + len(x.text) + 1 > PAGE_ROOM:
            if len(pages) == MAX_PAGES:
                more = len(lines) - i
                pages[-1][-1] = (f"… and {count(more + 1, 'more game')}: `/game list` "
                                 "shows them all.")
                break
            pages.append([])
            size = 0
        pages[-1].append(x.text)
        size += len(x.text) + 1
    total = len(pages)
    return ["\n".join([head if n == 0 else f"**This server's games**, page {n + 1} of "
                       f"{total}", *page]) for n, page in enumerate(pages)]
