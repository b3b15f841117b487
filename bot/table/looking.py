"""Looking without acting: the game's status, its log, the board (a picture or words), the
game's own reports (card, score), a player's hand, and the rules."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial

import renderer
from bot import guide
from bot.replies import Actor, Place, Reply, clip, paged
from bot.table.core import TableCore, check_role, pace_of, playable_ids, refusals
from bot.table.loaded import Loaded, Refusal
from bot.table.posts import board_image, board_text, drawn
from bot.table.since import NO_RECORD, actions, before_view, listing
from bot.table.turns import acting_role, panel_reply
from bot.table.wording import (
    capital,
    clock_lines,
    pace_line,
    possessive,
    result_line,
    seating,
    waiting_for,
)
from db import Since, id_of
from engine import games
from engine.contract import Game as Rules
from engine.contract import State
from engine.grammar import count
from engine.options import in_force as options_in_force

LOG_TAIL = 15
MAX_SIDES = 25  # Discord's cap on autocomplete choices


Report = Callable[[State], str]


class Looking(TableCore):
    @refusals
    async def status(self, place: Place, actor: Actor) -> Reply:
        lg = await self._load(place)
        g = lg.module
        lines = [f"**{g.NAME}** — game #{lg.game.id}, {lg.game.status}.", seating(lg),
                 "Options: " + options_in_force(g.OPTIONS, json.loads(lg.game.options))
                 + (" (the number of players is settled at the start)"
                    if lg.game.status == "setup" and games.count_left_open(
                        g, json.loads(lg.game.options)) else "") + "."]
        pace = pace_of(lg.game)
        if lg.game.status == "active":
            view = lg.public_view()
            lines.append(f"Moves played: {view['move']}. Waiting for: "
                         + waiting_for(lg, view["active"]) + ".")
        lines.append(pace_line(pace, lg.computer))
        if lg.game.status == "active":
            lines += clock_lines(lg, pace, self.now(), await self.duties(lg.seats))
        return Reply(private=clip("\n".join(lines)))

    async def _latest(self, place: Place, missing: str) -> Loaded:
        """The channel's latest game, finished or not, once it has a board (else
        ``missing``)."""
        game = await self.repo.latest_game(place.channel_id)
        if game is None or game.state is None:
            raise Refusal(missing)
        return await self._loaded(game)

    @refusals
    async def log(self, place: Place, actor: Actor, lines: int = LOG_TAIL,
                  since: str | None = None) -> Reply:
        """The game's latest ``lines`` of log; ``since`` "me": every action since the
        caller's last move, a page at a time (``log_since``)."""
        if since:
            return await self.log_since(place, actor)
        lg = await self._latest(place, "There is no game log in this channel yet.")
        log = lg.public_view()["log"]
        lines = max(1, min(int(lines), 100))
        shown = log[-lines:]
        head = (f"**{lg.module.NAME}** — game #{lg.game.id}, last {len(shown)} of {len(log)} "
                "lines:")
        first = len(log) - len(shown) + 1
        numbered = [f"`{first + i:>3}` {t}" for i, t in enumerate(shown)]
        # Keep the newest lines when the message would exceed Discord's limit.
        while len(head) + sum(len(x) + 1 for x in numbered) > 2000 and len(numbered) > 1:
            numbered.pop(0)
        return Reply(private=clip("\n".join([head, *numbered])))

    @refusals
    async def log_since(self, place: Place, actor: Actor, page: int = 1) -> Reply:
        """``/log since:me``, and its ◀ ▶: the public log since the caller's last move in
        the channel's game, each action with who made it."""
        lg = await self._latest(place, "There is no game log in this channel yet.")
        return paged(listing(lg, await self._since_of(lg, actor, "/log")), page,
                     "log_since")

    async def _since_of(self, lg: Loaded, actor: Actor, command: str) -> Since:
        """What ``actor`` has not seen since their last move (read, never replayed);
        refused to someone not seated, who has no last move to count from."""
        if not lg.roles_of(actor):
            raise Refusal(f"`{command} since:me` counts from your last move, and you are "
                          f"not seated in game #{lg.game.id}: `/log` shows its latest "
                          "lines, `/board` the position.")
        [since] = await self.repo.since(id_of(lg.game), [actor.user_id])
        return since

    async def _board_since(self, lg: Loaded, actor: Actor, public: bool,
                           side: str | None) -> Reply:
        """``/board since:me``: the position with what changed since the caller's last
        move marked, and the actions listed above it in short; with ``side``, that side's
        own board (a Rajas province) with its changes marked."""
        since = await self._since_of(lg, actor, "/board")
        if since.last is None:
            raise Refusal(NO_RECORD.format(id=lg.game.id))
        log = lg.public_view()["log"]
        done = actions(since, log)
        if not done:
            text = "Nothing has happened since your last move: the board as it stands."
        elif renderer.marks_since(lg.game.game):
            text = (f"The board, with {count(len(done), 'action')} since your last move "
                    f"marked (`/log since:me` lists them).")
        else:
            text = (f"{count(len(done), 'action')} since your last move: "
                    f"{lg.module.NAME}'s picture does not mark them yet; `/log since:me` "
                    "lists them.")
        image = await board_image(lg, before=before_view(since, log), focus=side)
        return Reply(public=text, **image) if public else Reply(
            private=text, **image, image_private=True)

    @refusals
    async def board(self, place: Place, actor: Actor, *, public: bool = False,
                    words: bool = False, side: str | None = None,
                    since: str | None = None) -> Reply:
        """The board as an image, or (``words``) as text: every space's pieces and control,
        every faction's resources and points, for those who cannot see the image well.
        ``side``: whose part of the board a picture shows where it cannot show everyone's
        (a Rajas province); by default the side to act. ``since`` "me": with what changed
        since the caller's last move marked."""
        lg = await self._latest(place, "There is no game on the table in this channel.")
        if side:
            side = check_role(lg.module, side, json.loads(lg.game.options))
            if not renderer.focuses(lg.game.game):
                raise Refusal(f"{lg.module.NAME}'s picture already shows every side.")
        if since and not words:
            return await self._board_since(lg, actor, public, side)
        if lg.game.undelivered is not None and not words and not side:
            # A post of this game failed (a permission, an outage): the board is asked
            # for here, so the channel gets what it missed, now that it can be posted.
            reply = await self._post(lg, "", late=True)
            reply.private = "This channel had missed posts of this game: they are posted now."
            return reply
        if side:
            text = f"{possessive(capital(games.side_name(lg.module, side)))} part of the board."
            image = await board_image(lg, focus=side)
            return Reply(public=text, **image) if public else Reply(
                private=text, **image, image_private=True)
        view = lg.public_view()
        last = view["log"][-1] if view["log"] else lg.module.NAME
        if lg.game.status in ("finished", "aborted"):
            last = result_line(lg) or f"Game #{lg.game.id} was aborted."
        mine = lg.in_move and lg.game.status == "active" and \
            bool(set(lg.roles_of(actor)) & set(lg.current_view()["active"])) and not public
        if words:
            said = board_text(lg, mine=mine)
            if mine:
                said = "Your move so far (the others see the position before it):\n" + said
            return Reply(public=clip(said)) if public else Reply(private=clip(said))
        if public:
            return Reply(public=last, **await board_image(lg))
        if mine:
            # The mover's own position so far; everyone else still sees the move's start.
            done = " ".join(lg.current_view()["log"][len(view["log"]):])
            prompt = panel_reply(lg, actor, note="").prompt
            return Reply(private="\n".join(x for x in (
                "Your move so far (the others see the position before it):", done, prompt)
                if x), **await board_image(
                    lg, mine=True, mover=acting_role(lg, actor, lg.started())),
                image_private=True)
        return Reply(private=last, **await board_image(lg), image_private=True)

    async def _report(self, place: Place, which: Callable[[Rules], Report | None],
                      missing: str) -> Reply:
        """A game's own text about the channel's game (its ``card_report`` or
        ``score_report``)."""
        lg = await self._latest(place, "There is no game on the table in this channel.")
        report = which(lg.module)
        if report is None:
            raise Refusal(f"{lg.module.NAME} {missing}.")
        # The position everyone sees: a move under way stays its mover's until complete.
        return Reply(private=clip(report(lg.seen())))

    @refusals
    async def card(self, place: Place, actor: Actor) -> Reply:
        return await self._report(place, lambda g: g.card_report, "has no cards")

    @refusals
    async def score(self, place: Place, actor: Actor) -> Reply:
        return await self._report(place, lambda g: g.score_report, "keeps no running score")

    @refusals
    async def hand(self, place: Place, actor: Actor) -> Reply:
        """The caller's hidden cards, in words and as a picture, for them alone."""
        lg = await self._load(place)
        g = lg.module
        hand_text = g.hand_text
        if hand_text is None:
            raise Refusal(f"{g.NAME} has no hidden hands: everything is on the board "
                          "(`/board`).")
        mine = lg.roles_of(actor)
        if not mine:
            raise Refusal("You are not seated in this game: a hand is shown only to its "
                          "player.")
        if lg.game.status != "active":
            raise Refusal("The cards are dealt when the game starts.")
        role = mine[0]
        # The mover sees their hand as their move leaves it; anyone else, as it stands.
        state = lg.started() if role in lg.current_view()["active"] else lg.seen()
        view = g.view(state, role)
        png = await drawn(lg.game.game, "hand", partial(
            renderer.hand, lg.game.game, view, {s.role: s.name for s in lg.seats if s.role}))
        text = hand_text(view)
        return Reply(private=f"{g.ROLE_NAMES[role]} — {text}", image=png,
                     image_name="hand.png", image_alt=text, image_private=True)

    @staticmethod
    def rules(game_id: str | None = None, topic: str | None = None, page: int = 1) -> Reply:
        """A game's rules in short, its options and topics, or one topic (``game_id`` and
        ``topic``); with neither, the games on this table. A page at a time (bot/guide.py)."""
        if not game_id:
            return Reply(private=guide.games_list(playable_ids()))
        return guide.show(guide.subject(game_id, topic), page, playable_ids())

    @staticmethod
    def help(game_id: str | None = None, topic: str | None = None, page: int = 1) -> Reply:
        """``/help game: topic:``: how to play here, time, ratings, or a game's rules."""
        return guide.show(guide.subject(game_id, topic), page, playable_ids())

    async def help_page(self, place: Place, actor: Actor, page: int, subject: str) -> Reply:
        """Another page of a help text (its ◀ ▶ buttons): ``subject`` comes from the
        button's id, so it is read against the help's subjects again (bot/guide.py)."""
        return guide.show(subject, page, playable_ids())

    async def rules_here(self, place: Place, game_id: str | None = None,
                         topic: str | None = None, page: int = 1) -> Reply:
        """``rules`` of the game named, or else of the channel's game (the latest, so a
        finished one still counts): both faces answer ``/rules topic:`` the same way."""
        if not game_id:
            game = await self.repo.latest_game(place.channel_id)
            if game is None:
                return Reply(private="No game here yet: name one, e.g. "
                             "`/rules game:vijayanagara topic:attack`.", error=True)
            game_id = game.game
        return self.rules(game_id, topic, page)

    async def side_choices(self, place: Place, game_id: str | None,
                           typed: str) -> list[tuple[str, str]]:
        """Sides to suggest as (name, value) pairs: of ``game_id`` (a game being opened),
        else of the channel's game; those starting with what was typed."""
        if not game_id:
            game = await self.repo.live_game(place.channel_id)
            game_id = game.game if game else None
        if game_id not in playable_ids():
            return []
        g = games.get(game_id)
        return [(g.ROLE_NAMES[r], r) for r in g.ROLES if r.startswith(typed.lower())][:MAX_SIDES]
