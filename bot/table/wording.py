"""How the table words seats, people, results and moves in its messages. Names are
escaped here, for messages; images get them raw."""

from __future__ import annotations

import json
from collections.abc import Iterable

from bot.replies import escape, seat_label
from bot.table.loaded import Loaded
from db import Seat

COMPUTER = "Computer"


def who(lg: Loaded, role: str) -> str:
    """``ravi (Goats)``: who plays ``role``."""
    seat = lg.seat_for(role)
    return seat_label(escape(seat.name) if seat else "nobody", lg.module.ROLE_NAMES[role])


def waiting_for(lg: Loaded, roles: Iterable[str]) -> str:
    """``ravi (Goats)``, ``ravi (Goats), meera (Tigers)``: whom the game waits for."""
    return ", ".join(who(lg, r) for r in roles)


def seating(lg: Loaded) -> str:
    g = lg.module
    parts = [f"{g.ROLE_NAMES[s.role]}: {escape(s.name)}" if s.role
             else f"{escape(s.name)} (side not chosen)" for s in lg.seats]
    return "Seats — " + " · ".join(parts) if parts else "No one is seated."


def name_of(lg: Loaded, user_id: str | None) -> str:
    """The name of the person seated as ``user_id`` (raw); the computer's without one."""
    seat = next((s for s in lg.seats if s.user_id == user_id), None)
    return seat.name if seat else COMPUTER


def named(lg: Loaded, user_id: str | None) -> str:
    """``name_of`` as it goes into a message."""
    return escape(name_of(lg, user_id))


def winners_line(lg: Loaded, winners: list[str]) -> str:
    """``Red (meera) wins``, ``Red (meera) and Blue (Computer) win``."""
    names = lg.module.ROLE_NAMES
    who = and_([f"{names[r]} ({escape((lg.seat_for(r) or Seat(position=0, name='?')).name)})"
                for r in winners])
    return f"{who} {'wins' if len(winners) == 1 else 'win'}"


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


def said_by(who: str, lines: list[str]) -> str:
    """A move as a post says it: ``**ravi**: what the log says``; never a name with nothing
    after it (a move whose steps add no log line is still a move)."""
    return f"{who}: {' '.join(lines)}" if lines else f"{who} moves."


def and_(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def possessive(name: str) -> str:
    """``Yellow's``, ``the Goats'``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"
