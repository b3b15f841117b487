"""Ratings: which finished games count, and how a result moves the players' ratings.

The rating is the Weng-Lin Bayesian rating of the ``openskill`` library (its
Plackett-Luce model, made for 2 to 5 players each alone), rather than a formula of our
own: each player has a mean ``mu`` and an uncertainty ``sigma``; the leaderboard orders by
the cautious ``ordinal`` (mu − 3 sigma), so a newcomer starts at 0 and climbs by playing.
A rating is kept per game per server and per game across servers.

A game counts only when it is fair to count it (after Rally the Troops' rule, with
BoardGameArena's for those who leave): a rating is earned by playing, so a side is
credited to the person who made most of its moves, never to whoever holds it at the end
(``players``); see ``RULE`` for the whole of it, as players read it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import median

from openskill.models import PlackettLuce

from engine.grammar import count

MODEL = PlackettLuce()
EVERYWHERE = "*"  # the guild id of a rating across servers
MIN_MOVES_A_PLAYER = 3
# How a person's hold on a side may end before the game does, besides a steward handing it
# on ("reassigned"): they left it, and are placed last.
LEAVING = ("resigned", "timeout", "substituted")
RULE = ("A game counts toward ratings when it ended (by the rules, a resignation or a "
        f"timeout; not aborted or abandoned), lasted at least {MIN_MOVES_A_PLAYER} moves a "
        "player and no move was taken back past dice or a revealed card. A rating is earned "
        "by playing: a side that changed hands counts for the person who made most of its "
        "moves (the computer's count for nobody, a timeout's move included), never for one "
        "who was only handed it; if the computer played a side, or one person played most "
        "of two, the game is not rated. Whoever left their side (resigned, their time ran "
        "out and the seat or the game went, or a substitute took it) is placed last, the "
        "others by the result; a substitute is never rated for the seat they took; a side "
        "the creator or a moderator handed on is rated for nobody, and at least two people "
        "must be rated. Ratings are Weng-Lin (openskill); the leaderboard orders by "
        "mu − 3 sigma, which starts at 0.")


@dataclass(frozen=True)
class Side:
    """A side at the end of a game as the ratings see it. ``player``: the person who made
    most of its moves (None: no person made any); ``holder``: who holds it now (None: the
    computer); ``left``: how the player's hold on it ended before the game did (a
    ``Handover``'s why: resigned, timeout, substituted or reassigned; None: they hold it
    still)."""

    role: str
    player: str | None
    holder: str | None = None
    left: str | None = None

    @property
    def leaver(self) -> bool:
        """The player left it (resigned, the clock took it, or a substitute): placed
        last."""
        return self.player is not None and self.left in LEAVING

    @property
    def rated(self) -> str | None:
        """The person rated for this side: its player, unless a steward handed it on."""
        return self.player if self.left is None or self.leaver else None


def players(moves: Sequence[tuple[str, str | None]]) -> dict[str, str]:
    """Each side's player, from the game's moves in order as (side, person; None: the
    computer): the person who made most of its moves, on a tie the one of them who moved it
    last. A side no person moved has none."""
    made: dict[str, dict[str, tuple[int, int]]] = {}
    for i, (role, user) in enumerate(moves):
        if user is not None:
            count, _ = made.setdefault(role, {}).get(user, (0, 0))
            made[role][user] = (count + 1, i)
    return {role: max(by, key=lambda u: by[u]) for role, by in made.items()}


def counts(sides: Sequence[Side], moves: int, redealt: bool, status: str,
           abandoned: bool = False) -> tuple[bool, str]:
    """Whether a finished game counts toward ratings, and if not, why (in words)."""
    if status != "finished" or abandoned:
        return False, "it was aborted or abandoned"
    if moves < MIN_MOVES_A_PLAYER * len(sides):
        return False, (f"it was shorter than {MIN_MOVES_A_PLAYER} moves a player "
                       f"({count(moves, 'move')})")
    if redealt:
        return False, "a move was taken back past dice or a revealed card"
    if any(s.player is None for s in sides):
        return False, "the computer played a side"
    people = [s.player for s in sides]
    if len(set(people)) < len(people):
        return False, "one person made most of the moves of more than one side"
    if sum(s.rated is not None for s in sides) < 2:
        return False, ("a side was handed on by the creator or a moderator, which leaves "
                       "fewer than two people to rate")
    return True, ""


def places(sides: Sequence[Side], result: Mapping) -> list[int]:
    """Each side's place: those who did not leave by the result (``ranks``), then those who
    left, last together."""
    stayed = [s.role for s in sides if not s.leaver]
    by_result = dict(zip(stayed, ranks(stayed, result), strict=True))
    return [by_result.get(s.role, len(stayed) + 1) for s in sides]


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
