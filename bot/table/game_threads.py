"""A game's own thread (issue 41), as plain functions of the repository and a game: where a
new game lives (a thread the face opens, or the channel itself and why), the thread's name
(the game, its number and its players, renamed as seats fill), whom to add to it, the
notice and the result said in the channel it was opened from, and when it is archived.

The face does what a reply asks of the thread (``ThreadChange``); the table decides it,
so the sandbox and the tests read the same decisions. A thread is opened only once the
game is sure to be made (everything typed was checked), so a refusal leaves no thread."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from bot.replies import Actor, NoThread, Place, Reply, ThreadChange, clip, escape, jump_link
from bot.table.loaded import Loaded
from bot.table.server_options import ServerOptions
from bot.table.wording import COMPUTER, result_line
from db import Repository, Seat, id_of
from engine.grammar import and_

MAX_NAME = 100  # Discord's limit on a thread's name


def thread_name(game_name: str, game_id: int | None, names: Sequence[str]) -> str:
    """"Goat-Tiger #12 · ravi v meera": within Discord's 100 characters, the players that
    do not fit counted ("+2") rather than cut in the middle of a name."""
    head = game_name if game_id is None else f"{game_name} #{game_id}"
    people = list(dict.fromkeys(" ".join(n.split()) or "?" for n in names))
    for shown in range(len(people), 0, -1):
        more = f" +{len(people) - shown}" if shown < len(people) else ""
        text = f"{head} · {' v '.join(people[:shown])}{more}"
        if len(text) <= MAX_NAME:
            return text
    return clip(f"{head} · {people[0]}" if people else head, MAX_NAME)


def seated_names(seats: Iterable[Seat]) -> list[str]:
    """Each person seated once, in seat order (the computer as "Computer")."""
    return list(dict.fromkeys(COMPUTER if s.is_bot else s.name for s in seats))


def seated_people(seats: Iterable[Seat]) -> tuple[str, ...]:
    """The user ids of the people seated: the thread's members."""
    return tuple(dict.fromkeys(s.user_id for s in seats if s.user_id and not s.is_bot))


@dataclass(frozen=True)
class Home:
    """Where a new game lives: ``place`` (its thread, or the channel where it was asked
    for), the channel a thread was opened from, and why there is no thread where the
    server wanted one (a permission the bot lacks, named)."""

    place: Place
    parent: str | None = None
    why_not: str | None = None


async def home_of(repo: Repository, place: Place, game_name: str, actor: Actor) -> Home:
    """A thread of its own for a new game where the server wants one (the default) and the
    face can open one here (an ordinary text channel: not a thread, not a DM)."""
    if place.opener is None or place.guild_id is None:
        return Home(place)
    if not ServerOptions.of(await repo.server(place.guild_id)).threads:
        return Home(place)
    try:
        thread_id = await place.opener.open(thread_name(game_name, None, [actor.name]))
    except NoThread as e:
        return Home(place, why_not=(
            f"(No thread of its own: I lack {and_(list(e.missing))} in this channel, so the "
            "game lives here. A moderator can grant it to my role in the channel's settings, "
            "or keep games in channels with `/server settings threads:channel`.)"))
    return Home(Place(thread_id, place.guild_id), parent=place.channel_id)


async def housed(repo: Repository, reply: Reply, home: Home, game_name: str,
                 actor: Actor, seats: Sequence[Seat]) -> Reply:
    """A new game's reply where it lives: in its thread (stored, named with its number and
    players, its people added, a one-line notice in the channel), or with why not."""
    if reply.game_id is None or reply.error:
        return reply
    reply.follow = reply.game_id
    if home.why_not is not None and reply.public is not None:
        reply.public = f"{reply.public}\n{home.why_not}"
    if home.parent is None:
        return reply
    thread = home.place.channel_id
    await repo.add_game_thread(reply.game_id, thread, home.parent)
    reply.thread = ThreadChange(
        thread, home.parent, name=thread_name(game_name, reply.game_id, seated_names(seats)),
        add=seated_people(seats), opened=True,
        to_parent=(f"🎲 {escape(actor.name)} opened **{game_name}** (game #{reply.game_id}) "
                   f"in a thread of its own: {jump_link(home.place.guild_id, thread)}"))
    return reply


async def reseated(repo: Repository, reply: Reply, game_id: int, game_name: str) -> Reply:
    """After seats changed (a join, the computer filling the table): the thread named for
    the players now seated, and each of them one of its members."""
    if reply.error or (found := await repo.game_thread(game_id)) is None:
        return reply
    seats = await repo.seats(game_id)
    reply.thread = ThreadChange(found.thread_id, found.parent_id,
                                name=thread_name(game_name, game_id, seated_names(seats)),
                                add=seated_people(seats))
    return reply


async def after_post(repo: Repository, lg: Loaded, reply: Reply, now: datetime) -> None:
    """Beside a game's public post: who follows it by DM gets it too; at its end, the
    result is said in the channel its thread was opened from (once), and the thread's
    archiving is scheduled after the server's ``archive_hours``."""
    if reply.public is None:
        return
    game_id = id_of(lg.game)
    reply.followers = lg.followers if lg.followers is not None else \
        tuple(await repo.dm_followers(game_id))
    if lg.game.status == "finished":
        await ended(repo, lg, reply, now, result_line(lg))


async def ended(repo: Repository, lg: Loaded, reply: Reply, now: datetime, how: str) -> Reply:
    """A game over (finished, or aborted): the thread's archiving scheduled after the
    server's ``archive_hours`` and, by the one call that scheduled it, ``how`` it ended
    said in the parent channel with a jump link."""
    game_id = id_of(lg.game)
    options = ServerOptions.of(await repo.server(lg.game.guild_id))
    found = await repo.schedule_archive(game_id, now + timedelta(hours=options.archive_hours))
    if found is None:  # no thread, or its end was already said
        return reply
    link = jump_link(lg.game.guild_id, found.thread_id)
    said = " ".join(x for x in (how, link) if x)
    reply.thread = replace(reply.thread or ThreadChange(found.thread_id, found.parent_id),
                           to_parent=clip(f"**{lg.module.NAME}** (game #{game_id}): {said}"))
    return reply
