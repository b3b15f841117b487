"""The offline sandbox: the same table as Discord, driven from a terminal.

Lines look like Discord commands, typed as any user in any channel:

    @ravi /game new goat_tiger opponent:computer
    @ravi /play c3
    @meera #other-channel /game new goat_tiger

Every board image (and any other attachment: a replay's animation and log) is written to
a folder and its path printed. The commands are read
against the catalogue Discord's slash commands are made from (bot/commands.py), so both
faces offer the same ones; /wait, /complete, /agree, /refuse, /take and /resign yes|no are
the terminal's own (a clock, autocomplete, and the buttons under a post).
"""

from __future__ import annotations

import asyncio
import logging
import re
import shlex
import sys
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from bot import clicks, commands, guide, workers
from bot.command_kit import BadInput, Channel, Command, Param, Role
from bot.commands import GROUPS
from bot.failures import opening_database
from bot.reminders import Nudge
from bot.replies import Actor, Confirmation, Page, Place, Reply
from bot.scheduler import tick
from bot.table import Table, open_games_limit
from db import Repository, normalise_url

log = logging.getLogger("darbar.sandbox")

BANNER = """\
Darbar sandbox — the Discord table, offline. You are @{user} in #{channel}.
  @name            act as another user from now on     #name   switch channel
  /game new goat_tiger opponent:computer   play the computer (side:goats|tigers)
  /game new goat_tiger  then  @meera /game join          two players, any names
  /game new vijayanagara  then  /game start             hold all three factions yourself
  /play            your legal steps      /play c3  or  /play c3 d3   make a move
  /complete c      what autocomplete would offer        /board [text] /log /undo /resign
  /game status /game abort /help [game] [topic]  /rules [game] [topic]   quit (or Ctrl-D)
  /card /score     the current card; the score (games that have them)
  /game new taj_mahal opponent:computer    Taj Mahal; /hand shows your cards (to you only)
  /game new rajas opponent:computer        Rajas of the Ganges; /board side:red a province
  /game new maharaja opponent:computer     Maharaja (3-5 colours): /play delhi agra 2 done
  /agree /refuse   answer the last undo request (as another player: @meera /agree)
  /game remind dm after:12   reminders     /wait 25   let 25 hours pass (shows reminders)
  /game reassign tigers @sam (or computer)  offer a side (creator or moderator); @sam /take
  /game substitute tigers   put a seat up; @sam /takeseat; the others /seat agree|refuse
  /game new taj_mahal pace:standard on_timeout:move   a clock (none live standard slow 48h+6h/96h)
  /mygames         your games everywhere     /me timezone:Asia/Kolkata hours:09-23 away:3d
  /replay [game] [move:5] [whole]   a finished game move by move; whole: animation + log
  /game rematch    after a game: the same again    /leaderboard goat_tiger  /profile
Board images go to {images}/ — open them as the game goes."""


class Sandbox:
    def __init__(self, table: Table, images: Path, channel: str, user: str, echo: bool = False):
        self.table = table
        self.images = images
        self.channel = channel
        self.user = user
        self.echo = echo
        self.later = timedelta()  # how far /wait has moved the clock
        # The table's clock is the sandbox's: /wait moves it on for moves and the scheduler.
        table.now = lambda: datetime.now(UTC) + self.later
        self.request: int | None = None  # the last undo request shown, for /agree /refuse
        self.offer: int | None = None  # the last offer of a side shown, for /take
        # The last seat card shown, for /takeseat; the last candidate's offer, for /seat.
        self.card: int | None = None
        self.candidacy: int | None = None
        # Questions waiting for a typed answer (`/resign yes`), by (user, channel): the
        # terminal's stand-in for the buttons under a question in Discord.
        self.pending: dict[tuple[str, str], Confirmation] = {}

    def actor(self) -> Actor:
        return person(self.user)

    def place(self) -> Place:
        return Place(channel_id=f"sandbox:{self.channel}", guild_id="sandbox")

    async def handle(self, line: str) -> str:
        """Run one line and return what a person would see."""
        line = line.strip()
        if not line or line.startswith("//"):
            return ""
        while line and line[0] in "@#":
            head, _, line = line.partition(" ")
            if head[0] == "@" and len(head) > 1:
                self.user = head[1:]
            elif head[0] == "#" and len(head) > 1:
                self.channel = head[1:]
            line = line.strip()
        if not line:
            return f"(you are @{self.user} in #{self.channel})"
        if line in ("help", "?"):
            return BANNER.format(user=self.user, channel=self.channel, images=self.images)
        if not line.startswith("/"):
            return "Commands start with / — try /help, or type `help`."
        try:
            words = shlex.split(line)
        except ValueError as e:
            return f"Could not read that line: {e}"
        return await self._command(words[0][1:].lower(), words[1:], line)

    async def _command(self, cmd: str, rest: list[str], line: str) -> str:
        t, a, p = self.table, self.actor(), self.place()
        if cmd == "wait":
            return await self._wait(rest)
        if cmd == "complete":
            text = re.sub(r"^/complete ?", "", line, flags=re.I)
            pairs = await t.autocomplete(p, a, text)
            return "autocomplete: " + (" | ".join(v for _, v in pairs) or "(nothing)")
        if cmd in ("agree", "refuse"):  # the buttons under an undo request, in Discord
            if self.request is None:
                return "No undo request is waiting for an answer."
            return await self._show(await clicks.UNDO_VOTE.run(
                t, p, a, clicks.Vote(self.request, cmd == "agree")))
        if cmd == "join" and rest:  # the Join button under an open game's card
            if not rest[0].isdigit():
                return "Say which game's card: /join 3."
            return await self._show(await clicks.LOBBY_JOIN.run(
                t, p, a, clicks.OnGame(int(rest[0]))))
        if cmd == "take":  # the Take button under an offer of a side, in Discord
            if self.offer is None:
                return "No side has been offered here: `/game reassign` offers one."
            return await self._show(await clicks.TAKE.run(t, p, a, clicks.Offer(self.offer)))
        if cmd in ("takeseat", "seat"):
            return await self._seat(cmd, rest)
        if cmd in commands.QUESTIONS and rest:  # the yes / no buttons under a question
            return await self._answer(cmd, rest)
        # Everything else is a command of the catalogue, as in Discord.
        if cmd in GROUPS:
            command = commands.find(cmd, rest[0].lower() if rest else "")
            if command is None:
                return (f"Use /{cmd} "
                        + " | ".join(c.name for c in commands.in_group(cmd)) + ".")
            rest = rest[1:]
        else:
            command = commands.find(None, cmd)
            if command is None:
                return f"Unknown command /{cmd}. Type `help`."
        try:
            work = command.call(t, p, a, read_values(command, rest, line))
        except BadInput as e:
            return str(e)
        return await self._show(await work)

    async def _wait(self, rest: list[str]) -> str:
        """Time passes (offline only): the reminders that would go out by then."""
        t = self.table
        try:
            self.later += timedelta(hours=float(rest[0]) if rest else 24)
        except ValueError:
            return "Say how many hours pass, e.g. /wait 25"
        due = await tick(t, t.now())
        lines = [f"(the clock is now {self.later} ahead)"]
        for n in due:
            where = f"[#{n.place.channel_id.removeprefix('sandbox:')}] "
            if not isinstance(n, Nudge):
                text = n.post.public_text(lambda q: f"@{q.name}") or ""
                lines.append(_indent(where, _plain(text)))
                lines += [_indent(f"[DM to @{user.removeprefix('sandbox:')}] ", _plain(dm))
                          for user, dm in n.dms]
                if n.post.image:
                    lines.append(f"   image: {self._save(n.post.image)}")
                lines += await self._card(n.post.card)
                lines += await self._cards(n.post)
                if n.post.put_up is not None:
                    lines.append(f"   put up: /game substitute {n.post.put_up}")
            else:
                lines += [_indent(f"[DM to @{ping.name}] ", _plain(n.dm_text(ping)))
                          for ping in n.pings if ping.user_id in n.by_dm]
                public = [p for p in n.pings if p.user_id not in n.by_dm]
                if public:
                    lines.append(_indent(where, _plain(replace(n, pings=tuple(public))
                                                       .channel_text(lambda q: f"@{q.name}"))))
        return self._times("\n".join(lines if due else [*lines, "Nothing falls due."]))

    async def _seat(self, cmd: str, rest: list[str]) -> str:
        """``/takeseat`` (the card's Take the seat) and ``/seat agree|refuse`` (the
        buttons under a candidate's offer), in Discord."""
        t, a, p = self.table, self.actor(), self.place()
        if cmd == "takeseat":
            if self.card is None:
                return "No seat is up for a substitute: `/game substitute side:` puts one up."
            return await self._show(await clicks.TAKE_SEAT.run(t, p, a,
                                                               clicks.OnSeat(self.card)))
        if self.candidacy is None or not rest or rest[0].lower() not in ("agree", "refuse"):
            return "Answer a candidate for a seat with /seat agree or /seat refuse."
        return await self._show(await clicks.SEAT_VOTE.run(
            t, p, a, clicks.SeatVote(self.candidacy, rest[0].lower() == "agree")))

    async def _cards(self, reply: Reply) -> list[str]:
        """A reply's seat cards (each post recorded, so later ones edit it) and its posts
        in another channel, as the terminal shows them."""
        out = []
        for notice in reply.elsewhere:
            text = notice.post.public_text(lambda ping: f"@{ping.name}") or ""
            out.append(_indent(f"[#{notice.place.channel_id.removeprefix('sandbox:')}] ",
                               _plain(text)))
            if notice.post.seat_vote is not None:
                self.candidacy = notice.post.seat_vote
                out.append("   answer: /seat agree or /seat refuse (as one of the others)")
        for card in reply.cards:
            for channel in card.post_in:
                await self.table.seat_card_posted(card.sub_id, channel, f"{channel}:{card.sub_id}")
            where = ", ".join("#" + c.removeprefix("sandbox:")
                              for c in [c for c, _ in card.edit] + list(card.post_in))
            tag = "card" if card.post_in else "card, edited"
            out.append(_indent(f"[{tag} in {where}] ", _plain(self._times(card.text))))
            if card.open:
                self.card = card.sub_id
                out.append("   take the seat: /takeseat (as someone not playing in it)")
        return out

    async def _answer(self, cmd: str, rest: list[str]) -> str:
        """``/resign yes`` or ``/resign no``: the answer to the question ``/resign`` asked."""
        word = rest[0].lower()
        if word not in ("yes", "no"):
            return f"Answer with /{cmd} yes or /{cmd} no."
        question = self.pending.pop((self.user, self.channel), None)
        if question is None or question.action != cmd:
            return f"Nothing to answer: type /{cmd} first."
        return await self._show(await commands.QUESTIONS[cmd].run(
            self.table, self.place(), self.actor(),
            clicks.Answer(question.game_id, word == "yes", question.asked)))

    async def _show(self, reply: Reply) -> str:
        out = []
        public = reply.public_text(lambda ping: f"@{ping.name}")
        if public:
            public = self._times(public)
            where = reply.place.channel_id.removeprefix("sandbox:") if reply.place \
                else self.channel
            out.append(_indent(f"[#{where}] ", _plain(public)))
        if reply.private:
            tag = "✗ " if reply.error else ""
            out.append(_indent(f"[only @{self.user}] ", tag + _plain(reply.private)))
        if reply.choices:
            out.append(_indent("   steps: ", "  ".join(c.token for c in reply.choices)))
        if reply.consent is not None:  # the buttons under an undo request, in Discord
            self.request = reply.consent.request_id
            out.append("   answer: /agree or /refuse (as one of the other players)")
        if reply.confirm:
            self.pending[(self.user, self.channel)] = reply.confirm
            act = reply.confirm.action
            out.append(f"   answer: /{act} yes ({reply.confirm.yes})  or  /{act} no "
                       f"({reply.confirm.no})")
        if reply.rematch is not None:  # the buttons under a result post, in Discord
            out.append("   rematch: /game rematch (rotate | keep | shuffle), as one of its "
                       "players")
        if reply.join is not None:
            out.append("   join: /game join, as one of the players invited")
        if reply.offer is not None:
            self.offer = reply.offer.offer_id
            out.append(f"   take: /take, as {', '.join(f'@{p.name}' for p in reply.pings)}")
        out += await self._cards(reply)
        if reply.put_up is not None:  # the button under a timeout's notice, in Discord
            out.append(f"   put up: /game substitute {reply.put_up} (a player or a moderator)")
        if reply.seat_vote is not None:
            self.candidacy = reply.seat_vote
            out.append("   answer: /seat agree or /seat refuse (as one of the others)")
        if reply.image:
            path = self._save(reply.image)
            out.append(f"   image: {path}")
        for name, data in reply.files:  # a replay's animation and its log
            out.append(f"   file: {self._save(data, name)}")
        if reply.page is not None:  # the ◀ ▶ buttons under a long list or text
            out.append("   pages: " + "  ".join(
                typed_page(reply.page, to) for to in (reply.page.page - 1, reply.page.page + 1)
                if 1 <= to <= reply.page.pages))
        if reply.replay is not None:  # the ◀ ▶ buttons under a replay, in Discord
            step = reply.replay
            moves = sorted({m for m in (0, step.move - 1, step.move + 1, step.moves)
                            if 0 <= m <= step.moves and m != step.move})
            out.append("   moves: " + "  ".join(f"/replay {step.game_id} move:{m}"
                                                for m in moves))
        out += await self._card(None if reply.error else reply.card)
        for then in reply.then:  # the posts that follow it (a tiebreak game, its result)
            out.append(await self._show(then))
        return "\n".join(out)

    async def _card(self, game_id: int | None) -> list[str]:
        """An open game's invitation card as it stands (posted or edited in place, in
        Discord), and how to press its Join button."""
        card = None if game_id is None else await self.table.invitation_card(game_id)
        if card is None:
            return []
        where = card.channel_id.removeprefix("sandbox:")
        out = [_indent(f"[card in #{where}] ", _plain(self._times(card.text)))]
        if card.open:
            out.append(f"   join: #{where} /join {game_id}")
        return out

    @staticmethod
    def _times(text: str) -> str:
        """Discord renders <t:N:R> in each reader's time zone; the terminal shows UTC."""
        return re.sub(r"<t:(\d+):R>", lambda mt: datetime.fromtimestamp(
            int(mt.group(1)), UTC).strftime("%H:%M UTC"), text)

    def _save(self, data: bytes, name: str = "") -> Path:
        """A picture as ``0007.png``, another attachment as ``0008-game-3.gif``: numbered
        in one sequence per channel."""
        folder = self.images / folder_name(self.channel)
        folder.mkdir(parents=True, exist_ok=True)
        # Carry on from earlier sessions' files rather than overwrite them.
        taken = [int(p.name[:4]) for p in folder.iterdir() if p.name[:4].isdigit()]
        number = f"{max(taken, default=0) + 1:04d}"
        path = folder / (f"{number}-{folder_name(name)}" if name else f"{number}.png")
        path.write_bytes(data)
        return path


# Words that say yes to a bool given as name:value ("/game start fill:computer" too).
TRUE = ("true", "yes", "on", "1", "computer")


def read_values(command: Command, words: list[str], line: str) -> dict[str, Any]:
    """What a typed line gives ``command``'s parameters (see ``commands.Param``): each
    ``name:value`` (or ``name=value``) to its parameter, a bool's name alone to it, and
    other words in turn to the parameters still without a value; a parameter that wants
    the whole line (a move) gets the line as typed. Values the line leaves out keep the
    command's defaults."""
    params = list(command.params)
    whole = next((p for p in params if p.line), None)
    if whole is not None:
        head = r"\s+".join(re.escape(w) for w in command.path.split())
        return {whole.name: re.sub(rf"^/{head}\s*({whole.name}:)?\s*", "", line, flags=re.I)}
    by_name = {name: p for p in params for name in (p.name, *p.aliases)}
    pos, named = _split_args(words)
    typed: dict[str, str] = {}
    gathered: list[str] = []
    for key, value in named.items():
        if key in by_name:
            typed[by_name[key].name] = value
        elif command.gathers:
            gathered.append(f"{key}={value}")
    if command.gathers and gathered:
        typed[command.gathers] = " ".join(filter(None, [typed.get(command.gathers),
                                                        *gathered]))
    waiting = [p for p in params if p.kind is not bool and p.name not in typed]
    while pos:
        word = pos.pop(0)
        flag = by_name.get(word.lower())
        if flag is not None and flag.kind is bool:
            typed[flag.name] = "true"
            continue
        while waiting and waiting[0].accepts is not None and not waiting[0].accepts(word):
            waiting.pop(0)
        if waiting:  # a word no parameter takes is left out
            param = waiting.pop(0)
            typed[param.name] = " ".join([word, *pos]) if param.rest else word
            if param.rest:
                pos = []
    values: dict[str, Any] = {}
    for param in params:
        if param.name in typed:
            values[param.name] = _value(command, param, typed[param.name])
        elif param.required:
            raise BadInput(f"Which {param.name}? e.g. /{command.path} {param.example}")
    return values


def _value(command: Command, param: Param, text: str) -> Any:
    """A typed word as the parameter's kind."""
    if param.kind is bool:
        return text.lower() in TRUE
    if param.kind is int:
        try:  # hours may be 1.5 here; Discord asks for whole ones
            return int(text) if text.strip().isdigit() else float(text)
        except ValueError:
            raise BadInput(f"`{param.name}` is a number, e.g. /{command.path} "
                           f"{param.example}") from None
    if param.kind is Actor:
        name = text.lstrip("@")
        return person(name) if name else None
    if param.kind is Role:
        name = text.lstrip("@&")
        return Role(name, name) if name else None
    if param.kind is Channel:
        name = text.lstrip("#")
        return Channel(name, name) if name else None
    return text


def typed_page(page: Page, to: int) -> str:
    """What to type for page ``to`` of a reply's list or text (a ◀ ▶ button in Discord)."""
    if page.command == "list_games":
        return f"/game list page:{to}"
    if page.command == "open_seats":
        return f"/seek list page:{to}"
    if page.command != "help_page" or not page.subject:
        return f"/mygames page:{to}"
    game, _, topic = page.subject.partition(".")
    if game in guide.TOPICS:
        return f"/help topic:{game} page:{to}"
    if game == guide.GENERAL:
        return f"/help page:{to}"
    return (f"/rules game:{game} topic:{topic} page:{to}" if topic
            else f"/help game:{game} page:{to}")


def person(name: str) -> Actor:
    """A member of the sandbox's server: anyone named."""
    return Actor(user_id=f"sandbox:{name}", name=name)


def _split_args(words: list[str]) -> tuple[list[str], dict[str, str]]:
    pos: list[str] = []
    kw: dict[str, str] = {}
    for w in words:
        key, sep, value = w.partition(":")
        if not sep:
            key, sep, value = w.partition("=")
        if sep and key:
            kw[key.lower()] = value
        else:
            pos.append(w)
    return pos, kw


def folder_name(channel: str) -> str:
    """A channel's image folder: one plain name inside the images folder, whatever the
    channel is called (no separators; no ``.`` or ``..`` that would climb out)."""
    name = re.sub(r"[^\w.-]", "_", channel)
    return re.sub(r"^\.+", lambda m: "_" * len(m[0]), name) or "_"


def _plain(text: str) -> str:
    """Discord markup as a terminal shows it: no bold, channel links by name, and names
    and typed text as they were typed (without the escapes that keep them inert)."""
    text = re.sub(r"<#sandbox:([^>]+)>", r"#\1", text)
    # One pass, so an escaped \*\* from a name survives while real bold markers go.
    return re.sub(r"\\([^\sA-Za-z0-9])|\*\*", lambda m: m[1] or "", text)


def _indent(prefix: str, text: str) -> str:
    pad = " " * len(prefix)
    lines = text.splitlines() or [""]
    return "\n".join([prefix + lines[0], *(pad + x for x in lines[1:])])


async def _main(db: str | None, images: str, channel: str, user: str) -> int:
    with opening_database(normalise_url(db)):
        repo = await Repository.open(db)
    interactive = sys.stdin.isatty()
    sandbox = Sandbox(Table(repo, max_open_games=open_games_limit()), Path(images), channel,
                      user, echo=not interactive)
    print(BANNER.format(user=user, channel=channel, images=images), flush=True)
    try:
        while True:
            prompt = f"{sandbox.user}@#{sandbox.channel}> "
            try:
                line = await asyncio.to_thread(input, prompt if interactive else "")
            except EOFError:
                break
            if line.strip().lower() in ("quit", "exit"):
                break
            if sandbox.echo and line.strip():
                print(f"{prompt}{line}")
            try:
                out = await sandbox.handle(line)
            except Exception:  # one bad line must not end a newcomer's session
                log.exception("sandbox command failed: %s", line)
                out = "Sorry, something went wrong on my side; the game is unchanged."
            if out:
                print(out, flush=True)
    finally:
        workers.shutdown()
        await repo.close()
    return 0


def run_sandbox(*, db: str | None, images: str, channel: str, user: str) -> int:
    return asyncio.run(_main(db, images, channel, user))


__all__ = ["Sandbox", "run_sandbox"]
