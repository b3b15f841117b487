"""Side games: a game of another kind that a game waits on before it ends, played as a game
of its own in the same channel (Vijayanagara's Goat-Tiger tiebreak, 5.5: the engine's
``side_game``). The waiting game has the status ``tiebreak`` (not live, so its channel
holds the side game); the side game is linked to it (``Game.side_game_of``) and, when it
ends (won, drawn, resigned or aborted), the table writes its outcome to the waiting game as
a ``SIDE_GAME`` step, in the step log like every other, so a replay gives the same result.
Each post that opens or settles one follows the post that led to it (``Reply.then``)."""

from __future__ import annotations

import json
import logging

from bot.pace import Pace
from bot.replies import Reply
from bot.table.core import TableCore, pace_of
from bot.table.loaded import Loaded
from bot.table.since import opened
from bot.table.wording import COMPUTER, seating
from db import TIEBREAK, ChannelBusy, NewStep, Seat, VersionConflict, id_of
from engine import games, rng

log = logging.getLogger("darbar.table")
OVER = ("finished", "aborted")


class SideGames(TableCore):
    async def _follow_on(self, lg: Loaded, reply: Reply) -> Reply:
        """``reply``, with the post that follows it in the same channel: the side game a
        game now waits on, opened; or, after a side game's end, the game it decided."""
        post = None
        if lg.game.status == TIEBREAK:
            post = await self._open_side_game(lg)
        elif lg.game.side_game_of is not None and lg.game.status in OVER:
            post = await self._settle_side_game(lg)
        if post is not None:
            reply.then.append(post)
        return reply

    async def resume_side_game(self, game_id: int) -> Reply | None:
        """After a restart: for a game waiting on a side game, the side game a crash left
        unopened, or the outcome of one that ended but was not yet written to it, as the
        post it makes; None when there is nothing to do (or another process did it)."""
        game = await self.repo.get_game(game_id)
        if game is None or game.status != TIEBREAK:
            return None
        opened = await self.repo.side_games_of(game_id)
        if opened and opened[-1].status in OVER:
            return await self._settle_side_game(await self._loaded(opened[-1]))
        return await self._open_side_game(await self._loaded(game))

    async def _open_side_game(self, lg: Loaded) -> Reply | None:
        """The side game ``lg`` waits on, opened in its channel between the people (or the
        computer) seated for the sides it names, under way; its first post. None when it
        is open already (another call opened it) or the channel is taken."""
        g = lg.module
        wanted = g.side_game(lg.state) if g.side_game is not None and lg.state else None
        if wanted is None or len(await self.repo.side_games_of(id_of(lg.game))) >= \
                wanted["round"]:
            return None
        side = games.get(wanted["game"])
        seats = []
        for role, theirs in wanted["sides"].items():
            seat = lg.seat_for(theirs)
            if seat is None or seat.is_bot:
                seat = Seat(game_id=0, position=0, name=COMPUTER, is_bot=True)
            seats.append(Seat(game_id=0, position=0, role=role, is_bot=seat.is_bot,
                              user_id=seat.user_id, name=seat.name))
        seed = rng.new_seed()
        state = side.setup(seed, {})
        view = side.view(state, None)
        now = self.now()
        # The waiting game's pace (its clocks' rules, reminders, what a timeout does), with
        # every clock new.
        was = pace_of(lg.game)
        pace = Pace(control=was.control, on_timeout=was.on_timeout, remind=was.remind,
                    idle=was.idle, idle_days=was.idle_days, setup_days=was.setup_days
                    ).started(list(side.ROLES), now)
        duty = await self.duties(seats)
        awaited = [r for r in view["active"] if any(s.role == r and not s.is_bot for s in seats)]
        sched = self._sched(pace.settled(awaited, now, duty), seats, duty, status="active",
                            created=now, updated=now, awaiting=",".join(view["active"]))
        try:
            row = await self.repo.open_side_game(
                lg.game, game=side.ID, options=state["options"], seed=seed, seats=seats,
                state=state, sched=sched, now=now, opening=opened(view))
        except ChannelBusy:
            log.warning("game #%s: its side game could not be opened: the channel is taken",
                        lg.game.id)
            return None
        opened_lg = await self._loaded(row)
        opened_lg, bot_lines = await self._run_bots(opened_lg)
        lines = [f"⚖ The tie of game #{lg.game.id} ({g.NAME}) is played out: "
                 f"**{side.NAME}** — game #{row.id}. {seating(opened_lg)}", *bot_lines]
        return await self._post(opened_lg, "\n".join(lines))

    async def _settle_side_game(self, lg: Loaded) -> Reply | None:
        """The game ``lg`` (a side game, over) was opened for, told how it ended, and its
        post: its result, or the next side game opened. None when that game no longer
        waits on this one (settled already, by another call)."""
        parent = await self.repo.get_game(lg.game.side_game_of or 0)
        if parent is None or parent.status != TIEBREAK:
            return None
        waiting = await self._loaded(parent)
        g = waiting.module
        state = waiting.state
        wanted = g.side_game(state) if g.side_game is not None and state else None
        opened_ids = [id_of(x) for x in await self.repo.side_games_of(id_of(parent))]
        if state is None or wanted is None or \
                opened_ids[wanted["round"] - 1: wanted["round"]] != [id_of(lg.game)]:
            return None  # not the side game it waits on now
        result = json.loads(lg.game.result) if lg.game.status == "finished" and \
            lg.game.result else None
        winners = result["winners"] if result else []
        won = winners[0] if len(winners) == 1 else None
        role = wanted["sides"][won] if won else next(iter(wanted["sides"].values()))
        state = games.apply_step(g, state, role, games.SIDE_GAME, won)
        try:
            waiting = await self._store(waiting, [NewStep(role, None, games.SIDE_GAME, won)],
                                        state)
        except VersionConflict:
            return None  # settled meanwhile by another call
        how = (f"won by the {lg.module.ROLE_NAMES[won]}" if won else
               "aborted" if lg.game.status == "aborted" else "ended without a winner")
        return await self._post(waiting, f"⚖ Game #{lg.game.id} ({lg.module.NAME}), the "
                                f"tiebreak of game #{parent.id} ({g.NAME}), was {how}.")
