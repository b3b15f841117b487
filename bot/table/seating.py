"""Seating: opening a game with its options, joining, leaving, and the start (computer
seats, the deal of free sides, the opening position: one write)."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from bot.pace import Pace, parse_control, parse_timeout
from bot.replies import Actor, Place, Reply, echo, escape
from bot.table.core import TableCore, check_role, pace_of, playable_ids, refusals
from bot.table.game_threads import home_of, housed, reseated
from bot.table.invitations import invitation_pings, not_joined
from bot.table.loaded import Loaded, Refusal
from bot.table.since import opened
from bot.table.wording import COMPUTER, pace_line, seating
from db import ChannelBusy, Seat, id_of
from engine import IllegalAction, games, rng
from engine.contract import Game as Rules
from engine.grammar import and_, count, they
from engine.options import read as read_options

MAX_OPEN_GAMES = 10  # per player and server, unless MAX_OPEN_GAMES says otherwise
MAX_OPTION = 100  # characters of one option's value: the longest real one is ~25


def open_games_limit(env: Mapping[str, str] = os.environ) -> int | None:
    """``MAX_OPEN_GAMES``: games being set up or played one person may sit at in one
    server at once (0: no limit)."""
    text = env.get("MAX_OPEN_GAMES", "").strip()
    limit = int(text) if text else MAX_OPEN_GAMES
    return limit if limit > 0 else None


def parse_options(text: str) -> dict[str, str]:
    """``"goats=12 threefold_draw=off"`` → ``{"goats": "12", "threefold_draw": "off"}``: the
    words as typed, each name once. Each game's schema (engine/options.py) reads the
    values when the game is opened."""
    out: dict[str, str] = {}
    for part in (text or "").replace(",", " ").split():
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise ValueError(f"Options are written `name=value`; {echo(part)} is not.")
        key = key.lower()
        if key in out:
            raise ValueError(f"Option {echo(key)} is given twice: give each option once.")
        if len(value) > MAX_OPTION:
            raise ValueError(f"The value of option {echo(key)} is too long ({len(value)} "
                             "characters).")
        out[key] = value
    return out


def seat_cap(g: Rules, options: dict) -> int:
    """How many may sit down: the sides in play, or the most the game allows while its
    number of players is left open."""
    return g.PLAYERS[1] if games.count_left_open(g, options) else len(games.sides(g, options))


class Seating(TableCore):
    @refusals
    async def new(
        self,
        place: Place,
        actor: Actor,
        game_id: str,
        *,
        role: str | None = None,
        opponent: str | None = None,
        options: dict | None = None,
        seed: int | None = None,
        pace: str | None = None,
        on_timeout: str | None = None,
    ) -> Reply:
        if game_id not in playable_ids():
            raise Refusal(
                f"I don't know the game {echo(game_id)}. Games: {', '.join(playable_ids())}."
            )
        g = games.get(game_id)
        seed = rng.new_seed() if seed is None else seed
        try:
            # The game's schema reads what was typed; setup checks what options say of
            # each other. Only typed values are stored.
            options = read_options(g.OPTIONS, options or {})
            g.setup(seed, options)
        except IllegalAction as e:
            raise Refusal(f"{e} (`/help game:{game_id}` lists the options.)") from None
        # With the computer in every other seat the game starts at once, its count settled.
        role = check_role(g, role, options if opponent != "computer"
                          else {"players": len(games.sides(g, options)), **options})
        self._check_place(place)
        await self._check_open_games(place, actor)
        paced = await self._new_pace(place, g, pace, on_timeout)
        # Last of the checks: a thread opened for the game is never left without it.
        home = await home_of(self.repo, place, g.NAME, actor)
        now = self.now()
        # The game has no id yet: create_game sets each seat's, and numbers them.
        seats = [Seat(game_id=0, position=0, role=role, user_id=actor.user_id,
                      name=actor.name[:100])]
        if opponent == "computer":
            if (why := games.no_computer(g, options)) is not None:
                raise Refusal(f"No computer opponent: {why}.")
            # Every other side in play (the game's usual count when it is left open).
            seats += [
                Seat(game_id=0, position=i + 1, user_id=None, name=COMPUTER, is_bot=True)
                for i in range(len(games.sides(g, options)) - 1)
            ]
        elif opponent not in (None, "", "none"):
            raise Refusal("The only opponent I can provide is `computer`.")
        try:
            game = await self.repo.create_game(
                guild_id=place.guild_id,
                channel_id=home.place.channel_id,
                game=game_id,
                options=options,
                seed=seed,
                created_by=actor.user_id,
                seats=seats,
                now=now,
                sched=self._setup_sched(paced, now),
            )
        except ChannelBusy:
            raise Refusal(
                "This channel already has a game. Finish or abort it first "
                "(`/game abort`), or start yours in another channel or thread."
            ) from None
        loaded = await self._loaded(game)
        if len(loaded.seats) >= seat_cap(g, options) or opponent == "computer":
            started = await self._start(loaded,
                                        intro=f"{escape(actor.name)} starts a game of {g.NAME}.")
            return await housed(self.repo, started, home, g.NAME, actor, loaded.seats)
        need = g.PLAYERS[0] - len(loaded.seats)
        roles = games.sides(g, options) if not games.count_left_open(g, options) else g.ROLES
        sides = f" (sides: {', '.join(roles)})" if len(roles) > 1 else ""
        free = ("every seat needs a player or the computer" if g.ONE_SIDE_EACH
                else "free sides are shared among the players")
        seats_left = (f"{count(need, 'more player')} needed: `/game join`{sides}." if need > 0 else
                      f"Others may `/game join`{sides}; `/game start` when ready ({free}).")
        return await housed(self.repo, Reply(
            public=f"{escape(actor.name)} opens a game of **{g.NAME}** (game #{game.id}). "
            f"{seats_left}\n{pace_line(paced, games.no_computer(g, options) is None)}",
            game_id=game.id,
            version=game.version,
        ), home, g.NAME, actor, loaded.seats)

    async def _new_pace(self, place: Place, g: Rules, pace: str | None,
                        on_timeout: str | None) -> Pace:
        """A new game's pace: what its creator chose, else the server's default, else the
        bot's; its reminders and clean-up as the server has them."""
        server = await self.repo.server(place.guild_id)
        defaults = self.defaults if server is None else self.defaults.of_server(
            server.pace, server.on_timeout, server.setup_days, server.idle_days)
        try:
            control = defaults.control if pace is None else parse_control(pace)
            timeout = defaults.on_timeout if on_timeout is None else parse_timeout(on_timeout)
        except ValueError as e:
            raise Refusal(str(e)) from None
        policy = self.reminders
        return Pace(control=control, on_timeout=timeout, remind=policy.mode,
                    idle=policy.idle_minutes, idle_days=defaults.idle_days,
                    setup_days=defaults.setup_days)

    @staticmethod
    def _check_place(place: Place) -> None:
        """A game opens only where the bot can post it (what it lacks there, the face read
        from Discord): refused before anything is stored, naming what to grant and where."""
        if place.missing:
            raise Refusal(
                f"I cannot run a game here: its posts need {and_(place.missing)}, which I "
                "lack in this channel. A moderator can grant what is missing to my role (or me) "
                "in the channel's settings: Edit Channel → Permissions (a thread has its "
                "channel's permissions). Nothing was set up.")

    async def _check_open_games(self, place: Place, actor: Actor) -> None:
        """One person cannot fill a server with games (``MAX_OPEN_GAMES``)."""
        if self.max_open_games is None:
            return
        count = await self.repo.open_games_of(actor.user_id, place.guild_id)
        if count >= self.max_open_games:
            raise Refusal(f"You already have {count} games open on this server, the most one "
                          "player may have at once. Finish, leave or abort one first.")

    @refusals
    async def join(self, place: Place, actor: Actor, role: str | None = None,
                   game_id: int | None = None) -> Reply:
        """Take a seat; ``game_id``: the game a Join button was made for (a rematch)."""
        lg = await self._load(place)
        g = lg.module
        if game_id is not None and game_id != lg.game.id:
            raise Refusal("That button was for a game that is no longer being set up here.")
        if lg.game.status != "setup":
            raise Refusal("This game has already started; you can watch it here.")
        if lg.game.plan:
            return await self._join_rematch(place, lg, actor)
        options = json.loads(lg.game.options)
        role = check_role(g, role, options)
        mine = [s for s in lg.seats if s.user_id == actor.user_id]
        if mine and g.ONE_SIDE_EACH:
            raise Refusal(f"You already have a seat. In {g.NAME} each player keeps a hidden "
                          "hand, so one person plays one side.")
        if mine and role is None:
            raise Refusal("You already have a seat. To play another side too, name it: "
                          "`/game join side:<side>`.")
        if mine and any(s.role is None for s in mine):
            raise Refusal("Choose your first side before taking a second one.")
        if role and any(s.role == role for s in lg.seats):
            raise Refusal(f"Someone already plays {games.side_name(g, role)}: choose another "
                          f"side, or join without one.")
        if len(lg.seats) >= seat_cap(g, options):
            raise Refusal("Every seat is taken.")
        if not mine:
            await self._check_open_games(place, actor)
        await self.repo.add_seat(lg.game, Seat(game_id=id_of(lg.game), position=0, role=role,
                                               user_id=actor.user_id, name=actor.name[:100]))
        lg = await self._reloaded(lg)
        side = f" as {games.side_name(g, role)}" if role else ""
        if len(lg.seats) >= seat_cap(g, options):
            reply = await self._start(lg, intro=f"{escape(actor.name)} joins{side}.")
        else:
            reply = Reply(public=f"{escape(actor.name)} joins{side}. {seating(lg)}",
                          game_id=lg.game.id, version=lg.game.version)
        return await reseated(self.repo, reply, id_of(lg.game), g.NAME)

    async def _join_rematch(self, place: Place, lg: Loaded, actor: Actor) -> Reply:
        """A rematch's invited player takes the side(s) it planned for them."""
        plan = json.loads(lg.game.plan or "{}")
        seated = {s.role for s in lg.seats}
        mine = [role for user, role in plan["seats"] if user == actor.user_id]
        if not mine:
            raise Refusal(f"This game is the rematch of game #{plan['from']}, for its "
                          "players. Open a game of your own in another channel or thread.")
        todo = [r for r in mine if r not in seated]
        if not todo:
            raise Refusal("You are in: the rematch starts when everyone has joined.")
        if not any(s.user_id == actor.user_id for s in lg.seats):
            await self._check_open_games(place, actor)
        for role in todo:
            lg.game.version = await self.repo.add_seat(lg.game, Seat(
                game_id=id_of(lg.game), position=0, role=role, user_id=actor.user_id,
                name=actor.name[:100]))
        lg = await self._reloaded(lg)
        side = ", ".join(games.side_name(lg.module, r) for r in todo)
        if len(lg.seats) >= len(plan["seats"]):
            return await self._start(lg, intro=f"{escape(actor.name)} joins as {side}.")
        waiting = await invitation_pings(self.repo, plan, lg.seats, lg.module.ROLE_NAMES,
                                         self.now())
        return Reply(public=f"{escape(actor.name)} joins the rematch as {side}. "
                     f"{seating(lg)}", pings=waiting, ping_note="press **Join** to play.",
                     join=lg.game.id, game_id=lg.game.id, version=lg.game.version)

    @refusals
    async def leave(self, place: Place, actor: Actor) -> Reply:
        lg = await self._load(place)
        if lg.game.status != "setup":
            raise Refusal("The game has started: use `/resign` to concede instead.")
        mine = [id_of(s) for s in lg.seats if s.user_id == actor.user_id]
        if not mine:
            raise Refusal("You have no seat in this game.")
        await self.repo.remove_seats(lg.game, mine)
        lg = await self._reloaded(lg)
        if not any(not s.is_bot for s in lg.seats):
            await self.repo.set_status(lg.game, "aborted", now=self.now())
            return Reply(public=f"{escape(actor.name)} leaves; nobody is left, so the game is "
                         "closed.")
        return await reseated(self.repo, Reply(public=f"{escape(actor.name)} leaves. "
                                               f"{seating(lg)}"), id_of(lg.game), lg.module.NAME)

    @refusals
    async def start(self, place: Place, actor: Actor, *, fill_with_computer: bool = False) -> Reply:
        lg = await self._load(place)
        g = lg.module
        if lg.game.status != "setup":
            raise Refusal("The game is already under way.")
        seated = any(s.user_id == actor.user_id for s in lg.seats)
        if not (seated or actor.user_id == lg.game.created_by or actor.is_admin):
            raise Refusal("Only a seated player can start the game.")
        if lg.game.plan and (waiting := not_joined(json.loads(lg.game.plan), lg.seats,
                                                    g.ROLE_NAMES)):
            # Nobody takes an invitee's side in their absence, not even the computer.
            raise Refusal(f"A rematch starts when everyone it invited has joined, and "
                          f"{they(waiting, 'has')} not "
                          "joined yet. Wait for them to press **Join**; or the player who "
                          "opened it (or a moderator) can `/game abort` it, and `/game new` "
                          "opens a game without them.")
        options = self._final_options(lg, fill_with_computer)
        one_each = g.ONE_SIDE_EACH
        in_play = len(games.sides(g, options))
        # The computer fills every empty seat when asked; else the people seated share
        # the free sides, where the game allows it.
        empty = in_play - len(lg.seats)
        missing = (in_play if one_each else g.PLAYERS[0]) - len(lg.seats)
        if fill_with_computer and empty > 0 and (why := games.no_computer(g, options)):
            raise Refusal(f"The computer cannot fill the table: {why}.")
        if not fill_with_computer and missing > 0:
            why = (f" (in {g.NAME} every side keeps a hidden hand, so nobody plays two)"
                   if one_each else "")
            raise Refusal(f"{count(missing, 'more player')} needed{why}. Ask someone to "
                          "`/game join`, or start with `fill_with_computer: True`.")
        reply = await self._start(lg, intro=f"{escape(actor.name)} starts the game.",
                                  computers=max(empty, 0) if fill_with_computer else 0,
                                  options=options)
        return await reseated(self.repo, reply, id_of(lg.game), g.NAME) if empty > 0 else reply

    @staticmethod
    def _final_options(lg: Loaded, fill: bool) -> dict:
        """The options the game starts with. A number of players left open becomes the
        number seated, or the game's usual number when the computer fills the table; a side
        someone chose must be in play."""
        g = lg.module
        options = json.loads(lg.game.options)
        if games.count_left_open(g, options):
            usual = int(g.OPTIONS["players"]["default"])
            seated = len(lg.seats)
            count = seated if seated >= g.PLAYERS[0] and not (fill and seated < usual) else usual
            options = {**options, "players": count}
        roles = games.sides(g, options)
        chosen = [s.role for s in lg.seats if s.role and s.role not in roles]
        if chosen:
            raise Refusal(f"A {len(roles)}-player game leaves out "
                          f"{games.side_name(g, chosen[0])} (sides: {', '.join(roles)}): that "
                          "player should `/game leave` and join again with another side.")
        return options

    async def _start(self, lg: Loaded, intro: str, computers: int = 0,
                     options: dict | None = None) -> Reply:
        """Seat ``computers`` computer players, deal the sides and store the opening
        position, all in one write."""
        g = lg.module
        game = lg.game
        if options is None:
            options = self._final_options(lg, fill=True)
        added = [Seat(game_id=id_of(game), position=0, name=COMPUTER, is_bot=True)
                 for _ in range(computers)]
        # Deal the sides nobody asked for, at random but reproducibly from the seed (its
        # own stream: the deal says nothing of the engine's cards and dice).
        roles_in_play = games.sides(g, options)
        free = [r for r in roles_in_play if r not in {s.role for s in lg.seats}]
        free = rng.shuffle(rng.stream(game.seed, rng.DEAL), free)
        roles = {id_of(s): s.role or free.pop() for s in lg.seats}
        for seat in added:
            seat.role = free.pop()
        # Fewer players than sides (the game allows it): the players share the remaining
        # sides in turn, so every side has someone to act for it.
        humans = lg.humans()
        for i, role in enumerate(sorted(free, key=g.ROLES.index)):
            holder = humans[i % len(humans)]
            added.append(Seat(game_id=id_of(game), position=0, role=role,
                              user_id=holder.user_id, name=holder.name))
        try:
            state = g.setup(game.seed, options)
        except IllegalAction as e:  # options that only the number seated contradicts
            raise Refusal(f"{e} Seat more players, or `/game abort` and open the game again "
                          "with other options.") from None
        changed = options if options != json.loads(game.options) else None
        # Every clock starts full; the sides the opening position awaits start their wait.
        dealt = [Seat(**{**s.model_dump(), "role": roles[id_of(s)]}) for s in lg.seats]
        now = self.now()
        opening = g.view(state, None)
        sched = await self._schedule(
            lg, opening, status="active", now=now,
            pace=pace_of(game).started(roles_in_play, now), seats=[*dealt, *added])
        # Everyone's "before" until their first move: the opening position.
        await self.repo.start_game(game, roles, state, added, options=changed, sched=sched,
                                   now=now, opening=opened(opening))
        lg = await self._reloaded(lg)
        lg, bot_lines = await self._run_bots(lg)
        lines = [intro, f"**{g.NAME}** — game #{game.id}. {seating(lg)}"]
        if bot_lines:
            lines.append("\n".join(bot_lines))
        return await self._post(lg, "\n".join(lines))
