"""The help and the rules, as players read them in Discord: ``/help`` (how to play here,
time, ratings), ``/help game:`` and ``/rules`` (a game's rules in short, its options and
topics; one topic). Each is a *subject*, shown a page at a time so nothing is ever cut at
Discord's 2,000 characters: ◀ ▶ buttons (``Reply.page``) ask for the same subject at
another page, and the subject, carried in the button's id, is checked here again.

Subjects: ``all`` (how to play here and the games), ``time``, ``ratings``, a game's id
(``rajas``), and a game's topic (``rajas.quarry``). Nothing here points at a file: a
player cannot open one. Where the operator publishes the docs (``DOCS_URL``), a game's
help ends with a link to its page there.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from bot.hours import AWAY_DAYS_PER_30, MIN_HOURS
from bot.ratings import RULE as RATING_RULE
from bot.replies import Reply, echo, paged
from engine import games
from engine.options import describe as describe_options

HELP = (
    "**Darbar** hosts board games in this channel. One game per channel or thread.\n"
    "- `/game new` opens a game (`opponent: the computer` to play the bot); others `/game join`.\n"
    "- `/play` opens your move panel; `/play move: c3 d3` types a whole move or part of one "
    "(autocomplete shows the legal steps). Your steps stay private until your move is "
    "complete, then the whole move is posted; the panel's Board button shows your move so far.\n"
    "- A line stops at a step that rolls dice or reveals a card: what came before is played "
    "and stands, you see the outcome, then go on.\n"
    "- `/board`, `/log`, `/game status`, `/card`, `/score` to look; `/hand` shows your "
    "hidden cards, to you alone, in a game that has them. `/undo` takes back one step "
    "of a move under way, or your last move (and the computer's reply) while nobody has "
    "answered it; past dice or a new card the others vote, once per request, and what "
    "was hidden is then dealt anew; against the computer what you have seen stands. "
    "`/resign` concedes (asks first, saying what happens: with 3+ sides the computer "
    "takes yours and the others play on); `/game abort` (creator or moderators).\n"
    "- A game left waiting reminds whoever must move (`/game remind`: channel, DM or off, and "
    "after how many hours); the creator or a moderator can `/game reassign` a side to the "
    "computer, or offer it to a member, who takes it with **Take** (someone must stay "
    "seated).\n"
    "- Clocks, playing hours, time away and `/mygames`: `/help topic:time`; rematch, "
    "ratings and `/leaderboard`, `/profile`, `/stats`: `/help topic:ratings`.\n"
    "- Each person may have a limited number of open games per server.\n"
    "- Threads, following, open seats, substitutes, the server's board: "
    "`/help topic:community`.\n"
    "- `/help game:<name>` shows that game's rules in short and its options "
    "(`/game new … options:players=3`); `/rules topic:` one topic."
)


COMMUNITY_HELP = (
    "**Playing as a server** — games in threads, open seats, substitutes.\n"
    "- `/game new` in a text channel gives the game a thread of its own, named for it and "
    "its players, with everyone seated added; the channel keeps a one-line notice, and the "
    "result when it ends. A server may keep games in the channel instead "
    "(`/server settings threads:channel`).\n"
    "- `/game follow` (or the **Follow** button): watch a game in its thread, or "
    "`how:dm` to be sent each public post by DM (never anything hidden); "
    "`/game unfollow`.\n"
    "- Open seats: `/seek open` (or `/game new … open:true`) posts a card in the server's "
    "lobby; anyone may **Join** it, and the game starts when full. `/seek list` shows the "
    "open seats; `/seek role` gives or takes the looking-for-a-game role.\n"
    "- `/game substitute side:` (players or moderators) puts a stalled seat up: its card "
    "has **Take the seat**, and the other players agree or refuse (12 hours' silence is "
    "consent). The substitute is not rated; the leaver is placed last.\n"
    "- `/server board channel:` (moderators) keeps one message there listing the server's "
    "games: open seats first, then whose turn and since when, edited as they change.\n"
    "- Moderators choose the lobby, the role, threads or channel, when a finished game's "
    "thread is archived and how long a timed-out seat is offered to substitutes: "
    "`/server settings`."
)


TIME_HELP = (
    "**Time in Darbar** — play across time zones.\n"
    "- **Pace**: `/game new pace:` none (reminders only), `live` (24 h + 4 h a move, up to "
    "72 h), `standard` (72 h + 12 h, up to 120 h), `slow` (72 h + 36 h, up to 240 h) or your "
    "own (`48h+6h/96h`: hours to start + added a move / the most one may have). A server's "
    "moderators set the default (`/server settings`). `/game status` shows each clock.\n"
    "- `on_timeout:` what happens when a player's time runs out: `move` (the computer plays "
    "that move, knowing only what that player could see), `seat` (the computer takes the "
    "seat; where the server sets `substitute_hours`, offered to substitutes first) or "
    "`lose` (the game ends; they lose). In a game without a computer player the "
    "others `/game vote` end or wait, and any of them may `/game reassign` the side.\n"
    "- `/game substitute side:` (players or moderators) puts a stalled seat up: its card, "
    "here and in the server's lobby, has **Take the seat**; the other players agree or "
    "refuse (12 hours' silence is consent). The substitute is not rated; the leaver is "
    "placed last. A server's `substitute_hours` offers a timed-out seat so first.\n"
    "- Reminders come at half and nine tenths of your time (without a clock: after each "
    "idle period, at most 3), never outside your playing hours.\n"
    "- `/me`: your time zone (a region and a city, `Asia/Kolkata`, or `UTC`), playing hours "
    f"(`09:00-23:00` on the 24-hour clock, at least {MIN_HOURS} h a day) and `away_until:` "
    f"(a date or `3d`; at most {AWAY_DAYS_PER_30} days in any 30). Your clock stands still "
    "outside your hours and while you are away; the others see \"away until\" in "
    "`/game status`.\n"
    "- `/mygames`: your games in every server — those waiting on you first, longest-waiting "
    "first — with jump links; the *Next game* button takes you to the one that has waited "
    "longest.\n"
    "- Every wait is charged once: a change of hours, zone or time away, a side handed on "
    "or a vote first settles the time so far under the settings in force then.\n"
    "- A game never started is closed after 14 days; one no person moves in (timeouts do "
    "not count) is warned after 30 days, or at once when everyone's time has run out, and "
    "abandoned a week after the warning (a server may set both). Moderators see every game "
    "with `/game list`.\n"
    "- A server's board: a moderator's `/server board channel:` keeps one message there "
    "listing the server's games (open seats first, then whose turn it is and since when, "
    "the clock and a jump link), edited as they change; `/server board` says where it is, "
    "`off:True` takes it away."
)


AFTER_HELP = (
    "**After a game**\n"
    "- The result post says who won, the scores, the game's length and who played whom, "
    "over the last picture; its **Rematch** buttons (or `/game rematch how:`) open the same "
    "game again here with the same people, options and pace, the seats rotated, kept or "
    "shuffled; the others press **Join** (the computer's seats fill themselves). It starts "
    "when everyone invited is in, and pings each of them once a day, however often it is "
    "opened again.\n"
    f"- Ratings: {RATING_RULE}\n"
    "- `/leaderboard game:` the best 25 here and your place; `/profile user:` games, wins, "
    "ratings (here and across servers) with a chart, median time to move, timeouts, "
    "favourite side; `/stats game:` wins by side and the average length here. In a DM, "
    "all three count every server.\n"
    "- `/replay` once a game is over: its story move by move, an animation and the log."
)


# What each topic of /help (no game) may be typed as.
TOPICS = {"time": ("time", "pace", "clock", "hours"), "ratings": ("ratings", "rating", "after"),
          "community": ("community", "server", "threads", "seek", "substitute", "follow")}
GENERAL = "all"


def subject(game: str | None, topic: str | None) -> str:
    """The subject ``/help game: topic:`` or ``/rules game: topic:`` asks for."""
    word = (topic or "").strip().lower()
    if not game:
        return next((name for name, words in TOPICS.items() if word in words), GENERAL)
    return f"{game.strip().lower()}.{word}" if word else game.strip().lower()


def docs_link(page: str, env: Mapping[str, str] = os.environ) -> str | None:
    """``DOCS_URL`` + ``page`` where the operator published the docs, else None: a link
    only to a page anyone can open."""
    base = env.get("DOCS_URL", "").strip()
    if not base.startswith(("https://", "http://")):
        return None
    return f"{base.rstrip('/')}/{page}"


def text_of(name: str, playable: list[str]) -> str | Reply:
    """The whole text of subject ``name`` (a refusal where there is no such subject)."""
    if name == GENERAL:
        return f"{HELP}\n\n{games_list(playable)}"
    if name == "time":
        return TIME_HELP
    if name == "ratings":
        return AFTER_HELP
    if name == "community":
        return COMMUNITY_HELP
    game_id, _, topic = name.partition(".")
    if game_id not in games.ids():
        return Reply(private=f"I don't know {echo(game_id)}. Games: {', '.join(games.ids())}.",
                     error=True)
    g = games.get(game_id)
    topics = g.RULES_TOPICS
    if topic:
        if topic not in topics:
            listed = ", ".join(f"`{t}`" for t in topics) or "none"
            return Reply(private=f"No topic {echo(topic)} for {g.NAME}. Topics: {listed}.",
                         error=True)
        return topics[topic]
    parts = [g.RULES_SUMMARY, describe_options(g.OPTIONS)]
    if topics:
        parts.append("Topics (`/rules game:" + game_id + " topic:<name>`): "
                     + ", ".join(f"`{t}`" for t in topics) + ".")
    if (link := docs_link(f"{game_id}.md")) is not None:
        parts.append(f"More about {g.NAME} in Darbar: <{link}>")
    return "\n".join(p.rstrip("\n") for p in parts if p)


def games_list(playable: list[str]) -> str:
    lines = ["**Games on this table:**"]
    for gid in playable:
        g = games.get(gid)
        lo, hi = g.PLAYERS
        players = f"{lo}" if lo == hi else f"{lo}–{hi}"
        lines.append(f"- `{gid}` — {g.NAME}, {players} players")
    return "\n".join(lines)


def show(name: str, page: int, playable: list[str]) -> Reply:
    """Page ``page`` of subject ``name``, with ◀ ▶ to the others when there are more."""
    text = text_of(name, playable)
    if isinstance(text, Reply):
        return text
    return paged(text, page, "help_page", subject=name)
