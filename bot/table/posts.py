"""What a table call shows: the public post after a move, the board as a picture or in
words, and the view both are drawn from."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar, cast

import renderer
from bot import memory
from bot.metrics import RENDER, timed
from bot.replies import Ping, Reply, clip, escape
from bot.table.conclusion import Ending
from bot.table.loaded import Loaded
from bot.table.wording import clock_line, result_line, story_line
from engine.contract import View
from engine.grammar import count

# Board images are drawn off the event loop (Pillow releases the GIL while it encodes), on
# two threads of their own: more threads drawing at once only fight the loop for the GIL
# (under load the loop then stalls for tens of ms, and every database round trip with it).
RENDER_THREADS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="darbar-render")
ALT_MAX = 1024  # Discord's limit on an attachment's description
T = TypeVar("T")


# A renderer's first picture builds its caches (sprites drawn large and scaled down), which
# briefly takes tens of MB more: one thread at a time does that, and the heap it freed is
# given back at once, so two threads warming together never add up to the bot's peak.
# What it built lives as long as the process: out of the garbage collector's way since.
_WARMED: set[tuple[str, str]] = set()
_WARMING = threading.Lock()


def _first_or_plain(key: tuple[str, str], draw: Callable[[], T]) -> Callable[[], T]:
    if key in _WARMED:
        return _then_trimmed(draw)

    def first() -> T:
        with _WARMING:
            out = draw()
            if key not in _WARMED:
                _WARMED.add(key)
                memory.trim()
                memory.freeze_long_lived()
            return out
    return first


def _then_trimmed(draw: Callable[[], T]) -> Callable[[], T]:
    """``draw``, then the heap given back if pictures grew the process far since it last
    was (``memory.trim_if_grown``): not timed as the picture's."""
    def run() -> T:
        out = draw()
        memory.trim_if_grown()
        return out
    return run


async def drawn(game_id: str, picture: str, draw: Callable[[], T]) -> T:
    """``draw()`` on a render thread, timed (``darbar_render_seconds``) by game and
    picture (board, banner, hand, chart). Its outcome comes back to the event loop in one
    ``call_soon_threadsafe``: ``run_in_executor`` chains an asyncio future to the
    executor's through callbacks on both sides, 25-30 µs of the loop's CPU a picture
    against 16 this way (a hand-over alone, in a bench of its own)."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[T] = loop.create_future()
    work = _first_or_plain((game_id, picture), timed(RENDER.labels(game_id, picture), draw))

    def run() -> None:
        try:
            out, error = work(), None
        except BaseException as e:  # raised where the picture is awaited
            out, error = None, e
        if not loop.is_closed():  # else the bot has stopped: nobody awaits it
            loop.call_soon_threadsafe(_settle, done, out, error)
    RENDER_THREADS.submit(run)
    return await done


def _settle(done: asyncio.Future[T], out: T | None, error: BaseException | None) -> None:
    if done.cancelled():  # the call awaiting it was cancelled: nobody wants the picture
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(cast(T, out))


async def public_update(lg: Loaded, text: str, ending: Ending | None = None, *,
                        since: int | None = None, late: bool = False,
                        before: View | None = None) -> Reply:
    """The public post after a completed move: image, log, who is next; or, at the end
    (``ending``), the result post: the picture under a banner that says who won, the
    scores, the game's length and who played whom, the ratings, and Rematch buttons.

    ``text`` tells the public log's lines from ``since`` on (its length before this
    call's writes; all of them if not given). Lines before that which the channel was
    never shown (bot/table/deliveries.py) come first: when a post of this game failed,
    or always (``late``: a restart's or a retry's catch-up). ``before``: an earlier
    spectator view (the last move of whoever is pinged) whose changes since the picture
    marks, where the game's picture can."""
    view = lg.public_view()
    log = view["log"]
    since = len(log) if since is None else min(since, len(log))
    if (told := told_from(lg, since, late)) < since:
        text = "\n".join(x for x in (missed_lines(log[told:since]), text) if x)
    # What reads better as text than in a picture on a phone (scores, the card): beside it.
    players = {s.role: escape(s.name) for s in lg.seats if s.role}
    said = renderer.status(lg.game.game, shown_view(lg), players)
    text = "\n".join(x for x in (text, said) if x)
    reply = Reply(public=text, **await board_image(lg, before=before), game_id=lg.game.id,
                  version=lg.game.version, log_from=since, log_seen=len(log))
    names = lg.module.ROLE_NAMES
    if lg.game.status == "finished":
        reply.public = "\n".join(x for x in [text, result_line(lg, already_said=text),
                                            story_line(lg), *(ending.lines if ending else [])]
                                  if x)
        reply.pings = Ping.of_roles(lg.seats, names, {}, [s.role for s in lg.seats if s.role])
        reply.ping_note = "thanks for playing!"
        if ending is not None and reply.image is not None:
            reply.image = await drawn(lg.game.game, "banner", partial(
                renderer.with_banner, reply.image, ending.banner_title, ending.banner_lines))
            words = ". ".join([ending.banner_title, *ending.banner_lines])
            reply.image_alt = clip(f"{words}. {reply.image_alt or ''}", ALT_MAX)
        reply.rematch = lg.game.id
    else:
        reply.pings = Ping.of_roles(lg.seats, names, view, view["active"])
        reply.awaiting = bool(view["active"])
        clocks = clock_line(lg, view["active"])
        if clocks:
            reply.public = f"{text}\n{clocks}"
        # A Discord timestamp: every reader sees it in their own time zone.
        since = int(lg.game.updated_at.timestamp())  # stored and read as aware UTC
        reply.ping_note = f"your move (waiting since <t:{since}:R>)."
    return reply


def told_from(lg: Loaded, since: int | None, late: bool) -> int:
    """The first line of the public log that a post telling it from ``since`` shows:
    earlier, where the channel missed lines (a failed post, or ``late``: a catch-up)."""
    log = len(lg.public_view()["log"])
    since = log if since is None else min(since, log)
    if (late or lg.game.undelivered) and lg.game.posted is not None \
            and lg.game.posted < since:
        return lg.game.posted
    return since


def missed_lines(lines: list[str]) -> str:
    """The public log lines a channel missed, in front of the post that makes them up."""
    head = (f"📬 **Not posted at the time** (I could not post here then): "
            f"{count(len(lines), 'line')} of the game's log.")
    return "\n".join([head, *lines])


async def board_image(lg: Loaded, *, mine: bool = False, focus: str | None = None,
                      mover: str | None = None, before: View | None = None) -> dict:
    """The board everyone sees, or (``mine``) the mover's own position mid-move, as Reply
    fields: the PNG and its alt text. ``mover``: the role whose own view (with its legal
    steps, e.g. the cells a tile may go on) the picture may preview; only ever for that
    role's player. ``before``: an earlier spectator view, what changed since marked
    (where the game's picture marks changes)."""
    view = shown_view(lg, mine=mine)
    if mine and mover is not None:
        view = {**view, "actions": lg.module.view(lg.started(), mover)["actions"]}
    players = {s.role: s.name for s in lg.seats if s.role}
    if before is not None and not renderer.marks_since(lg.game.game):
        before = None
    png = await drawn(lg.game.game, "board", partial(renderer.render, lg.game.game, view,
                                                      players=players, focus=focus,
                                                      before=before))
    return {"image": png, "image_alt": renderer.alt_text(lg.game.game, view, players)}


def shown_view(lg: Loaded, *, mine: bool = False) -> dict:
    """The view a picture or its words show: the mover's own position mid-move, else the
    public one, and for a game that is over, how it ended (``ending``)."""
    view = lg.current_view() if mine else lg.public_view()
    end = ending(lg)
    return {**view, **end} if end else view


def ending(lg: Loaded) -> dict:
    """What the view of a game that is over shows instead of whose turn it was (nothing
    for a game in progress): the rules' result, a resignation (its points are the
    board's, not the result's 1 and 0) or an abort."""
    if lg.game.status == "finished" and lg.game.result:
        result = json.loads(lg.game.result)
        if "resigned" in result or result.get("reason", "").endswith(" resigned."):
            result = {k: v for k, v in result.items() if k != "scores"} | {
                "resigned": result.get("resigned", "")}
        return {"active": [], "result": result}
    if lg.game.status == "aborted":
        return {"active": [], "result": {
            "winners": [], "abandoned": True, "reason": "The game was aborted."}}
    return {}


def board_text(lg: Loaded, *, mine: bool = False) -> str:
    """The board in words (``/board text``)."""
    view = shown_view(lg, mine=mine)
    players = {s.role: escape(s.name) for s in lg.seats if s.role}
    return renderer.describe(lg.game.game, view, players)
