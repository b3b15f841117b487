"""The offline sandbox: the same table as Discord, driven from a terminal.

Lines look like Discord commands, typed as any user in any channel:

    @ravi /game new goat_tiger opponent:computer
    @ravi /play c3
    @meera #other-channel /game new goat_tiger

Every board image is written to a folder and its path printed.
"""

from __future__ import annotations

import asyncio
import logging
import re
import shlex
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot import workers
from bot.reminders import due_nudges
from bot.replies import Actor, Confirmation, Place, Reply
from bot.table import Table, open_games_limit, parse_options
from db import Repository
from engine import games

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
  /game reassign tigers @sam (or computer)  hand a side over (creator or moderator)
Board images go to {images}/ — open them as the game goes."""


class Sandbox:
    def __init__(self, table: Table, images: Path, channel: str, user: str, echo: bool = False):
        self.table = table
        self.images = images
        self.channel = channel
        self.user = user
        self.echo = echo
        self.later = timedelta()  # how far /wait has moved the clock
        self.request: int | None = None  # the last undo request shown, for /agree /refuse
        # Questions waiting for a typed answer (`/resign yes`), by (user, channel): the
        # terminal's stand-in for the buttons under a question in Discord.
        self.pending: dict[tuple[str, str], Confirmation] = {}

    def actor(self) -> Actor:
        return Actor(user_id=f"sandbox:{self.user}", name=self.user)

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
        if cmd == "game":
            sub = rest[0].lower() if rest else ""
            pos, kw = _split_args(rest[1:])
            if sub == "new":
                if not pos and "game" not in kw:
                    return "Which game? e.g. /game new goat_tiger"
                try:
                    options = parse_options(" ".join(f"{k}={v}" for k, v in kw.items()
                                                     if k not in ("game", "side", "opponent")))
                except ValueError as e:
                    return str(e)
                return await self._show(await t.new(
                    p, a, kw.get("game") or pos[0], role=kw.get("side"),
                    opponent=kw.get("opponent"), options=options))
            if sub == "join":
                return await self._show(await t.join(p, a, kw.get("side") or next(iter(pos), None)))
            if sub == "start":
                fill = (kw.get("fill") or kw.get("fill_with_computer") or "").lower() in (
                    "computer", "true", "yes")
                return await self._show(await t.start(p, a, fill_with_computer=fill))
            if sub == "remind":
                hours = kw.get("after") or kw.get("after_hours") or next(iter(pos[1:]), None)
                try:
                    hours_value = float(hours) if hours else None
                except ValueError:
                    return "Hours are a number, e.g. /game remind dm after:12"
                return await self._show(await t.remind(
                    p, a, kw.get("mode") or next(iter(pos), None), hours_value))
            if sub == "reassign":
                side = kw.get("side") or next(iter(pos), None)
                who = (kw.get("player") or next(iter(pos[1:]), "")).lstrip("@")
                if not who:
                    return "Name who takes the seat: /game reassign tigers @meera (or computer)"
                to = None if who == "computer" else Actor(f"sandbox:{who}", who)
                return await self._show(await t.reassign(p, a, side, to))
            simple = {"leave": t.leave, "status": t.status, "abort": t.abort}
            if sub in simple:
                return await self._show(await simple[sub](p, a))
            return "Use /game new | join | leave | start | status | abort | remind | reassign."
        if cmd == "wait":
            # Time passes (offline only): show the reminders that would go out by then.
            try:
                self.later += timedelta(hours=float(rest[0]) if rest else 24)
            except ValueError:
                return "Say how many hours pass, e.g. /wait 25"
            nudges = await due_nudges(t.repo, datetime.now(UTC) + self.later, t.reminders)
            lines = [f"(the clock is now {self.later} ahead)"]
            for n in nudges:
                if n.mode == "dm":
                    lines += [_indent(f"[DM to @{ping.name}] ", _plain(n.dm_text(ping)))
                              for ping in n.pings]
                else:
                    lines.append(_indent(f"[#{n.place.channel_id.removeprefix('sandbox:')}] ",
                                         _plain(n.channel_text(lambda q: f"@{q.name}"))))
            return self._times("\n".join(lines if nudges else [*lines, "No reminders due."]))
        if cmd == "play":
            move = re.sub(r"^/play\s*(move:)?\s*", "", line, flags=re.I)
            return await self._show(await t.play(p, a, move))
        if cmd == "complete":
            text = re.sub(r"^/complete ?", "", line, flags=re.I)
            pairs = await t.autocomplete(p, a, text)
            return "autocomplete: " + (" | ".join(v for _, v in pairs) or "(nothing)")
        if cmd == "board":
            pos, kw = _split_args(rest)
            return await self._show(await t.board(p, a, words="text" in pos,
                                                  side=kw.get("side")))
        if cmd == "undo":
            return await self._show(await t.undo(p, a))
        if cmd in ("agree", "refuse"):
            if self.request is None:
                return "No undo request is waiting for an answer."
            return await self._show(await t.undo_vote(p, a, self.request, cmd == "agree"))
        if cmd == "resign":
            return await self._answer(cmd, rest) if rest else await self._show(
                await t.resign(p, a))
        if cmd == "log":
            n = int(rest[0]) if rest and rest[0].isdigit() else 15
            return await self._show(await t.log(p, a, n))
        if cmd in ("card", "score", "hand"):
            return await self._show(await getattr(t, cmd)(p, a))
        if cmd == "help":
            pos, kw = _split_args(rest)
            game = kw.get("game") or next(iter(pos), None)
            return await self._show(t.rules(game, kw.get("topic") or next(iter(pos[1:]), None)))
        if cmd == "rules":
            # As in Discord: without a game named, the channel's game is meant.
            pos, kw = _split_args(rest)
            if pos and pos[0] in games.ids():
                kw.setdefault("game", pos.pop(0))
            topic = kw.get("topic") or " ".join(pos) or None
            return await self._show(await t.rules_here(p, kw.get("game"), topic))
        return f"Unknown command /{cmd}. Type `help`."

    async def _answer(self, cmd: str, rest: list[str]) -> str:
        """``/resign yes`` or ``/resign no``: the answer to the question ``/resign`` asked."""
        word = rest[0].lower()
        if word not in ("yes", "no"):
            return f"Answer with /{cmd} yes or /{cmd} no."
        question = self.pending.pop((self.user, self.channel), None)
        if question is None or question.action != cmd:
            return f"Nothing to answer: type /{cmd} first."
        if word == "no":
            return await self._show(await self.table.decline(
                self.place(), self.actor(), game_id=question.game_id, asked=question.asked))
        ask = getattr(self.table, question.action)
        return await self._show(await ask(self.place(), self.actor(), confirm=True,
                                          game_id=question.game_id, asked=question.asked))

    async def _show(self, reply: Reply) -> str:
        out = []
        public = reply.public_text(lambda ping: f"@{ping.name}")
        if public:
            public = self._times(public)
            out.append(_indent(f"[#{self.channel}] ", _plain(public)))
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
        if reply.image:
            path = self._save(reply.image)
            out.append(f"   image: {path}")
        return "\n".join(out)

    @staticmethod
    def _times(text: str) -> str:
        """Discord renders <t:N:R> in each reader's time zone; the terminal shows UTC."""
        return re.sub(r"<t:(\d+):R>", lambda mt: datetime.fromtimestamp(
            int(mt.group(1)), UTC).strftime("%H:%M UTC"), text)

    def _save(self, png: bytes) -> Path:
        folder = self.images / folder_name(self.channel)
        folder.mkdir(parents=True, exist_ok=True)
        # Carry on from earlier sessions' images rather than overwrite them.
        taken = [int(p.stem) for p in folder.glob("*.png") if p.stem.isdigit()]
        path = folder / f"{max(taken, default=0) + 1:04d}.png"
        path.write_bytes(png)
        return path


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
