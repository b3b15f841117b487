""""Since your last move": every action of a game's public log after a person's last
one, attributed to whoever made it (a person, or the computer), as the post that pings
them summarises it and as ``/log since:me`` lists it.

Only the public (spectator) log is read, and only as far as the position everyone sees:
nothing a player may not see can be in it. An action keeps the step numbers it was made
of, so a picture can later replay from a player's last move and mark what changed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.replies import cut, escape
from bot.table.loaded import Loaded
from bot.table.wording import COMPUTER, said_by
from db import LogStep
from engine.contract import View
from engine.grammar import count

# At most this many earlier actions are told in a post, each within SUMMARY_LINE
# characters: the post stays a few lines; /log since:me lists them all.
SUMMARY_ACTIONS = 3
SUMMARY_LINE = 240
LOG_SINCE = "`/log since:me`"


@dataclass(frozen=True)
class Action:
    """One turn at the table: consecutive steps of one side by one hand (a person, or
    the computer: ``user_id`` None), and the public log lines they wrote."""

    role: str
    user_id: str | None
    lines: tuple[str, ...]
    start: int  # index in the public log of its first line
    first_seq: int  # its steps, for a picture to replay the position before and after
    last_seq: int


@dataclass(frozen=True)
class Since:
    """What happened after ``user_id``'s last step (``seq``; 0: they have not acted yet,
    so everything since the start): the actions, in order, from public log line
    ``log_from`` on."""

    user_id: str
    seq: int
    log_from: int
    actions: tuple[Action, ...]


def last_step(steps: Sequence[LogStep], user_id: str) -> int:
    """The index of ``user_id``'s last live step; -1 if they have made none."""
    return next((i for i in range(len(steps) - 1, -1, -1) if steps[i].user_id == user_id),
                -1)


def turns(steps: Sequence[LogStep], start: int) -> list[tuple[int, int]]:
    """``steps[start:]`` as runs [a, b) of one side by one hand."""
    out: list[tuple[int, int]] = []
    a = start
    for i in range(start + 1, len(steps) + 1):
        if i == len(steps) or (steps[i].role, steps[i].user_id) != (steps[a].role,
                                                                   steps[a].user_id):
            out.append((a, i))
            a = i
    return out


def gathered(user_id: str, steps: Sequence[LogStep], start: int, logs: dict[int, int],
             public: Sequence[str]) -> Since:
    """The actions from ``steps[start]`` on, given the public log's length before each
    run (``logs[i]``: before ``steps[i]``; ``logs[len(steps)]``: after them all) and the
    public log as everyone sees it: a run's lines beyond that (a move under way) are not
    told, and a run that wrote nothing others see is not an action."""
    shown = len(public)
    log_from = min(logs[start], shown)
    actions = []
    for a, b in turns(steps, start):
        lo, hi = min(logs[a], shown), min(logs[b], shown)
        if hi > lo:
            actions.append(Action(steps[a].role, steps[a].user_id, tuple(public[lo:hi]), lo,
                                  steps[a].seq, steps[b - 1].seq))
    seq = steps[start - 1].seq if start > 0 else 0
    return Since(user_id, seq, log_from, tuple(actions))


def log_length(view: View) -> int:
    return len(view["log"])


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


def summary(lg: Loaded, since: Since, name: str, before: int) -> list[str]:
    """The lines a post that pings ``name`` (escaped) puts first: the actions since their
    last move that came before what the post itself tells (public log line ``before``
    on); none when the post already tells them all."""
    earlier = [a for a in since.actions if a.start < before]
    if not earlier:
        return []
    when = "Since your last move" if since.seq else "Since the game began"
    head = f"📜 {when}, {name}:"
    if len(earlier) > SUMMARY_ACTIONS:
        head = (f"📜 {when}, {name}: {count(len(earlier), 'action')} before this one; "
                f"the last {SUMMARY_ACTIONS} here, all of them in {LOG_SINCE}.")
        earlier = earlier[-SUMMARY_ACTIONS:]
    return [head, *(f"• {said(lg, a, SUMMARY_LINE)}" for a in earlier)]


def listing(lg: Loaded, since: Since) -> str:
    """``/log since:me``: every action since the asker's last move, in full."""
    name = f"**{lg.module.NAME}** — game #{lg.game.id}"
    if not since.actions:
        return (f"{name}: nothing has happened since your last move. `/log` shows the "
                "game's latest lines.")
    when = "since your last move" if since.seq else "since the game began"
    lines = [f"{name}: {count(len(since.actions), 'action')} {when}:"]
    lines += [f"• {said(lg, a)}" for a in since.actions]
    return "\n".join(lines)
