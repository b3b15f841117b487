"""How a finished game is concluded: whether it counts toward ratings, each side's place,
the players' ratings after it (this server's and across servers), their waits and
timeouts; and the words its result post says of it. Plain functions of a loaded game and
its log: the table stores what they return (once) and posts what they say."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from statistics import median

from bot import ratings
from bot.pace import Pace
from bot.replies import escape
from bot.table.loaded import Loaded
from bot.table.wording import holders
from db import Rated, RatedSeat, Rating, Step, id_of
from engine import games

Key = tuple[str, str, str]  # (guild or "*", game, user)


@dataclass(frozen=True)
class Ending:
    """What a result post says beyond who won: the game's length and who played whom, the
    scores, and the ratings (or why the game did not count)."""

    lines: list[str] = field(default_factory=list)
    banner_title: str = ""
    banner_lines: list[str] = field(default_factory=list)


def _waits(steps: Sequence[Step]) -> dict[str, list[float]]:
    """Minutes each side took for each of its moves: from the step before it (another
    side's) to its first step."""
    out: dict[str, list[float]] = {}
    for before, step in zip(steps, steps[1:], strict=False):
        if step.role != before.role and step.user_id is not None:
            minutes = (step.created_at - before.created_at).total_seconds() / 60
            out.setdefault(step.role, []).append(round(minutes, 1))
    return out


def conclude(lg: Loaded, steps: Sequence[Step], known: Mapping[Key, Rating],
             pace: Pace) -> tuple[Rated, list[RatedSeat], list[Rating]]:
    """The rows that record a finished game: ``Rated``, a ``RatedSeat`` per side, and
    the players' new ratings (none if it does not count). ``known``: the players'
    ratings before it."""
    g, game = lg.module, lg.game
    roles = games.sides(g, json.loads(game.options))
    result = json.loads(game.result or "{}")
    seated = [ratings.Seated(r, (s.user_id if (s := lg.seat_for(r)) and not s.is_bot
                                 else None)) for r in roles]
    moves = lg.public_view()["move"] if lg.public is not None else 0
    redealt = any(s.action == games.REDEAL for s in steps)
    counted, reason = ratings.counts(seated, moves, redealt, game.status)
    places = ratings.ranks(roles, result)
    waits = _waits(steps)
    guild = game.guild_id or ratings.EVERYWHERE
    scores = result.get("scores") or {}
    rated = Rated(game_id=id_of(game), guild_id=game.guild_id, game=game.game,
                  ended_at=game.updated_at, counted=counted, reason=reason, moves=moves,
                  days=round((game.updated_at - game.created_at).total_seconds() / 86400, 2))
    seat_rows = []
    for seat, place in zip(seated, places, strict=True):
        held = lg.seat_for(seat.role)
        seat_rows.append(RatedSeat(
            game_id=id_of(game), role=seat.role, user_id=seat.user_id,
            name=held.name if held else "", place=place,
            winner=seat.role in (result.get("winners") or []),
            score=float(scores[seat.role]) if seat.role in scores else None,
            moves=len(waits.get(seat.role, [])),
            wait_minutes=median(waits[seat.role]) if waits.get(seat.role) else None,
            timeouts=pace.timeouts.get(seat.role, 0)))
    if not counted:
        return rated, seat_rows, []
    new: list[Rating] = []
    for where, prefix in ((guild, ""), (ratings.EVERYWHERE, "all_")):
        keys = [(where, game.game, s.user_id or "") for s in seat_rows]
        before = [(known[k].mu, known[k].sigma) if k in known else ratings.start()
                  for k in keys]
        after = ratings.rate(before, places)
        for row, key, (mu0, s0), (mu1, s1) in zip(seat_rows, keys, before, after,
                                                   strict=True):
            setattr(row, f"{prefix}mu", mu0)
            setattr(row, f"{prefix}sigma", s0)
            setattr(row, f"{prefix}mu_after", mu1)
            setattr(row, f"{prefix}sigma_after", s1)
            old = known.get(key)
            new.append(Rating(guild_id=where, game=game.game, user_id=key[2], name=row.name,
                              mu=mu1, sigma=s1, games=(old.games if old else 0) + 1,
                              wins=(old.wins if old else 0) + int(row.winner),
                              updated_at=game.updated_at))
        if where == ratings.EVERYWHERE:
            break
    return rated, seat_rows, new


def rating_keys(lg: Loaded) -> list[Key]:
    game = lg.game
    people = [s.user_id for s in lg.seats if s.user_id and not s.is_bot]
    guild = game.guild_id or ratings.EVERYWHERE
    return [(w, game.game, p) for p in people for w in {guild, ratings.EVERYWHERE}]


def ending(lg: Loaded, rated: Rated, seats: Sequence[RatedSeat]) -> Ending:
    """The result post's words: length and sides, scores, ratings (``Ending``)."""
    g = lg.module
    result = json.loads(lg.game.result or "{}")
    roles = [s.role for s in seats]
    sides = " v ".join(holders(lg, [r])[0] for r in roles)
    days = rated.days
    span = f"{days:.0f} days" if days >= 2 else f"{days * 24:.0f} hours" if days * 24 >= 2 \
        else "under 2 hours"
    length = f"{rated.moves} moves over {span}"
    lines = [f"📜 Game #{lg.game.id}: {length}; {sides}."]
    scores = result.get("scores") or {}
    real_scores = scores and "resigned" not in result and any(
        v not in (0, 1) for v in scores.values())
    score_text = " · ".join(f"{g.ROLE_NAMES[r]} {scores[r]:g}" for r in roles
                            if r in scores) if real_scores else ""
    if score_text:
        lines.append(f"Scores — {score_text}")
    if rated.counted:
        moved = [f"{escape(s.name)} {ratings.ordinal(s.mu or 0, s.sigma or 0):.1f} → "
                 f"{ratings.ordinal(s.mu_after or 0, s.sigma_after or 0):.1f}"
                 for s in seats if s.mu_after is not None]
        lines.append("📈 Ratings: " + " · ".join(moved) + " (`/leaderboard`)")
    else:
        lines.append(f"Not rated: {rated.reason}.")
    winners = result.get("winners") or []
    plain = [f"{s.name} ({g.ROLE_NAMES[s.role]})" for s in seats if s.role in winners]
    title = (f"{' and '.join(plain)} {'wins' if len(plain) == 1 else 'win'}" if plain
             else "No winner")
    banner = [x for x in (f"Scores: {score_text}" if score_text else "",
                          f"{g.NAME}, game #{lg.game.id}: {length}",
                          " v ".join(f"{s.name} ({g.ROLE_NAMES[s.role]})" for s in seats))
              if x]
    return Ending(lines, title, banner)
