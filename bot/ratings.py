"""Ratings: which finished games count, and how a result moves the players' ratings.

The rating is the Weng-Lin Bayesian rating of the ``openskill`` library (its
Plackett-Luce model, made for 2 to 5 players each alone), rather than a formula of our
own: each player has a mean ``mu`` and an uncertainty ``sigma``; the leaderboard orders by
the cautious ``ordinal`` (mu − 3 sigma), so a newcomer starts at 0 and climbs by playing.
A rating is kept per game per server and per game across servers.

A game counts only when it is fair to count it (after Rally the Troops' rule): it ended
by the rules, a resignation or a timeout (not aborted or abandoned); every side was held
by a different person, none by the computer at the end; it lasted at least three moves a
player; and no move was taken back past dice or a revealed card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import median

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
EVERYWHERE = "*"  # the guild id of a rating across servers
MIN_MOVES_A_PLAYER = 3
RULE = ("A game counts toward ratings when it ended (by the rules, a resignation or a "
        "timeout; not aborted or abandoned), every side was a different person and none "
        f"the computer at the end, it lasted at least {MIN_MOVES_A_PLAYER} moves a player, "
        "and no move was taken back past dice or a revealed card. Ratings are Weng-Lin "
        "(openskill); the leaderboard orders by mu − 3 sigma, which starts at 0.")


@dataclass(frozen=True)
class Seated:
    """A side at the end of a game: who held it (None: the computer)."""

    role: str
    user_id: str | None


def counts(seated: Sequence[Seated], moves: int, redealt: bool, status: str,
           abandoned: bool = False) -> tuple[bool, str]:
    """Whether a finished game counts toward ratings, and if not, why (in words)."""
    if status != "finished" or abandoned:
        return False, "it was aborted or abandoned"
    people = [s.user_id for s in seated]
    if any(p is None for p in people):
        return False, "the computer held a side at the end"
    if len(set(people)) < len(people):
        return False, "one person held more than one side"
    if moves < MIN_MOVES_A_PLAYER * len(people):
        return False, (f"it was shorter than {MIN_MOVES_A_PLAYER} moves a player "
                       f"({moves} moves)")
    if redealt:
        return False, "a move was taken back past dice or a revealed card"
    return True, ""


def ranks(roles: Sequence[str], result: Mapping) -> list[int]:
    """Each side's place (1 = first; ties share a place): the winners first, then the
    others by their scores where the result has them."""
    winners = set(result.get("winners") or [])
    scores = result.get("scores") or {}

    def key(role: str) -> tuple[int, float]:
        return (0 if role in winners else 1, -float(scores.get(role, 0) or 0))

    keys = [key(r) for r in roles]
    return [1 + sum(k < mine for k in keys) for mine in keys]


def rate(before: Sequence[tuple[float, float]], places: Sequence[int]
         ) -> list[tuple[float, float]]:
    """The (mu, sigma) of each player after a game in which they took ``places``."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    after = MODEL.rate(teams, ranks=list(places))
    return [(team[0].mu, team[0].sigma) for team in after]


def ordinal(mu: float, sigma: float) -> float:
    return MODEL.rating(mu=mu, sigma=sigma).ordinal()


def start() -> tuple[float, float]:
    r = MODEL.rating()
    return r.mu, r.sigma


def median_minutes(waits: Sequence[float]) -> float | None:
    return median(waits) if waits else None
