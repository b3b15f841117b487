"""How the table words seats, people, results and moves in its messages.

Every seat is worded by ``bot.replies.seat_label`` ("ravi (Goats)"); a person holding
several of the sides named is named once, with them all ("ravi (Delhi Sultanate and
Vijayanagara Empire)"). Names are escaped here, for messages; images get them raw.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from bot.replies import escape, seat_label
from bot.table.loaded import Loaded
from db import Seat, id_of

COMPUTER = "Computer"
NOT_CHOSEN = "side not chosen"


def seat_labels(lg: Loaded, seats: Iterable[Seat]) -> list[str]:
    """``seats`` worded for a message, each person once with all their sides, in the
    order they first appear: ["ravi (Goats)", "Computer (Red and Blue)"]."""
    sides: dict[tuple[str | None, str], list[str]] = {}
    for seat in seats:
        side = lg.module.ROLE_NAMES[seat.role] if seat.role else NOT_CHOSEN
        sides.setdefault((seat.user_id, seat.name), []).append(side)
    return [seat_label(escape(name), and_(held)) for (_, name), held in sides.items()]


def holders(lg: Loaded, roles: Iterable[str]) -> list[str]:
    """Whoever plays ``roles``, worded by ``seat_labels`` ("nobody" for a side no seat
    holds)."""
    return seat_labels(lg, [lg.seat_for(r) or Seat(game_id=id_of(lg.game), position=0, role=r,
                                                   name="nobody") for r in roles])


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


def winners_line(lg: Loaded, winners: list[str]) -> str:
    """``ravi (Goats) wins``, ``meera (Red) and Computer (Blue) win``."""
    who = holders(lg, winners)
    return f"{and_(who)} {'wins' if len(who) == 1 else 'win'}"


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
