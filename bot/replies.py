"""Plain reply objects that the table returns and each face turns into messages.

Nothing here knows about Discord: a mention is a user id plus a name, and the
face decides whether that becomes ``<@123>`` or ``@ravi``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from bot.community_replies import NoThread as NoThread
from bot.community_replies import SeatCard as SeatCard
from bot.community_replies import ThreadChange as ThreadChange
from bot.community_replies import ThreadOpener as ThreadOpener

# Discord's cap on message content; the sandbox uses it too so both look alike.
MAX_TEXT = 2000
# How much of someone's typed input a message quotes back: enough to recognise it.
ECHO_MAX = 50


@dataclass(frozen=True)
class Actor:
    """Whoever sent a command. ``is_admin`` is Manage Channels in Discord; ``roles`` the
    ids of their roles in the server (a server may name one as its moderators')."""

    user_id: str
    name: str
    is_admin: bool = False
    roles: tuple[str, ...] = ()


@dataclass(frozen=True)
class Place:
    """Where a command was given. ``missing``: the permissions the bot lacks there to post
    a game, in the words a server's settings use ("Attach Files"), as the face read them
    from Discord; a face that needs none (the sandbox) leaves it empty. ``opener``: how to
    open a thread for a new game here (none in a thread, a DM or the sandbox)."""

    channel_id: str
    guild_id: str | None = None
    missing: tuple[str, ...] = ()
    opener: ThreadOpener | None = field(default=None, compare=False, repr=False)


def seat_label(who: str, side: str) -> str:
    """The one way a seat is worded, wherever bot/ names one: the person, then their side
    in brackets — "ravi (Goats)", "@ravi (Blue, for the Marathas)" in a ping, "Computer
    (Red and Blue)" for a person holding two sides, "ravi (side not chosen)" while seating.
    The person comes first because every sentence that names a seat is about that person
    (whom the game waits for, who is pinged, who sits where, who wins), so a verb agrees
    with them and never with a side's name ("the Goats" is plural). ``who`` is already
    worded for where it goes (escaped for a message, or a face's mention)."""
    return f"{who} ({side})"


class Seated(Protocol):
    """What a ping needs of a seat (``db.Seat``)."""

    role: str | None
    user_id: str | None
    name: str

    @property
    def left_at(self) -> datetime | None:
        """When its person was found to have left the server (None: they are there)."""


@dataclass(frozen=True)
class Ping:
    user_id: str
    name: str
    role: str  # display name of the role they must play
    # Named in the ping line without a mention: someone the table already pinged about the
    # same thing lately (a rematch's invitation), so the post still says who is awaited.
    quiet: bool = False

    @staticmethod
    def label(role_names: Mapping[str, str], view: dict, role: str) -> str:
        """The side a ping names: "Blue", or where the game says whom it acts for (a
        Maharaja colour for one of its nations), "Blue, for the Marathas"."""
        label = role_names[role]
        acting_for = (view.get("acting_for") or {}).get(role)
        return f"{label}, for {acting_for}" if acting_for else label

    def text(self, mention: Callable[[Ping], str]) -> str:
        """The ping as a face writes it: its mention (a quiet one: the name), then the
        side (``seat_label``)."""
        return seat_label(escape(self.name) if self.quiet else mention(self), self.role)

    @staticmethod
    def of_roles(seats: Iterable[Seated], role_names: Mapping[str, str], view: dict,
                 roles: Iterable[str]) -> list[Ping]:
        """Whom to ping for ``roles``: each person once (with the first of their sides
        asked), nobody for a computer's side; a game whose sides act for others (a
        Maharaja colour for one of its nations) names that too (``view["acting_for"]``).
        Someone who left the server is named without a mention (``quiet``): never pinged."""
        by_role: dict[str, Seated] = {}
        for s in seats:
            if s.role:
                by_role.setdefault(s.role, s)
        out: list[Ping] = []
        for role in roles:
            seat = by_role.get(role)
            if seat and seat.user_id and all(p.user_id != seat.user_id for p in out):
                out.append(Ping(seat.user_id, seat.name, Ping.label(role_names, view, role),
                                quiet=seat.left_at is not None))
        return out


@dataclass(frozen=True)
class Choice:
    """One legal next step, for a button or a select option."""

    token: str
    label: str


@dataclass(frozen=True)
class Consent:
    """A request to undo past dice or a revealed card, waiting for the other players.
    The request and its answers are kept in the database; the buttons carry its id."""

    request_id: int


@dataclass(frozen=True)
class Offer:
    """A side offered to a member (``/game reassign``): a Take button that only they may
    press. The offer is kept in the database; the button carries its id, which the table
    checks (the member pressing, and that the offer still stands)."""

    offer_id: int
    side: str  # the side's name, for the button's label ("Take Tigers")

    @property
    def label(self) -> str:
        return f"Take {self.side}"[:80]


@dataclass(frozen=True)
class Confirmation:
    """A yes/no question the caller answers before the table acts (``/resign``).

    The faces render it: buttons in Discord, a typed ``/resign yes`` in the sandbox. The
    answer calls the same table method again with ``confirm=True`` and this game id, which
    the table checks against the database, so an answer outlives a restart and a stale one
    (the game has since ended or been replaced) is recognised."""

    action: str  # what asks, e.g. "resign": its yes / no are the button cf:<action>
    game_id: int
    yes: str = "Yes"
    no: str = "No"
    # The user asked: nobody else's answer counts (a button carries it; the table checks it
    # against who pressed).
    asked: str | None = None


@dataclass(frozen=True)
class Page:
    """Which page of a long list or text a reply shows: ``command`` names the list
    (``my_games``, ``list_games`` or ``help_page``), whose ◀ ▶ are the catalogue's button
    ``pg:<command>`` (bot/clicks.py), asked again with ``page``; ``subject``: which
    text, for one that shows several (the help: bot/guide.py), checked by the table again
    when a button asks."""

    command: str
    page: int
    pages: int
    subject: str | None = None


# Room a paged text leaves on each page for its "(page 2 of 3)".
PAGE_NOTE = 30


@dataclass(frozen=True)
class Stepper:
    """A finished game's replay shown one position at a time (``/replay``): ◀ ▶ ask the
    table for game ``game_id`` at another move, 0 (the start) to ``moves``. The table
    checks again that the game is over and was played where the button is pressed."""

    game_id: int
    move: int
    moves: int


@dataclass(frozen=True)
class Notice:
    """What the scheduler has to say about a game (a timeout, a clean-up, a warning): a
    post in the game's channel, and direct messages (user id, text) where allowed."""

    place: Place
    post: Reply
    dms: tuple[tuple[str, str], ...] = ()


def jump_link(guild_id: str | None, channel_id: str) -> str:
    """A link that opens a game's channel, in whichever server it is."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


@dataclass
class Reply:
    # Posted in the channel for everyone, with the image and the pings.
    public: str | None = None
    # Shown only to the person who acted (ephemeral in Discord).
    private: str | None = None
    image: bytes | None = None
    image_name: str = "board.png"
    # The image in words, for screen readers (Discord's alt text, at most 1,024 characters).
    image_alt: str | None = None
    # Where the image goes when there is no public text: to the caller only.
    image_private: bool = False
    pings: list[Ping] = field(default_factory=list)
    ping_note: str = "your move."
    # The caller's legal next steps, to build a panel from.
    prompt: str = ""
    choices: list[Choice] = field(default_factory=list)
    game_id: int | None = None
    version: int | None = None
    # A post of the game's public log (a move's, a catch-up; bot/table/deliveries.py):
    # the log's length the channel had been shown before it, and will have after it.
    log_from: int | None = None
    log_seen: int | None = None
    error: bool = False
    # The database did not answer (an error too): the caller may simply try again.
    unavailable: bool = False
    # True once the caller's move is complete (the panel can close).
    move_done: bool = False
    # Someone must act next in this game (a "make your move" button makes sense).
    awaiting: bool = False
    # An undo that needs the other players' agreement (buttons under the message).
    consent: Consent | None = None
    # A question the caller must answer before anything happens (see Confirmation).
    confirm: Confirmation | None = None
    # The caller holds hidden cards: their panel offers a button that shows them.
    hand: bool = False
    # More attachments: (file name, bytes), e.g. a replay's animation and its log as JSON.
    files: list[tuple[str, bytes]] = field(default_factory=list)
    # Link buttons under the message: (label, url), e.g. the next game waiting on you.
    links: list[tuple[str, str]] = field(default_factory=list)
    # A finished game's id: Rematch buttons under its result post.
    rematch: int | None = None
    # A rematch being set up (its game id): a Join button for those invited.
    join: int | None = None
    # A side offered to a member: a Take button for them.
    offer: Offer | None = None
    # A list shown a page at a time: ◀ ▶ buttons that ask the command again.
    page: Page | None = None
    # A finished game's replay: ◀ ▶ buttons that show the position before or after.
    replay: Stepper | None = None
    # Open seats (bot/table/lobby.py): the game whose invitation card is to be posted or
    # brought up to date once this reply is delivered; where the public post goes when
    # not where the caller acted (a Join pressed on a card in the lobby: the game's own
    # channel); a looking-for-a-game role to give the caller (True) or take off (False).
    card: int | None = None
    place: Place | None = None
    lfg: tuple[str, bool] | None = None
    # Seats put up for substitutes: their cards, to post or to edit where they stand.
    cards: list[SeatCard] = field(default_factory=list)
    # Posts in another channel than the one acted in: the game's, when its seat was taken
    # from the card in the lobby.
    elsewhere: list[Notice] = field(default_factory=list)
    # A candidate for a seat waiting for the others' consent (the seat's row id): Agree /
    # Refuse buttons under the post.
    seat_vote: int | None = None
    # A side whose time ran out and stays its player's (a timeout's move, or the others'
    # vote): a button that puts it up for a substitute (``/game substitute``).
    put_up: str | None = None
    # The game's own thread: renamed, members added, a line in its parent channel.
    thread: ThreadChange | None = None
    # Who is sent this public post by DM (``/game follow how:dm``): user ids.
    followers: tuple[str, ...] = ()
    # A Follow button under the post (the game's opening post): the game's id.
    follow: int | None = None
    # Posts that follow this one in the same channel, each a game's own: a tiebreak game
    # opened after the game it decides, that game's result after the tiebreak's end.
    then: list[Reply] = field(default_factory=list)

    def public_text(self, mention: Callable[[Ping], str]) -> str | None:
        """The public message with pings rendered by the face's ``mention``. The ping line
        is never cut: a long post is shortened before it (see ``fit_post``), so whoever is
        pinged is named in the text and notified."""
        if self.public is None:
            return None
        if not self.pings:
            return fit_post(self.public)
        who = ", ".join(p.text(mention) for p in self.pings)
        line = clip(f"{who} — {self.ping_note}", MAX_TEXT // 2)
        return f"{fit_post(self.public, MAX_TEXT - len(line) - 1)}\n{line}"


# Said where a post was shortened to fit Discord's limit.
SHORTENED = "(Shortened to fit one message: every step is in `/log`.)"
# A shortened line keeps at least this much of its start.
LINE_KEEP = 120


def fit_post(text: str, limit: int = MAX_TEXT) -> str:
    """A public post within ``limit`` characters, shortened line by line rather than cut at
    the end: the first line says who moved and stays whole; the longest of the others (long
    computer sequences) lose their ends first, each cut at a word and closed with "…", then
    whole lines from the middle give way to "…", and the last line stays. Only a first
    line too long to fit beside the note loses its end (it still begins with who moved).
    A note says where the rest is."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    budget = limit - len(SHORTENED) - 1

    def size() -> int:
        return sum(len(x) for x in lines) + len(lines) - 1

    while size() > budget and len(lines) > 1:
        longest = max(range(1, len(lines)), key=lambda i: len(lines[i]))
        if len(lines[longest]) <= LINE_KEEP:
            break
        over = size() - budget
        lines[longest] = cut(lines[longest], max(LINE_KEEP, len(lines[longest]) - over))
    gap: int | None = None  # where the one "…" stands for the lines left out
    while size() > budget and len(lines) > 2:
        if gap is None:
            gap = len(lines) // 2
            lines[gap] = "…"
        elif gap < len(lines) / 2 and gap + 1 < len(lines) - 1:
            del lines[gap + 1]  # widen the gap on its longer side: it stays in the middle
        elif gap - 1 > 0:
            del lines[gap - 1]
            gap -= 1
        elif gap + 1 < len(lines) - 1:
            del lines[gap + 1]
        else:
            break  # the first line, "…" and the last
    if size() > budget:  # the first line alone is too long: it keeps its start
        lines[0] = cut(lines[0], max(1, len(lines[0]) - (size() - budget)))
    return clip("\n".join([*lines, SHORTENED]), limit)


def paginate(text: str, limit: int = MAX_TEXT - PAGE_NOTE) -> list[str]:
    """``text`` as pages of at most ``limit`` characters, never cut short: a paragraph
    that fits on a page is kept on one; otherwise a page ends at the end of a line, and a
    line longer than a page goes on after a sentence, or else after a word, and never from
    inside a code span or bold text."""
    units: list[tuple[str, str]] = []  # (text, what joins it to the one before)
    for block in text.split("\n\n"):
        if len(block) <= limit:
            units.append((block, "\n\n"))
            continue
        for i, line in enumerate(block.split("\n")):
            units += [(piece, "\n\n" if i == j == 0 else "\n")
                      for j, piece in enumerate(_pieces(line, limit))]
    pages: list[str] = []
    current = ""
    for unit, sep in units:
        joined = f"{current}{sep}{unit}" if current else unit
        if current and len(joined) > limit:
            pages.append(current)
            joined = unit
        current = joined
    return [p for p in [*pages, current] if p.strip()] or [""]


def paged(text: str, page: int, command: str, subject: str | None = None) -> Reply:
    """A private reply of page ``page`` of ``text`` (``paginate``), with ◀ ▶ that ask
    ``command`` again (``Page``) when there is more than one."""
    pages = paginate(text)
    page = min(max(1, page), len(pages))
    if len(pages) == 1:
        return Reply(private=pages[0])
    return Reply(private=f"{pages[page - 1]}\n(page {page} of {len(pages)})",
                 page=Page(command, page, len(pages), subject=subject))


def _pieces(line: str, limit: int) -> list[str]:
    """``line`` in pieces of at most ``limit`` characters, each ending where markup is
    closed: after a sentence if one ends in reach, else after a word."""
    out = []
    while len(line) > limit:
        spaces = [i for i in range(limit, 0, -1) if line[i] == " "]
        closed = (i for i in spaces if _left_open(line[:i]) is None)
        sentence = next((i for i in spaces if line[i - 1] in ".;:"
                         and _left_open(line[:i]) is None), None)
        cut = sentence or next(closed, None)
        if cut is None:  # one word longer than a page: nothing else to do
            out.append(line[:limit])
            line = line[limit:]
        else:
            out.append(line[:cut])
            line = line[cut + 1:]
    out.append(line)
    return out


def cut(line: str, limit: int) -> str:
    """``line`` within ``limit`` characters, ending at a word with "…", and never leaving
    a code span or bold text open, nor an escape without the character it escapes."""
    if len(line) <= limit:
        return line
    head = line[:limit - 1].rsplit(" ", 1)[0] if " " in line[:limit - 1] else line[:limit - 1]
    while (opened := _left_open(head)) is not None:
        head = head[:opened].rstrip()
    return f"{head}…"


def _left_open(text: str) -> int | None:
    """Where the markup that ``text`` leaves open begins: a code span, bold text, or a
    backslash with nothing after it to escape; None if everything is closed. An escaped
    character (``\\` `` in a name such as ``ravi`s``) is plain text, and inside a code span
    only a backtick counts, as Discord reads them."""
    code: int | None = None
    bold: int | None = None
    i = 0
    while i < len(text):
        if code is not None:
            if text[i] == "`":
                code = None
        elif text[i] == "\\":
            if i + 1 == len(text):
                return i
            i += 1
        elif text[i] == "`":
            code = i
        elif text.startswith("**", i):
            bold = i if bold is None else None
            i += 1
        i += 1
    if code is not None:
        return code if bold is None else min(code, bold)
    return bold


def clip(text: str, limit: int = MAX_TEXT) -> str:
    """Cut a text to ``limit`` characters (Discord refuses a message over 2,000)."""
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


# Characters that start Discord markup anywhere in a line: bold/italic/underline,
# strikethrough, code, spoilers, masked links, mentions, channels, timestamps and custom
# emoji (``<…>``), @everyone/@here, and the backslash itself.
_INLINE = re.compile(r"([\\*_~`|\[\]<@])")
# Markup that only counts at the start of a line: headings, subtext (-#), block quotes,
# lists (- * + and "1.").
_LINE_START = re.compile(r"^(\s*)([#>+-]|\d+(?=\.))", re.MULTILINE)


def escape(text: str) -> str:
    """A display name or typed text made inert in Discord markdown: it shows as typed,
    never as a heading, a link, bold text or a mention. Names stay raw everywhere else
    (database, board images); only text meant for a message goes through this."""
    text = _INLINE.sub(r"\\\1", text)
    text = _LINE_START.sub(lambda m: m[1] + m[2] + "\\" if m[2][0].isdigit()
                           else m[1] + "\\" + m[2], text)
    # A bare URL is linked by Discord even when escaped around it; this breaks the scheme.
    return text.replace("://", "\\://")


def shorten(text: str, limit: int = ECHO_MAX) -> str:
    """Someone's input as a message quotes it: on one line, at most ``limit`` characters."""
    return clip(" ".join(str(text).split()), limit)


def echo(text: str, limit: int = ECHO_MAX) -> str:
    """Typed input quoted back in a message, as inline code: shortened, and inert (nothing
    renders inside a code span; a backtick, which would close it, is replaced)."""
    return "`" + (shorten(text, limit).replace("`", "ˋ") or " ") + "`"
