"""/replay: a game's story once it is over. A stepper through the positions after each
completed move (the picture, that move's log lines and, where the game hides hands, every
hand at that moment), with ◀ ▶ buttons; on request the whole game as an animated GIF and
its log as JSON (the ``darbar export`` format).

Never before the end: the log holds what was hidden (every hand, the cards drawn, the
dice), so a game being set up or played is refused, and so is a game of another channel
(a button's game id is checked, never trusted). An aborted game that had begun is over
too: nobody plays on, so it may be replayed like a finished one.

Every call reads the game and its log again and replays it in a worker process
(``bot.story``), so the event loop never waits for a long replay. Kept between calls: only
where each position begins in the log (``_BOUNDS``), so that a click replays from a
checkpoint a few moves back rather than the whole log."""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict

from bot import workers
from bot.export import export_game
from bot.replies import MAX_TEXT, Actor, Place, Reply, Stepper, clip
from bot.story import Log, Look, Position, Story, tell, tell_at
from bot.table.core import TableCore, refusals
from bot.table.loaded import Loaded, Refusal
from bot.table.posts import ending
from bot.table.wording import capital, possessive, result_line, story_line
from db import LIVE_STATUSES, Game, id_of, step_arg
from engine import games
from engine.contract import Game as Rules
from renderer.common.animation import UPLOAD_LIMIT

# Positions an animation pictures at most (spread evenly over the game): about 2 s of
# drawing and encoding for the longest games (a frame costs what a board post does), and 2
# minutes of animation at 0.7 s a position.
MAX_FRAMES = 150
# What the stepper's own picture and the message around the attachments may take of the
# upload limit.
PICTURE_ROOM = 512 * 1024
# Choices autocomplete offers (Discord's cap).
MAX_CHOICES = 25


# Each position's count of steps, by (game id, version, live steps), for the games
# replayed last: a few hundred numbers a game, and a click then replays a few moves from a
# checkpoint instead of the whole log (a Maharaja game of 1,900 steps: about 1 s). A game
# that is over never changes; the key would change with it anyway.
_BOUNDS: OrderedDict[tuple[int, int, int], tuple[int, ...]] = OrderedDict()
BOUNDS_KEPT = 64


def _remember(key: tuple[int, int, int], bounds: tuple[int, ...]) -> None:
    _BOUNDS[key] = bounds
    _BOUNDS.move_to_end(key)
    while len(_BOUNDS) > BOUNDS_KEPT:
        _BOUNDS.popitem(last=False)


def _no_such_move(game_id: int, moves: int) -> str:
    return f"Game #{game_id} has moves 0 (the start) to {moves}."


def _hand_line(g: Rules, role: str, said: str) -> str:
    """A hand as ``hand_text`` words it for its owner ("Your hand (3 cards): …"), said of
    its side: "Red's hand (3 cards): …"."""
    side = capital(games.side_name(g, role))
    if said.startswith("Your hand"):
        return f"{possessive(side)} hand{said.removeprefix('Your hand')}"
    return f"{side}: {said}"


def _told(lg: Loaded, story: Story, shown: Position, attached: str) -> str:
    """The stepper's text: which move of how many, that move's log lines, and the hands;
    the lines give way (from the end, with "…") so that all of it fits one message."""
    g, n, last = lg.module, shown.index, story.moves
    head = f"**{g.NAME}** — game #{lg.game.id}, replay: "
    if n == 0:
        head += f"the start (move 0 of {last})."
    else:
        head += f"move {n} of {last}" + (":" if shown.lines else ".")
    tail = [_hand_line(g, role, said) for role, said in shown.hands]
    if n == last:
        tail.extend(x for x in (result_line(lg) or f"Game #{lg.game.id} was aborted.",
                                story_line(lg)) if x)
    if attached:
        tail.append(attached)
    room = MAX_TEXT - len(head) - sum(len(x) + 1 for x in tail) - 2
    lines: list[str] = []
    for line in shown.lines:
        if sum(len(x) + 1 for x in lines) + len(line) + 1 > room:
            lines.append("…")
            break
        lines.append(line)
    return clip("\n".join([head, *lines, *tail]))


class Replaying(TableCore):
    # One animation at a time per process, so a worker stays free for the computer's moves.
    _animating: asyncio.Lock | None = None

    @refusals
    async def replay(self, place: Place, actor: Actor, game_id: int | None = None,
                     move: int | None = None, whole: bool = False) -> Reply:
        """Game ``game_id`` (default: the channel's latest) at ``move`` (0: the start;
        default: the end); ``whole``: with the animation and the log attached."""
        game = await self._over(place, game_id)
        if move is not None and move < 0:
            raise Refusal("Moves are counted from 0, the start.")
        lg = await self._loaded(game)
        gid = id_of(game)
        steps = await self.repo.step_log(gid)
        log = Log(game.game, game.seed,
                  games.setup_options(lg.module, json.loads(game.options), lg.state),
                  tuple((s.role, s.action, step_arg(s)) for s in steps))
        players = {s.role: s.name for s in lg.seats if s.role}
        files: list[tuple[str, bytes]] = []
        key = (gid, game.version, len(steps))
        bounds = _BOUNDS.get(key)
        if whole:
            exported = json.dumps(await export_game(self.repo, gid), indent=1).encode()
            files.append((f"game-{gid}.json", exported))
            look = Look(players, ending(lg), MAX_FRAMES,
                        UPLOAD_LIMIT - len(exported) - PICTURE_ROOM)
            if self._animating is None:
                self._animating = asyncio.Lock()
            async with self._animating:
                story = await workers.run(tell, log, move, look, slow=True)
        elif bounds is None:
            story = await workers.run(tell, log, move, Look(players, ending(lg)), slow=True)
        else:
            # A click on a game replayed before: from the latest checkpoint before the
            # position ahead of it, a few moves' steps instead of the whole log.
            n = len(bounds) - 1 if move is None else move
            if n >= len(bounds):
                raise Refusal(_no_such_move(gid, len(bounds) - 1))
            start = await self.repo.checkpoint_before(gid, steps, bounds[n - 1]) if n else None
            story = await workers.run(tell_at, log, n, Look(players, ending(lg)), bounds,
                                      start, slow=True)
        _remember(key, story.bounds)
        shown = story.shown
        if shown is None:
            raise Refusal(_no_such_move(gid, story.moves))
        attached = ""
        if story.animation is not None:
            made = story.animation
            files.insert(0, (f"game-{gid}.gif", made.data))
            scaled = f", at {made.scale:.0%} of the size" if made.scale < 1 else ""
            attached = (f"Attached: the whole game as an animation ({len(made.kept)} of "
                        f"{story.moves + 1} positions{scaled}) and its log as JSON "
                        "(the `darbar export` format).")
        return Reply(private=_told(lg, story, shown, attached), image=shown.png,
                     image_name=f"game-{gid}-move-{shown.index}.png", image_alt=shown.alt,
                     image_private=True, files=files,
                     replay=Stepper(gid, shown.index, story.moves))

    async def _over(self, place: Place, game_id: int | None) -> Game:
        """The game to replay: over, begun, and played in this channel."""
        if game_id is None:
            game = await self.repo.latest_game(place.channel_id)
            if game is None:
                raise Refusal("There is no game in this channel yet, so nothing to replay.")
        else:
            game = await self.repo.get_game(game_id)
            # A game of another channel is refused as if there were none: its players
            # there may not want it shown here, and its existence is theirs to tell.
            if game is None or game.channel_id != place.channel_id:
                raise Refusal(f"There is no game #{game_id} in this channel: a replay "
                              "shows a game where it was played.")
        g = games.get(game.game)
        if game.status in LIVE_STATUSES:
            doing = "set up" if game.status == "setup" else "played"
            why = ("its full log would reveal hidden information, so " if g.hidden
                   else "")
            earlier = await self.repo.ended_games(place.channel_id, 1)
            also = f" Game #{earlier[0][0]} here is over: `/replay game:{earlier[0][0]}`." \
                if earlier else ""
            raise Refusal(f"Game #{game.id} ({g.NAME}) is still being {doing}: {why}the "
                          f"replay opens when the game ends.{also}")
        if game.state is None:
            raise Refusal(f"Game #{game.id} ({g.NAME}) was aborted before it began: there "
                          "is nothing to replay.")
        return game

    async def replay_choices(self, place: Place, typed: str) -> list[tuple[str, str]]:
        """The channel's games that are over, to replay: (name, game id), newest first,
        those whose number or game starts with what was typed. Nothing of a game in
        progress."""
        typed = typed.strip().lstrip("#").lower()
        out = []
        for gid, game, status, when in await self.repo.ended_games(place.channel_id,
                                                                   MAX_CHOICES):
            name = games.get(game).NAME if game in games.ids() else game
            if typed and not (str(gid).startswith(typed) or game.startswith(typed)
                              or name.lower().startswith(typed)):
                continue
            out.append((f"#{gid} {name}, {status} {when:%Y-%m-%d}"[:100], str(gid)))
        return out
