"""The delivery ledger: a game's channel is shown every line of its public log, once.

A move is stored before its post is made, and the post can fail afterwards: a moderator
took a permission away, Discord answered 5xx for longer than discord.py retries, the
channel is gone, or the process died in between. The game remembers how much of its
public log its channel has been shown (``game.posted``, the log's length, as of the
write ``posted_version``) and, while a post could not be made, why (``undelivered``).
What was missed is posted later, in front of the next post the channel gets: the next
move's, ``/board``'s, the scheduler's retry after an outage (``redeliver_at``, a few
times, further apart each time), or the bot's restart (every game whose log has lines
past what was shown). A missing permission is not retried by the clock: nothing changes
until a moderator acts, and the next move or ``/board`` shows whether they did.

The face tells the table how each public post went (``delivered`` / ``undelivered``)
with the reply's own ``game_id``, ``version`` and log positions; it knows nothing of
the ledger beyond that. Only ledger posts (a move's, a catch-up) carry those positions,
and only they are sent with a nonce (``delivery_key``), so that a post Discord stored
before answering 500 is not stored twice when it is sent again."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.replies import Place, Reply
from bot.table.core import TableCore
from db import TIEBREAK, Game
from engine.grammar import and_

# After an outage (5xx, a timeout), a post is tried again this long after each failure;
# then no more by the clock (the next move, /board or restart still deliver it).
RETRY_AFTER = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30))

@dataclass(frozen=True)
class Failed:
    """Why a public post could not be made, in the face's words but no Discord types:
    ``missing`` permissions (as a server's settings name them: "Attach Files"); a
    ``locked`` thread; the channel ``gone``; or an outage (none of these: Discord 5xx, a
    timeout, the network)."""

    missing: tuple[str, ...] = ()
    locked: bool = False
    gone: bool = False
    detail: str = ""
    why: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "why", "permissions" if self.missing else "locked"
                           if self.locked else "gone" if self.gone else "outage")


def delivery_key(reply: Reply) -> str | None:
    """The nonce a ledger post is sent with (at most 25 characters, as Discord allows):
    one per game and write, so the same post sent twice is stored once."""
    if reply.game_id is None or reply.version is None or reply.log_seen is None:
        return None
    return f"d{reply.game_id}v{reply.version}"




def not_posted(failed: Failed, *, stored: bool) -> str:
    """What the one whose post failed is told, privately: that what they did is kept (if
    it was stored), what stops the post, and what brings it."""
    kept = "Your move is stored, but I could not post it in this channel"
    if not stored:
        kept = "I could not post in this channel"
    later = "`/board` or the next move posts everything the channel missed."
    if failed.missing:
        return (f"{kept}: I am missing {and_(f'**{m}**' for m in failed.missing)} here. A "
                "moderator can grant it in the channel's settings (Edit Channel → "
                f"Permissions, for my role or me). Once they have, {later}")
    if failed.locked:
        return (f"{kept}: this thread is archived and locked. A moderator must unlock it "
                f"(the thread's ⋯ menu → Unlock Thread); then {later}")
    if failed.gone:
        return f"{kept}: Discord says the channel no longer exists."
    return (f"{kept}: Discord is not answering ({failed.detail or 'an outage'}). I will "
            "post it when Discord is back: `/board` or the next move posts it too.")


class Deliveries(TableCore):
    async def delivered(self, reply: Reply) -> None:
        """The face made ``reply``'s public post: the channel has seen the log so far."""
        if reply.game_id is not None and reply.version is not None \
                and reply.log_seen is not None:
            await self.repo.delivered(reply.game_id, reply.version, reply.log_seen)

    async def undelivered(self, reply: Reply, failed: Failed) -> None:
        """The face could not make ``reply``'s public post: note what the channel was
        shown and, for an outage, when to try again."""
        if reply.game_id is None or reply.version is None or reply.log_from is None:
            return
        game = await self.repo.get_game(reply.game_id)
        tries = 0
        if game is not None and game.undelivered:
            tries = int(json.loads(game.undelivered).get("tries", 0))
        retry_at = None
        if failed.why == "outage" and tries < len(RETRY_AFTER):
            retry_at = self.now() + RETRY_AFTER[tries]
        await self.repo.undelivered(reply.game_id, reply.version, reply.log_from, {
            "why": failed.why, "missing": list(failed.missing), "detail": failed.detail,
            "tries": tries + 1, "at": self.now().isoformat()}, retry_at)

    async def catch_up(self, game_id: int, at: int | None = None
                       ) -> tuple[Place, Reply] | None:
        """The post a game's channel is owed: every public log line it was not shown,
        then the position now (picture, whose turn, the pings). None if it is owed
        nothing, is set aside, or is no longer at version ``at`` (a move since posted
        for itself, and a post of its own may be on its way)."""
        game = await self.repo.get_game(game_id)
        if game is None or game.posted is None or game.state is None \
                or (at is not None and game.version != at) \
                or game.status not in ("setup", "active", "finished", TIEBREAK):
            return None
        lg = await self._loaded(game)
        log = lg.public_view()["log"]
        if not game.undelivered and game.posted >= len(log):
            return None
        reply = await self._post(lg, "", late=True)
        return Place(channel_id=game.channel_id, guild_id=game.guild_id), reply

    async def owed(self, now: datetime | None = None) -> list[Game]:
        """Games that owe their channel a post: whose retry after an outage has come
        (``now``), or all (at a restart)."""
        return await self.repo.owed(now)


