"""What the finished games add up to: /leaderboard, /profile (with a chart of a
player's rating), /stats (the balance of real play on a server)."""

from __future__ import annotations

from collections import Counter
from functools import partial
from statistics import mean, median

from bot import ratings
from bot.replies import Actor, Place, Reply, clip, escape
from bot.table.core import TableCore, playable_ids, refusals
from bot.table.loaded import Refusal
from bot.table.posts import drawn
from db import Rating
from engine import games
from engine.grammar import count
from renderer.common import charts

TOP = 25


def _game_name(game: str) -> str:
    if game not in playable_ids():
        raise Refusal(f"I don't know the game {game}. Games: {', '.join(playable_ids())}.")
    return games.get(game).NAME


def _where(place: Place) -> tuple[str, str]:
    """What the standings count, in words: this server's games, or in a DM every
    server's ("all servers" in a heading, "any server" in "no game … on any server")."""
    return ("this server", "this server") if place.guild_id else ("all servers", "any server")


def _rating_text(r: Rating) -> str:
    return f"{ratings.ordinal(r.mu, r.sigma):.1f}"


class Standings(TableCore):
    @refusals
    async def leaderboard(self, place: Place, actor: Actor, game: str) -> Reply:
        """The server's best 25 in ``game`` by rating, and the caller's own place."""
        name = _game_name(game)
        guild = place.guild_id or ratings.EVERYWHERE
        where, anywhere = _where(place)
        top = await self.repo.leaderboard(guild, game, TOP)
        if not top:
            return Reply(private=f"No rated game of {name} on {anywhere} yet. `/help topic:"
                         "ratings` says which games count.")
        lines = [f"**Leaderboard — {name}** ({where}; rating = mu − 3 sigma)"]
        lines += [f"{i}. {escape(r.name)} — {_rating_text(r)} ({_record(r)})"
                  for i, r in enumerate(top, 1)]
        mine = (await self.repo.ratings([(guild, game, actor.user_id)])).get(
            (guild, game, actor.user_id))
        if mine is None:
            lines.append(f"You: no rated game of {name} on {anywhere} yet.")
        elif all(r.user_id != actor.user_id for r in top):
            place_no = await self.repo.place_on_board(mine)
            lines.append(f"…\n{place_no}. you — {_rating_text(mine)} ({_record(mine)})")
        return Reply(private=clip("\n".join(lines)))

    @refusals
    async def profile(self, place: Place, actor: Actor, user: Actor | None = None,
                      public: bool = False) -> Reply:
        """A player's games, wins, ratings with a chart of their history, median time per
        move, timeouts and favourite side."""
        who = user or actor
        rows = await self.repo.seats_rated(user_id=who.user_id)
        if not rows:
            text = f"{escape(who.name)} has no finished game yet."
            return Reply(public=text) if public else Reply(private=text)
        wins = sum(s.winner for _, s in rows)
        lines = [f"**{escape(who.name)}** — {count(len(rows), 'game')} finished, {wins} won "
                 f"({100 * wins / len(rows):.0f} %)"]
        history: dict[str, list[float]] = {}
        guild = place.guild_id or ratings.EVERYWHERE
        for game in sorted({r.game for r, _ in rows}):
            mine = [(r, s) for r, s in rows if r.game == game]
            keys = [(guild, game, who.user_id), (ratings.EVERYWHERE, game, who.user_id)]
            found = await self.repo.ratings(keys)
            # In a DM there is no "here": the rating across servers, once.
            here = found.get(keys[0]) if place.guild_id else None
            everywhere = found.get(keys[1])
            rated = ", ".join(x for x in (
                f"rating {_rating_text(here)} here (#{await self.repo.place_on_board(here)})"
                if here else "",
                f"{_rating_text(everywhere)} across servers" if everywhere else "") if x)
            won = sum(s.winner for _, s in mine)
            lines.append(f"- {games.get(game).NAME}: {count(len(mine), 'game')}, {won} won"
                         + (f"; {rated}" if rated else "; not rated yet"))
            points = [ratings.ordinal(s.mu_after, s.sigma_after or 0) for r, s in mine
                      if r.counted and s.mu_after is not None and (r.guild_id or "*") in
                      (guild, "*")]
            if points:
                history[games.get(game).NAME] = points
        waits = [s.wait_minutes for _, s in rows if s.wait_minutes is not None]
        timeouts = sum(s.timeouts for _, s in rows)
        sides = Counter((r.game, s.role) for r, s in rows)
        (fav_game, fav_role), n = sides.most_common(1)[0]
        lines.append(f"Median time to move: {_minutes(median(waits)) if waits else '—'} · "
                     f"Timeouts: {timeouts} · Favourite side: "
                     f"{games.get(fav_game).ROLE_NAMES.get(fav_role, fav_role)} "
                     f"({games.get(fav_game).NAME}, {count(n, 'game')})")
        image = None
        if history:
            image = await drawn("all", "chart", partial(
                charts.lines, f"{who.name}: rating after each rated game", history))
        text = clip("\n".join(lines))
        alt = (f"Rating history of {who.name}: " + "; ".join(
            f"{k} {', '.join(f'{v:.1f}' for v in vs)}" for k, vs in history.items()))[:1024]
        if public:
            return Reply(public=text, image=image, image_alt=alt, image_name="profile.png")
        return Reply(private=text, image=image, image_alt=alt, image_name="profile.png",
                     image_private=True)

    @refusals
    async def stats(self, place: Place, actor: Actor, game: str) -> Reply:
        """The balance of real play here (in a DM: on all servers): games, win share by
        side, average length."""
        name = _game_name(game)
        where, anywhere = _where(place)
        # No server (a DM): every server's games.
        rows = await self.repo.seats_rated(guild_id=place.guild_id, game=game)
        ended = {r.game_id: r for r, _ in rows}
        if not ended:
            return Reply(private=f"No finished game of {name} on {anywhere} yet.")
        g = games.get(game)
        played = Counter(s.role for _, s in rows)
        won = Counter(s.role for _, s in rows if s.winner)
        shares = [(g.ROLE_NAMES.get(r, r), won[r] / played[r]) for r in g.ROLES if played[r]]
        moves = round(mean(r.moves for r in ended.values()))
        lines = [f"**{name} on {where}** — {count(len(ended), 'finished game')}, "
                 f"{sum(r.counted for r in ended.values())} rated",
                 f"Average length: {count(moves, 'move')} over "
                 f"{_days(mean(r.days for r in ended.values()))}",
                 "Wins by side: " + " · ".join(
                     f"{label} {share * 100:.0f} % of {played[r]}"
                     for (label, share), r in zip(shares, [r for r in g.ROLES if played[r]],
                                                  strict=True))]
        image = await drawn(game, "chart", partial(
            charts.bars, f"{name}: share of games won by side", shares))
        alt = "Share of games won by side: " + ", ".join(
            f"{label} {share * 100:.0f} %" for label, share in shares)
        return Reply(private=clip("\n".join(lines)), image=image, image_alt=alt[:1024],
                     image_name="stats.png", image_private=True)


def _record(r: Rating) -> str:
    """``1 game, 1 win``, ``3 games, 0 wins``."""
    return f"{count(r.games, 'game')}, {count(r.wins, 'win')}"


def _days(days: float) -> str:
    """``1.5 days``, ``1 day``: a tenth of a day is as fine as a game's length needs."""
    return count(days, "day", digits=1)


def _minutes(m: float) -> str:
    if m >= 60 * 24:
        return _days(m / 1440)
    if m >= 60:
        return f"{int(m // 60)} h {int(m % 60)} min"
    return f"{m:.0f} min"
