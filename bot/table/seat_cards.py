"""A seat put up for a substitute, as its card says it (the side, the position in a
phrase, the side's clock, what happens next) and where the card goes: the game's own
channel and the server's lobby. Plain functions, and the one write that puts a seat up,
shared by ``/game substitute`` (substitutes.py) and a timeout (clocks.py)."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from bot.pace import Pace, span
from bot.replies import SeatCard, escape
from bot.table.core import pace_of
from bot.table.loaded import Loaded
from bot.table.server_options import ServerOptions
from bot.table.wording import unix, waiting_for
from db import Repository, Seat, Substitute, id_of
from engine import games

# How long the others have to refuse a candidate: after that the seat is theirs (a seat
# left empty costs everyone more than a substitute nobody objected to in half a day).
CONSENT_HOURS = 12
CONSENT = timedelta(hours=CONSENT_HOURS)
SCORE_MAX = 160  # the score's first line, as much of it as a card shows


def position(lg: Loaded) -> str:
    """The position in a phrase: the move number, whom it waits for, the score where the
    game keeps one (what ``/game status`` and ``/score`` show everyone)."""
    view = lg.public_view()
    words = f"Move {view['move']}, waiting for {waiting_for(lg, view['active'])}"
    report = lg.module.score_report
    if report is not None:
        first = report(lg.seen()).strip().splitlines()
        if first:
            words += f"; {first[0][:SCORE_MAX]}"
    return words + "."


def clock(pace: Pace, role: str) -> str:
    """The side's clock as it goes with the side to whoever takes it."""
    if pace.control is None or role not in pace.bank:
        return "no clock: reminders only"
    if role in pace.timed_out or pace.bank[role] <= 0:
        return (f"its time ran out; whoever takes it starts with {span(pace.grace())} "
                "on its clock")
    return f"{span(pace.bank[role])} on its clock, which goes with the side"


def card_text(lg: Loaded, sub: Substitute) -> str:
    """The card as the seat now stands (open, asking, taken, lapsed or computer)."""
    g = lg.module
    side = games.side_name(g, sub.role)
    left = ("ran out of time" if sub.why == "timeout" else
            f"needs a substitute (put up by {escape(sub.by_name)})")
    head = (f"🪑 **Substitute wanted: {side}** in **{g.NAME}** (game #{lg.game.id}, "
            f"<#{lg.game.channel_id}>). {escape(sub.from_name)} {left}.")
    if sub.state == "taken":
        return (f"🪑 ~~Substitute wanted~~ **{side}** in **{g.NAME}** (game #{lg.game.id}, "
                f"<#{lg.game.channel_id}>): taken by **{escape(sub.candidate_name)}**, "
                f"after {escape(sub.from_name)}.")
    if sub.state == "computer":
        return (f"🪑 ~~Substitute wanted~~ **{side}** in **{g.NAME}** (game #{lg.game.id}): "
                "nobody took it in time, so the computer plays it.")
    if sub.state == "lapsed":
        return (f"🪑 ~~Substitute wanted~~ **{side}** in **{g.NAME}** (game #{lg.game.id}): "
                f"no longer up ({escape(sub.from_name)} moved again, the side changed "
                "hands, or the game ended).")
    lines = [head, f"📍 {position(lg)}",
             f"⏱ {side}: {clock(pace_of(lg.game), sub.role)}."]
    if sub.state == "asking" and sub.due_at is not None:
        lines.append(f"⏳ **{escape(sub.candidate_name)}** offered to take it: the other "
                     f"players are asked; it is theirs <t:{unix(sub.due_at)}:R> unless "
                     "one refuses.")
    else:
        lines.append(f"Press **Take the seat** to play it (not if you play in this game). "
                     f"The other players are asked; it is yours once they all agree, or "
                     f"{CONSENT_HOURS} hours after you press unless one refuses. A "
                     "substitute's game is not rated for them.")
    if sub.expires_at is not None:
        lines.append(f"Unless someone takes it by <t:{unix(sub.expires_at)}:f>, the "
                     "computer plays it.")
    return "\n".join(lines)


def card(lg: Loaded, sub: Substitute, *, post_in: tuple[str, ...] = ()) -> SeatCard:
    """The card to post in ``post_in``, and to write over its posts made before."""
    posts = tuple((c, m) for c, m in json.loads(sub.posts))
    return SeatCard(id_of(sub), card_text(lg, sub), sub.state == "open", post_in=post_in,
                    edit=posts)


async def put_up(repo: Repository, lg: Loaded, seat: Seat, *, by: tuple[str, str] | None,
                 now: datetime, expires_at: datetime | None = None
                 ) -> tuple[Substitute, bool]:
    """Put ``seat`` up for a substitute (``by``: who asked, as (user id, name); None: a
    timeout, which ``expires_at`` ends). Returns the row and whether it is new: a side up
    already keeps its row (a timeout gives it its end)."""
    assert seat.role is not None and seat.user_id is not None  # a person's side in play
    sub = await repo.put_up(Substitute(
        game_id=id_of(lg.game), role=seat.role, from_user=seat.user_id,
        from_name=seat.name, by=by[0] if by else None, by_name=by[1] if by else "",
        why="asked" if by else "timeout", expires_at=expires_at,
        due_at=expires_at, created_at=now))
    if sub is not None:
        return sub, True
    found = await repo.pending_substitute(id_of(lg.game), seat.role)
    assert found is not None  # put_up found it
    if expires_at is not None and found.expires_at is None:
        await repo.move_substitute(found, why="timeout", expires_at=expires_at,
                                   due_at=found.due_at or expires_at)
    return found, False


async def where_posted(repo: Repository, lg: Loaded) -> tuple[str, ...]:
    """The channels a new card goes to: the game's own, and the server's lobby if set."""
    lobby = ServerOptions.of(await repo.server(lg.game.guild_id)).lobby \
        if lg.game.guild_id else None
    return tuple(dict.fromkeys(c for c in (lg.game.channel_id, lobby) if c))
