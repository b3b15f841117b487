"""A rematch's invitations: whom its plan seats and who has not joined yet, and whom a post
about it pings. A rematch opened, left and opened again (or joined by one after another)
names everyone still invited in each post, but pings a person once in ``PING_WINDOW`` for
the rematches of one finished game; the database keeps when (``Repository.note_pings``),
so every process knows."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta

from bot.replies import Ping, Seated, escape, seat_label
from db import Repository
from engine.grammar import and_

# A person is pinged about the rematches of a game at most once in this long.
PING_WINDOW = timedelta(hours=24)


def missing(plan: Mapping, seats: Iterable[Seated]) -> list[tuple[str, list[str]]]:
    """The people the plan seats who have not joined yet, each with their side(s), in the
    plan's order."""
    taken = {s.role for s in seats}
    out: dict[str, list[str]] = {}
    for user, role in plan["seats"]:
        if user and role not in taken:
            out.setdefault(user, []).append(role)
    return list(out.items())


def not_joined(plan: Mapping, seats: Iterable[Seated],
               role_names: Mapping[str, str]) -> list[str]:
    """``["ravi (Tigers)", "asha (Red and Blue)"]``: whom the rematch still waits for."""
    return [seat_label(escape(plan["names"].get(user, "")), _sides(roles, role_names))
            for user, roles in missing(plan, seats)]


async def invitation_pings(repo: Repository, plan: Mapping, seats: Iterable[Seated],
                           role_names: Mapping[str, str], now: datetime) -> list[Ping]:
    """The ping line of a post about a rematch: everyone invited who has not joined, a
    mention for those not pinged about this game's rematches in ``PING_WINDOW``, their
    name alone for the others."""
    waiting = missing(plan, seats)
    fresh = await repo.note_pings(plan["from"], [u for u, _ in waiting], now, PING_WINDOW)
    return [Ping(user, plan["names"].get(user, ""), _sides(roles, role_names),
                 quiet=user not in fresh) for user, roles in waiting]


def _sides(roles: list[str], role_names: Mapping[str, str]) -> str:
    return and_([role_names[r] for r in roles])
