"""The server's board (``/server board``): one message in a channel the moderators chose,
or a few when long (bot/table/board_lines.py draws the pages), listing the server's games
and edited in place.

What is stored (``db.Board``) is all there is: where the board is, its messages' ids and
texts, the server's games as last drawn (``seen``) and when it may next be redrawn
(``due_at``). A face asks ``boards_due`` every few seconds; a board whose server's games
changed since it was drawn (``Repository.game_marks``: any write to a game changes it) is
claimed with one conditional write that puts ``due_at`` BOARD_EVERY seconds on, so of
several processes one redraws it, and however many moves arrive, at most once in that
time. What the face then posted or edited is stored with ``board_drawn``; a board whose
channel is gone or refuses the bot is switched off (``board_off``), saying why; a message
someone deleted is posted again (``board_message_gone``)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Collection
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Protocol

from bot.replies import Actor, Place, Reply
from bot.table.board_lines import board_pages
from bot.table.core import TableCore, duty_of, refusals
from bot.table.loaded import Refusal
from db import Board
from engine.grammar import count

log = logging.getLogger("darbar.board")
# A server's board is redrawn at most once in this many seconds, however fast its games
# move: Discord limits a channel's edits (about 5 in 5 s), and a dashboard a few seconds
# behind is as good as one that flickers.
BOARD_EVERY = timedelta(seconds=30)


class BoardFace(Protocol):
    """What a face does with a board at a moderator's command."""

    async def draw(self, guild_id: str) -> str | None:
        """Draw the server's board now (the reply says whether it could be posted): None
        when it was, else why it was switched off."""

    async def remove(self, guild_id: str, channel_id: str, message_ids: list[str]) -> None:
        """Delete the messages of a board switched off or moved (those already gone are
        no matter)."""


@dataclass(frozen=True)
class BoardDraw:
    """A board claimed for a redraw: where, its messages and their texts as stored (a
    page each; None: a message to post again), the pages to show now, and the claim."""

    guild_id: str
    channel_id: str
    messages: tuple[str | None, ...]
    shown: tuple[str, ...]
    pages: tuple[str, ...]
    version: int


class ServerBoard(TableCore):
    # Set by the Discord face (the sandbox has none): the command's redraw, at once, and
    # taking a board's messages away.
    board_face: BoardFace | None = None

    @refusals
    async def server_board(self, place: Place, actor: Actor, channel: str | None = None,
                           off: bool = False) -> Reply:
        """Show, set up, move or switch off the server's board (moderators change)."""
        if place.guild_id is None:
            raise Refusal("A server's board lists a server's games: use it in a server.")
        guild = place.guild_id
        board = await self.repo.board(guild)
        if channel is None and not off:
            return Reply(private=_state(board))
        if not await self.is_moderator(actor, guild):
            raise Refusal("Only moderators (Manage Channels, or the server's moderator role) "
                          "set the server's board. `/game list` lists the server's games.")
        if channel is not None and off:
            raise Refusal("Give `channel` to keep the board there, or `off:True` to take it "
                          "away, not both.")
        was = board.channel_id if board is not None else None
        if off:
            if board is None or was is None:
                return Reply(private="The server has no board to switch off. "
                                     "`/server board channel:` sets one up.")
            await self._set_board(board, channel_id=None, due_at=None,
                                  off_why=f"switched off by {actor.name}")
            await self._take_away(board, was)
            return Reply(private=f"The board in <#{was}> is switched off and its messages "
                                 "deleted. `/server board channel:` sets it up again.")
        moved = board is not None and was not in (None, channel)
        # Drawn here and now (the face's look at the boards due leaves it alone meanwhile,
        # so that this answer says how it went); by the look, should this not finish.
        await self._set_board(board or Board(guild_id=guild), channel_id=channel,
                              due_at=self.now() + BOARD_EVERY, seen=None, off_why=None,
                              set_by=actor.user_id,
                              **({"messages": "[]", "shown": "[]"} if moved else {}))
        if self.board_face is None:
            return Reply(private=f"Saved: the board is kept in <#{channel}>, posted within "
                                 f"{count(BOARD_EVERY.seconds, 'second')}.")
        why = await self.board_face.draw(guild)
        if why is not None:
            return Reply(private=f"I could not post the board in <#{channel}>: {why} The "
                                 "board is off; give the command again once that is mended.",
                         error=True)
        if moved and board is not None and was is not None:
            await self._take_away(board, was)
        return Reply(private=(
            f"The board is in <#{channel}>: one message listing the server's games (more "
            f"when they are many), edited at most every {count(BOARD_EVERY.seconds, 'second')} "
            "as they change. `/server board off:True` takes it away."))

    async def _take_away(self, board: Board, channel_id: str) -> None:
        """The messages of a board switched off or moved, deleted (by the face)."""
        ids = [m for m in json.loads(board.messages) if m]
        if self.board_face is not None and ids:
            await self.board_face.remove(board.guild_id, channel_id, ids)

    async def _set_board(self, board: Board, **values: Any) -> None:
        """A moderator's change, on the board as read (a redraw claimed meanwhile: refused,
        to be given again, rather than mixing the two)."""
        if board.version == 0 and await self.repo.board(board.guild_id) is None:
            await self.repo.save_board(Board(guild_id=board.guild_id, **values))
        elif not await self.repo.claim_board(board.guild_id, board.version, **values):
            raise Refusal("The board was being redrawn just that moment: give the command "
                          "again.")

    # --- what a face asks -----------------------------------------------------------------

    async def boards_due(self, owns: Callable[[str], bool] = lambda _guild: True,
                         guild_id: str | None = None) -> list[BoardDraw]:
        """The boards (of the servers this process carries, ``owns``; or ``guild_id``'s)
        whose time has come and whose games changed since they were drawn, claimed and
        drawn. One unchanged is left due, and nothing is written for it."""
        now = self.now()
        if guild_id is None:
            boards = [b for b in await self.repo.due_boards(now) if owns(b.guild_id)]
        else:
            one = await self.repo.board(guild_id)
            boards = [one] if one is not None and one.channel_id is not None else []
        marks = await self.repo.game_marks([b.guild_id for b in boards])
        out = []
        for b in boards:
            messages = json.loads(b.messages)
            if marks[b.guild_id] == b.seen and messages and None not in messages:
                continue
            if not await self.repo.claim_board(b.guild_id, b.version, seen=marks[b.guild_id],
                                               due_at=now + BOARD_EVERY):
                continue  # another process has it, or a moderator changed it
            assert b.channel_id is not None
            out.append(BoardDraw(b.guild_id, b.channel_id, tuple(messages),
                                 tuple(json.loads(b.shown)),
                                 tuple(await self.board_pages(b.guild_id)), b.version + 1))
        return out

    async def board_pages(self, guild_id: str) -> list[str]:
        """The server's board as it reads now."""
        listed = await self.repo.board_games(guild_id)
        awaited = {str(g.id): {s.role: s.user_id for s in g.seats
                               if s.role and s.user_id and not s.is_bot
                               and s.role in (g.awaiting or "").split(",")}
                   for g in listed if g.status == "active"}
        players = await self.repo.players({u for sides in awaited.values()
                                           for u in sides.values() if u})
        return board_pages(listed, {game: {r: duty_of(players.get(u)) for r, u in sides.items()
                                           if u}
                                    for game, sides in awaited.items()})

    async def board_drawn(self, draw: BoardDraw, messages: list[str], shown: list[str], *,
                          whole: bool = True) -> bool:
        """What the face posted and edited for ``draw``, stored (False: a moderator changed
        the board meanwhile; what was posted is theirs to tidy). Not ``whole``: Discord
        stopped answering part way, and the rest is drawn when next due."""
        return await self.repo.claim_board(draw.guild_id, draw.version,
                                           messages=json.dumps(messages),
                                           shown=json.dumps(shown),
                                           **({} if whole else {"seen": None}))

    async def board_off(self, draw: BoardDraw, why: str) -> None:
        """The board's channel is gone or refuses the bot: switched off, saying why
        (``/server board`` shows it; a moderator sets it up again)."""
        log.warning("server %s: its board in channel %s is switched off: %s",
                    draw.guild_id, draw.channel_id, why)
        await self.repo.claim_board(draw.guild_id, draw.version, channel_id=None,
                                    due_at=None, off_why=why)

    async def board_channel_gone(self, channel_ids: Collection[str]) -> None:
        """Channels deleted: a board in one is switched off, saying so."""
        for channel_id in channel_ids:
            for b in await self.repo.boards_in(channel_id):
                log.warning("server %s: its board's channel %s was deleted; the board is "
                            "off", b.guild_id, channel_id)
                await self.repo.claim_board(b.guild_id, b.version, channel_id=None,
                                            due_at=None, off_why=CHANNEL_GONE)

    async def board_message_gone(self, channel_id: str, message_ids: Collection[str]
                                 ) -> bool:
        """Someone deleted a board's messages: they are posted again at once (with the
        pages after them, so they stay in order). Whether any was a board's."""
        for b in await self.repo.boards_in(channel_id):
            messages = json.loads(b.messages)
            if gone := set(message_ids) & {m for m in messages if m}:
                return await self.repo.claim_board(
                    b.guild_id, b.version, due_at=self.now(),
                    messages=json.dumps([None if m in gone else m for m in messages]))
        return False


CHANNEL_GONE = "its channel was deleted."


def _state(board: Board | None) -> str:
    if board is None or (board.channel_id is None and board.off_why is None):
        return ("The server has no board. A moderator's `/server board channel:#games` keeps "
                "one message there listing the server's games, edited as they change.")
    if board.channel_id is None:
        return (f"The server's board is off ({board.off_why}). `/server board channel:` "
                "sets it up again.")
    pages = len(json.loads(board.messages))
    return (f"The server's board is in <#{board.channel_id}> ({count(max(pages, 1), 'message')}"
            f"), edited at most every {count(BOARD_EVERY.seconds, 'second')} as the games "
            "change. `/server board off:True` takes it away.")
