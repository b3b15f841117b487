""""Since your last move": every action of a game's public log after a person's last
one, attributed to whoever made it (a person, or the computer), as the post that pings
them summarises it and as ``/log since:me`` lists it; and the spectator view their last
move left, for the picture to mark what changed since.

Nothing is replayed: each write that made a move public recorded, with its steps, whose
move it was, the public log lines it made public and (on each person's latest one) the
view it left (``db.PublicMove``). Only the public (spectator) log and view are read, so
nothing a player may not see can be in it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.replies import cut, escape
from bot.table.loaded import Loaded
from bot.table.positions import ByText
from bot.table.wording import COMPUTER, said_by
from db import NewStep, Shown, Since
from engine import jsontext
from engine.contract import View
from engine.grammar import count

# At most this many earlier actions are told in a post, each within SUMMARY_LINE
# characters: the post stays a few lines; /log since:me lists them all.
SUMMARY_ACTIONS = 3
SUMMARY_LINE = 240
LOG_SINCE = "`/log since:me`"
# The views recorded by this process's last writes, by their JSON (see ``parsed_view``).
VIEWS_KEPT = 48
NO_RECORD = ("I have no record of your last move in game #{id}: it was made before this "
             "version of Darbar kept one, or the game was imported, or the move was taken "
             "back. `/log` shows the game's latest lines, `/board` the position.")


@dataclass(frozen=True)
class Action:
    """One turn at the table: consecutive public moves of one side by one hand (a person,
    or the computer: ``user_id`` None), and the public log lines they made public."""

    role: str
    user_id: str | None
    lines: tuple[str, ...]
    start: int  # index in the public log of its first line


def actions(since: Since, public: Sequence[str]) -> list[Action]:
    """The actions after ``since.last``, read against the public log as everyone sees it;
    a move that made no line public is not told."""
    out: list[Action] = []
    for row in since.after:
        lo, hi = min(row.log_from, len(public)), min(row.log_to, len(public))
        if hi <= lo:
            continue
        if out and (out[-1].role, out[-1].user_id) == (row.role, row.user_id) and \
                out[-1].start + len(out[-1].lines) == lo:
            last = out.pop()
            out.append(Action(last.role, last.user_id, last.lines + tuple(public[lo:hi]),
                              last.start))
        else:
            out.append(Action(row.role, row.user_id, tuple(public[lo:hi]), lo))
    return out


def before_view(since: Since, public: Sequence[str]) -> View | None:
    """The spectator view ``since.last`` left (with the public log as it was then), where
    it is kept and something was made public after it."""
    last = since.last
    if last is None or last.view is None or not since.after:
        return None
    return {**parsed_view(last.view), "log": list(public[:last.log_to])}


_views: ByText[View] = ByText(VIEWS_KEPT, jsontext.loads)


def parsed_view(text: str) -> View:
    """``jsontext.loads(text)``, a view as ``PublicMove`` records it. The view a person's
    move left is read back at every post that pings them (the picture marks what changed
    since), and it is the text this process wrote with that move: the view it dumped is
    kept by that text (the last VIEWS_KEPT: a few for each of the 16 or so games a
    process plays at once), so it is not parsed again (a Rajas view, about 7 KB: 30-60
    µs). Kept by the text itself, so whatever the database holds is what is shown; views
    are never changed once made (``engine.contract``)."""
    return _views.get(text)


def who(lg: Loaded, action: Action) -> str:
    """Who made an action, for a message: the person's name (escaped), or the computer
    (a computer seat, or a timeout's move made for a person)."""
    seat = next((s for s in lg.seats if action.user_id and s.user_id == action.user_id),
                None)
    return COMPUTER if seat is None else escape(seat.name)


def said(lg: Loaded, action: Action, limit: int | None = None) -> str:
    """``**meera**: what the log says``, shortened at a word to ``limit``."""
    line = said_by(f"**{who(lg, action)}**", list(action.lines))
    return line if limit is None else cut(line, limit)


def _when(since: Since) -> str:
    return "since your last move" if since.last and since.last.seq else \
        "since the game began"


def summary(lg: Loaded, since: Since, name: str, before: int) -> list[str]:
    """The lines a post that pings ``name`` (escaped) puts first: the actions since their
    last move that came before what the post itself tells (public log line ``before``
    on); none when the post already tells them all."""
    earlier = [a for a in actions(since, lg.public_view()["log"]) if a.start < before]
    if not earlier:
        return []
    head = f"📜 {_when(since).capitalize()}, {name}:"
    if len(earlier) > SUMMARY_ACTIONS:
        head = (f"{head} {count(len(earlier), 'action')} before this one; the last "
                f"{SUMMARY_ACTIONS} here, all of them in {LOG_SINCE}.")
        earlier = earlier[-SUMMARY_ACTIONS:]
    return [head, *(f"• {said(lg, a, SUMMARY_LINE)}" for a in earlier)]


def listing(lg: Loaded, since: Since) -> str:
    """``/log since:me``: every action since the asker's last move, in full."""
    name = f"**{lg.module.NAME}** — game #{lg.game.id}"
    if since.last is None:
        return f"{name}: {NO_RECORD.format(id=lg.game.id)}"
    done = actions(since, lg.public_view()["log"])
    if not done:
        return (f"{name}: nothing has happened {_when(since)}. `/log` shows the game's "
                "latest lines.")
    lines = [f"{name}: {count(len(done), 'action')} {_when(since)}:"]
    lines += [f"• {said(lg, a)}" for a in done]
    return "\n".join(lines)


def shown_by(steps: list[NewStep], before: View, after: View) -> Shown | None:
    """What a write that makes a move public records with it (``db.PublicMove``): whose
    move, the public log lines it makes public, and the spectator view it leaves where a
    person made it (their "before" when they are next pinged), without the log it holds
    (``log_to`` lines of the public log)."""
    if not steps:
        return None
    user = next((s.user_id for s in steps if s.user_id is not None), None)
    return Shown(steps[0].role, user, len(before["log"]), len(after["log"]),
                 None if user is None else _without_log(after))


def opened(view: View) -> Shown:
    """What a game's start records: the opening position, everyone's "before" until they
    move (its log lines are no one's action)."""
    return Shown("", None, len(view["log"]), len(view["log"]), _without_log(view))


def _without_log(view: View) -> str:
    kept = {k: v for k, v in view.items() if k != "log"}
    _views.keep(text := jsontext.dumps(kept), kept)
    return text


def earlier(since: Since, told: int) -> tuple[tuple[str | None, int], ...]:
    """The public moves since a person's last one that a post telling the log from
    ``told`` does not tell itself (the key that puts people who missed the same together)."""
    return tuple((r.user_id, r.log_from) for r in since.after if r.log_from < told)


def earliest(pinged: Mapping[str, Since], public: Sequence[str]) -> View | None:
    """The view the picture marks changes since: the earliest last move of those pinged
    (so the marks cover what each of them missed)."""
    kept = [(s.last.log_to, v) for s in pinged.values()
            if s.last is not None and (v := before_view(s, public)) is not None]
    return min(kept, key=lambda x: x[0])[1] if kept else None
