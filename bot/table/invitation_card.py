"""An open game's invitation card in words (``Card``): what the Discord face posts in the
lobby and edits in place as seats are taken, read from the database alone (the game row,
its seats and its pace: never its state, so it shows nothing hidden)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.replies import clip, escape, jump_link
from bot.table.core import pace_of
from bot.table.loaded import Loaded
from bot.table.wording import pace_line, unix
from db import ASIDE, Invitation
from engine import games
from engine.grammar import and_, count
from engine.options import in_force


@dataclass(frozen=True)
class Card:
    """An invitation card as it stands: where it is (``message_id`` None: not posted
    yet), its words, whether its Join button stands (the seats are open), and the
    server's looking-for-a-game role (mentioned, with its button, where one is set)."""

    game_id: int
    guild_id: str | None
    channel_id: str
    message_id: str | None
    text: str
    open: bool
    role: str | None = None


def message_link(guild_id: str | None, channel_id: str, message_id: str) -> str:
    return f"{jump_link(guild_id, channel_id)}/{message_id}"


def seats_left(lg: Loaded) -> int:
    """The seats of an open game nobody has taken (its number of players is settled
    when it is opened)."""
    options = json.loads(lg.game.options)
    return max(0, len(games.sides(lg.module, options)) - len(lg.seats))


def card(inv: Invitation, lg: Loaded, role: str | None, lobby_set: bool) -> Card:
    """The card of ``inv``'s game as it stands: open (with Join), started (a jump link to
    the game), or closed (expired: nobody filled it in time; aborted or emptied)."""
    g, game = lg.module, lg.game
    head = f"**{g.NAME}** — game #{game.id}, opened by {escape(inv.opened_name)}"
    seated = and_(escape(s.name) for s in lg.seats) or "nobody yet"
    where = jump_link(game.guild_id, game.channel_id)
    if game.status == "setup":
        options = json.loads(game.options)
        pace = pace_of(game)
        left = seats_left(lg)
        expires = game.created_at + timedelta(days=pace.setup_days)
        lines = [f"🪑 **Open seats** · {head}",
                 f"Options: {in_force(g.OPTIONS, options)}",
                 pace_line(pace, games.no_computer(g, options) is None),
                 f"Seated: {seated} · **{count(left, 'seat')} left** of "
                 f"{len(games.sides(g, options))}",
                 f"Press **Join** to take a seat: the game starts in <#{game.channel_id}> "
                 f"when every seat is taken. Unfilled, it expires <t:{unix(expires)}:R>."]
        if not lobby_set:
            lines.append("(This server has no lobby channel, so the card is here: a "
                         "moderator can choose one with `/server settings lobby:`.)")
        if role:
            lines.append(f"<@&{role}>: a game is looking for players. **Looking for a "
                         "game** gives you the role, or takes it off.")
        return Card(lg.game.id or 0, inv.guild_id, inv.channel_id, inv.message_id,
                    clip("\n".join(lines)), open=True, role=role)
    if game.status in ("active", "finished"):
        text = (f"✅ **Started** · {head}\nPlayed by {seated}: [jump to the game]({where}).")
    elif game.status == "aborted" and lg.seats and _expired(lg, game.updated_at):
        text = (f"⌛ **Expired** · {head}\nNobody filled its seats within "
                f"{count(pace_of(game).setup_days, 'day')}, so it was closed. "
                "`/seek open` opens another.")
    elif game.status == ASIDE:
        text = (f"🚫 **Closed** · {head}\nIts channel was deleted before its seats were "
                "filled.")
    else:
        text = f"🚫 **Closed** · {head}\nIt was closed before its seats were filled."
    return Card(lg.game.id or 0, inv.guild_id, inv.channel_id, inv.message_id, clip(text),
                open=False)


def _expired(lg: Loaded, closed_at: datetime) -> bool:
    """Whether the set-up clean-up closed it: it stood open for the whole setup limit."""
    return closed_at >= lg.game.created_at + timedelta(days=pace_of(lg.game).setup_days)
