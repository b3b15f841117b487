"""How the table words seats, people, results and moves in its messages.

Every seat is worded by ``bot.replies.seat_label`` ("ravi (Goats)"); a person holding
several of the sides named is named once, with them all ("ravi (Delhi Sultanate and
Vijayanagara Empire)"). Names are escaped here, for messages; images get them raw.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime

from bot.hours import Availability
from bot.pace import TIMEOUTS, Pace, span
from bot.reminders import describe
from bot.replies import escape, seat_label
from bot.table.loaded import Loaded
from bot.table.positions import ByText
from db import Seat, id_of
from engine.grammar import and_, they

COMPUTER = "Computer"
NOT_CHOSEN = "side not chosen"


def seat_labels(lg: Loaded, seats: Iterable[Seat], raw: bool = False) -> list[str]:
    """``seats`` worded for a message, each person once with all their sides, in the
    order they first appear: ["ravi (Goats)", "Computer (Red and Blue)"]; ``raw``: the
    names unescaped, for a picture."""
    return people_labels([(seat.user_id, seat.name,
                           lg.module.ROLE_NAMES[seat.role] if seat.role else NOT_CHOSEN)
                          for seat in seats], raw)


def people_labels(held: Iterable[tuple[str | None, str, str]], raw: bool = False) -> list[str]:
    """(user id, name, side) worded as ``seat_labels`` words seats: each person once."""
    sides: dict[tuple[str | None, str], list[str]] = {}
    for user_id, name, side in held:
        sides.setdefault((user_id, name), []).append(side)
    return [seat_label(name if raw else escape(name), and_(names))
            for (_, name), names in sides.items()]


def holders(lg: Loaded, roles: Iterable[str], raw: bool = False) -> list[str]:
    """Whoever plays ``roles``, worded by ``seat_labels`` ("nobody" for a side no seat
    holds)."""
    return seat_labels(lg, [lg.seat_for(r) or Seat(game_id=id_of(lg.game), position=0, role=r,
                                                   name="nobody") for r in roles], raw)


def waiting_for(lg: Loaded, roles: Iterable[str]) -> str:
    """``ravi (Goats)``, ``ravi (Goats), meera (Tigers)``: whom the game waits for."""
    return ", ".join(holders(lg, roles))


def seating(lg: Loaded) -> str:
    """``Seats — ravi (Goats) · meera (Tigers)``."""
    labels = seat_labels(lg, lg.seats)
    return "Seats — " + " · ".join(labels) if labels else "No one is seated."


def name_of(lg: Loaded, user_id: str | None) -> str:
    """The name of the person seated as ``user_id`` (raw); the computer's without one."""
    seat = next((s for s in lg.seats if s.user_id == user_id), None)
    return seat.name if seat else COMPUTER


def named(lg: Loaded, user_id: str | None) -> str:
    """``name_of`` as it goes into a message."""
    return escape(name_of(lg, user_id))


def winners_line(lg: Loaded, winners: list[str], raw: bool = False) -> str:
    """``ravi (Goats) wins``, ``meera (Red) and Computer (Blue) win``, ``Computer (Red and
    Blue) wins``: the one wording of a result's winners, in the post's words and (``raw``)
    on its banner."""
    return they(holders(lg, winners, raw), "wins")


def result_line(lg: Loaded, already_said: str = "") -> str:
    """How the game ended, for its last post and for whoever asks about it later."""
    res = json.loads(lg.game.result) if lg.game.result else None
    if res is None:
        return ""
    reason = res.get("reason", "")
    if "resigned" in res:  # the reason holds a raw display name
        reason = f"{named(lg, res['resigned'])} resigned."
    if reason and reason in already_said:
        reason = ""
    if not res["winners"]:
        end = "no one wins" if "resigned" in res else "a draw"
        return f"🏁 Game over — {end}. {reason}".strip()
    return f"🏆 Game over — {winners_line(lg, res['winners'])}. {reason}".strip()


def story_line(lg: Loaded) -> str:
    """What the winners' victory means, where the game's sources read it
    (``result_story``): the last words of the result post and of the replay; "" where
    the game tells none (a win by resignation is never read as a victory)."""
    tell = lg.module.result_story
    said = tell(lg.state) if tell is not None and lg.state is not None else None
    return f"📖 {said}" if said else ""


def said_by(who: str, lines: list[str]) -> str:
    """A move as a post says it: ``**ravi**: what the log says``; never a name with nothing
    after it (a move whose steps add no log line is still a move)."""
    return f"{who}: {' '.join(lines)}" if lines else f"{who} moves."


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """``Yellow's``, ``the Goats'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def timeout_said(pace: Pace, computer: bool) -> str:
    """What a timeout does in this game, in words."""
    if pace.on_timeout != "lose" and not computer:
        return ("the other players vote to end the game (they lose) or to wait, and any "
                "of them may hand the side to someone else")
    return TIMEOUTS[pace.on_timeout]


def pace_line(pace: Pace, computer: bool) -> str:
    """``⏱ Pace: standard (72h + 12h a move, up to 120h); …``: the clock, or the lack of
    one, and the reminders."""
    if pace.control is None:
        return f"⏱ No clock. {describe(pace.remind, pace.idle)}"
    return (f"⏱ Pace: {pace.control.word()} ({pace.control.text()}); when a player's time "
            f"runs out, {timeout_said(pace, computer)}.")


def unix(t: datetime) -> int:
    return int(t.timestamp())


def clock_lines(lg: Loaded, pace: Pace, now: datetime,
                duty: Mapping[str, Availability]) -> list[str]:
    """Each clocked side's time left (and when it runs out, if awaited); who is away."""
    out = []
    for seat in lg.seats:
        if not seat.role or seat.is_bot:
            continue
        d = duty.get(seat.role, Availability())
        parts = []
        left = pace.left(seat.role, now, d)
        if left is not None:
            parts.append(f"{span(left)} left")
            deadline = pace.deadline(seat.role, d)
            if deadline is not None and seat.role not in pace.timed_out:
                parts.append(f"runs out <t:{unix(deadline)}:R>")
        if seat.role in pace.timed_out:
            # With a computer player, only a seat offered to substitutes stays timed out.
            parts.append("time ran out: up for substitutes, then the computer's"
                         if lg.computer else "time ran out: the others vote (`/game vote`)")
        back = d.away_at(now)
        if back is not None:
            parts.append(f"away until <t:{unix(back)}:f>")
        elif not d.on_duty(now):
            parts.append(f"outside playing hours until <t:{unix(d.next_on_duty(now))}:t>")
        if parts:
            out.append(f"{holders(lg, [seat.role])[0]}: {', '.join(parts)}")
    return out


PACES_KEPT = 64  # the paces of the games played in the last moments
_paces: ByText[Pace] = ByText(PACES_KEPT, lambda text: Pace.from_json(json.loads(text)))


def stored_pace(text: str) -> Pace:
    """A game's pace as stored (``Game.pace``), parsed once per text, or as this process
    wrote it (``written_pace``): a move settles the clocks from the pace the move before
    it wrote, and its post shows the one it writes. A Pace is never changed once made,
    and its JSON gives back the same values of the same types (``Pace.from_json``)."""
    return _paces.get(text)


def written_pace(text: str, pace: Pace) -> None:
    """Note that ``text`` (stored) is ``pace``."""
    _paces.keep(text, pace)


def clock_line(lg: Loaded, roles: Iterable[str]) -> str:
    """``⏱ ravi (Goats): 3 d on the clock, runs out <t:…:R>``: the awaited sides' clocks,
    as a post shows them (each reader sees the deadline in their own time zone)."""
    if not lg.game.pace:
        return ""
    pace = stored_pace(lg.game.pace)
    parts = [f"{holders(lg, [r])[0]}: {span(pace.bank[r])} on the clock, runs out "
             f"<t:{unix(datetime.fromisoformat(pace.ends[r]))}:R>"
             for r in roles if r in pace.ends and r in pace.bank]
    return f"⏱ {' · '.join(parts)}" if parts else ""
