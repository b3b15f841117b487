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
from bot.table.wording import holders, winners_line
from db import Game, Handover, Rated, RatedSeat, Rating, RatingKey, Step, id_of
from engine import games
from engine.grammar import count


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


def _moves(steps: Sequence[Step]) -> list[tuple[str, str | None]]:
    """Who made each move, in order, as (side, person; None: the computer): each run of
    steps by one side and one player is a move (a redeal is the table's own step)."""
    out: list[tuple[str, str | None]] = []
    for step in steps:
        made = (step.role, step.user_id)
        if step.action not in games.TABLE_STEPS and (not out or out[-1] != made):
            out.append(made)
    return out


def _sides(lg: Loaded, roles: Sequence[str], steps: Sequence[Step],
           handovers: Sequence[Handover]) -> list[ratings.Side]:
    """Each side's player, holder and, when the player no longer holds it, how they let go
    of it (their last handover of it; a seat changed by hand, with none, counts as handed
    on). A side that never changed hands is its holder's even before their first move."""
    played = ratings.players(_moves(steps))
    let_go = {(h.role, h.from_user): h.why for h in handovers}  # the last one of each
    changed = {h.role for h in handovers}
    # A side put up for a substitute is its leaver's, however many moves the substitutes
    # made: the leaver is placed last, and nobody who took it is rated for it.
    left_to_sub: dict[str, str] = {}
    for h in handovers:
        if h.why == "substituted" and h.from_user:
            left_to_sub.setdefault(h.role, h.from_user)
    out = []
    for role in roles:
        seat = lg.seat_for(role)
        holder = seat.user_id if seat is not None and not seat.is_bot else None
        player = left_to_sub.get(role) or played.get(role) or (
            None if role in changed else holder)
        left = "substituted" if role in left_to_sub else \
            None if player == holder else let_go.get((role, player), "reassigned")
        out.append(ratings.Side(role, player, holder, left))
    return out


def _names(lg: Loaded, handovers: Sequence[Handover]) -> dict[str, str]:
    """Everyone's name as last seen in the game: at its seats, else as a seat of theirs
    changed hands."""
    names: dict[str, str] = {}
    for h in handovers:
        names |= {u: n for u, n in ((h.from_user, h.from_name), (h.to_user, h.to_name)) if u}
    return names | {s.user_id: s.name for s in lg.seats if s.user_id and not s.is_bot}


def conclude(lg: Loaded, steps: Sequence[Step], handovers: Sequence[Handover],
             pace: Pace) -> tuple[Rated, list[RatedSeat]]:
    """The rows that record a finished game: ``Rated`` and a ``RatedSeat`` per side (its
    place and, when the game counts, the person rated for it); ``rate`` adds the ratings."""
    g, game = lg.module, lg.game
    roles = games.sides(g, json.loads(game.options))
    result = json.loads(game.result or "{}")
    sides = _sides(lg, roles, steps, handovers)
    moves = lg.public_view()["move"] if lg.public is not None else 0
    redealt = any(s.action == games.REDEAL for s in steps)
    counted, reason = ratings.counts(sides, moves, redealt, game.status)
    places = ratings.places(sides, result)
    waits = _waits(steps)
    names = _names(lg, handovers)
    scores = result.get("scores") or {}
    rated = Rated(game_id=id_of(game), guild_id=game.guild_id, game=game.game,
                  ended_at=game.updated_at, counted=counted, reason=reason, moves=moves,
                  days=round((game.updated_at - game.created_at).total_seconds() / 86400, 2))
    seat_rows = []
    for side, place in zip(sides, places, strict=True):
        # A game that does not count is still the player's (or else the holder's) in their
        # profile; one that counts names only those it rates.
        who = side.rated if counted else side.player or side.holder
        held = lg.seat_for(side.role)
        seat_rows.append(RatedSeat(
            game_id=id_of(game), role=side.role, user_id=who,
            name=names.get(who, "") if who else held.name if held else "", place=place,
            winner=side.role in (result.get("winners") or []) and not side.leaver,
            score=float(scores[side.role]) if side.role in scores else None,
            moves=len(waits.get(side.role, [])),
            wait_minutes=median(waits[side.role]) if waits.get(side.role) else None,
            timeouts=pace.timeouts.get(side.role, 0)))
    return rated, seat_rows


def rating_keys(game: Game, seats: Sequence[RatedSeat]) -> list[RatingKey]:
    """The ratings (this server's and across servers) that a concluded game changes."""
    guild = game.guild_id or ratings.EVERYWHERE
    return [(w, game.game, s.user_id) for s in seats if s.user_id
            for w in dict.fromkeys((guild, ratings.EVERYWHERE))]


def rate(game: Game, rated: Rated, seats: Sequence[RatedSeat],
         known: Mapping[RatingKey, Rating]) -> list[Rating]:
    """The players' new ratings after a concluded game that counts (none if it does not),
    from ``known``, their ratings before it; each rated seat gets its before and after."""
    if not rated.counted:
        return []
    rows = [s for s in seats if s.user_id]
    places = [s.place for s in rows]
    new: list[Rating] = []
    # This server's first (the seat's plain columns), then across servers (``all_``);
    # a game outside any server has only the one.
    scopes = dict.fromkeys((game.guild_id or ratings.EVERYWHERE, ratings.EVERYWHERE))
    for where, prefix in zip(scopes, ("", "all_"), strict=False):
        keys = [(where, game.game, s.user_id or "") for s in rows]
        before = [(known[k].mu, known[k].sigma) if k in known else ratings.start()
                  for k in keys]
        after = ratings.rate(before, places)
        for row, key, (mu0, s0), (mu1, s1) in zip(rows, keys, before, after, strict=True):
            setattr(row, f"{prefix}mu", mu0)
            setattr(row, f"{prefix}sigma", s0)
            setattr(row, f"{prefix}mu_after", mu1)
            setattr(row, f"{prefix}sigma_after", s1)
            old = known.get(key)
            new.append(Rating(guild_id=where, game=game.game, user_id=key[2], name=row.name,
                              mu=mu1, sigma=s1, games=(old.games if old else 0) + 1,
                              wins=(old.wins if old else 0) + int(row.winner),
                              updated_at=game.updated_at))
    return new


def ending(lg: Loaded, rated: Rated, seats: Sequence[RatedSeat]) -> Ending:
    """The result post's words: length and sides, scores, ratings (``Ending``)."""
    g = lg.module
    result = json.loads(lg.game.result or "{}")
    roles = [s.role for s in seats]
    sides = " v ".join(holders(lg, [r])[0] for r in roles)
    days = rated.days
    span = count(round(days), "day") if days >= 2 else count(round(days * 24), "hour") \
        if days * 24 >= 2 else "under 2 hours"
    length = f"{count(rated.moves, 'move')} over {span}"
    lines = [f"📜 Game #{lg.game.id}: {length}; {sides}."]
    scores = result.get("scores") or {}
    real_scores = scores and "resigned" not in result and any(
        v not in (0, 1) for v in scores.values())
    score_text = " · ".join(f"{g.ROLE_NAMES[r]} {scores[r]:g}" for r in roles
                            if r in scores) if real_scores else ""
    if score_text:
        lines.append(f"Scores — {score_text}")
    if rated.counted:
        lines.append("📈 Ratings: " + " · ".join(_rated_line(lg, s) for s in seats)
                     + " (`/leaderboard`)")
    else:
        lines.append(f"Not rated: {rated.reason}.")
    winners = result.get("winners") or []
    # The banner tells the board's story: who holds each side at the end.
    title = "Game over — " + (winners_line(lg, winners, raw=True) if winners else "no winner")
    banner = [x for x in (f"Scores: {score_text}" if score_text else "",
                          f"{g.NAME}, game #{lg.game.id}: {length}",
                          " v ".join(holders(lg, [r], raw=True)[0] for r in roles))
              if x]
    return Ending(lines, title, banner)


def _rated_line(lg: Loaded, seat: RatedSeat) -> str:
    """One side's part of the ratings line of a game that counts: its player's rating
    before and after (and that they left it, if they did), or that nobody was rated for
    it (a steward handed it on)."""
    side = lg.module.ROLE_NAMES[seat.role]
    if seat.user_id is None or seat.mu_after is None:
        return f"{side}: handed on, rated for nobody"
    held = lg.seat_for(seat.role)
    left = " (left: placed last)" if held is None or held.user_id != seat.user_id else ""
    return (f"{escape(seat.name)} {ratings.ordinal(seat.mu or 0, seat.sigma or 0):.1f} → "
            f"{ratings.ordinal(seat.mu_after, seat.sigma_after or 0):.1f}{left}")
