"""Plain reply objects that the table returns and each face turns into messages.

Nothing here knows about Discord: a mention is a user id plus a name, and the
face decides whether that becomes ``<@123>`` or ``@ravi``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

# Discord's cap on message content; the sandbox uses it too so both look alike.
MAX_TEXT = 2000


@dataclass(frozen=True)
class Actor:
    """Whoever sent a command. ``is_admin`` is Manage Channels in Discord."""

    user_id: str
    name: str
    is_admin: bool = False


@dataclass(frozen=True)
class Place:
    channel_id: str
    guild_id: str | None = None


@dataclass(frozen=True)
class Ping:
    user_id: str
    name: str
    role: str  # display name of the role they must play


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


@dataclass
class Reply:
    # Posted in the channel for everyone, with the image and the pings.
    public: str | None = None
    # Shown only to the person who acted (ephemeral in Discord).
    private: str | None = None
    image: bytes | None = None
    image_name: str = "board.png"
    # Where the image goes when there is no public text: to the caller only.
    image_private: bool = False
    pings: list[Ping] = field(default_factory=list)
    ping_note: str = "your move."
    # The caller's legal next steps, to build a panel from.
    prompt: str = ""
    choices: list[Choice] = field(default_factory=list)
    game_id: int | None = None
    version: int | None = None
    error: bool = False
    # True once the caller's move is complete (the panel can close).
    move_done: bool = False
    # Someone must act next in this game (a "make your move" button makes sense).
    awaiting: bool = False
    # An undo that needs the other players' agreement (buttons under the message).
    consent: Consent | None = None

    def public_text(self, mention: Callable[[Ping], str]) -> str | None:
        """The public message with pings rendered by the face's ``mention``."""
        if self.public is None:
            return None
        text = self.public
        if self.pings:
            who = ", ".join(f"{mention(p)} ({p.role})" for p in self.pings)
            text += f"\n{who} — {self.ping_note}"
        return clip(text)


def clip(text: str, limit: int = MAX_TEXT) -> str:
    if len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


# Characters that Discord markdown acts on; escaped with a backslash they show as typed.
_MARKUP = re.compile(r"([\\*_~`|>#\[\]()-])")


def md(text: str) -> str:
    """A display name (or any outside text) as literal text inside a Discord message:
    markup shown, not applied, and mentions (``@everyone``, ``<@id>``) shown, not pinging."""
    text = " ".join(str(text).split())
    return _MARKUP.sub(r"\\\1", text).replace("@", "@\u200b")


def quote(text: str, limit: int = 60) -> str:
    """Echoed input, for inside a `code span`: shortened, on one line, no backtick that
    could end the span early."""
    text = " ".join(str(text).split()).replace("`", "'")
    return text if len(text) <= limit else text[: limit - 1] + "…"
