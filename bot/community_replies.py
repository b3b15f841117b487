"""The parts of a reply that reach beyond its channel (issue 41): a game's own thread
(opened, renamed, its members, a line in its parent channel) and a seat's card put up
for substitutes. Plain data, like the rest of bot/replies.py, which carries them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol


class NoThread(Exception):
    """The face could not open a thread for a game: ``missing``, the permissions it lacks
    (in the words a server's settings use), so the game stays in the channel and says so."""

    def __init__(self, missing: tuple[str, ...]) -> None:
        super().__init__(", ".join(missing))
        self.missing = missing


class ThreadOpener(Protocol):
    """What a face offers where a game could get a thread of its own (an ordinary text
    channel of a server): the table asks only once the game is sure to be made."""

    async def open(self, name: str) -> str:
        """A new public thread of the channel, named ``name``: its id (``NoThread``)."""
        ...


@dataclass(frozen=True)
class ThreadChange:
    """What a reply does to its game's own thread, beside its post (the face does it):
    renamed (``name``), people added as its members (``add``: user ids, so Discord tells
    them of every post) or taken off (``remove``: a follower who stopped), a line in the
    channel it was opened from (``to_parent``: the notice of a new game, the result).
    ``opened``: the thread was made by this reply's command: the post goes into the
    thread, and the command is answered in the channel with ``to_parent``."""

    thread_id: str
    parent_id: str
    name: str | None = None
    add: tuple[str, ...] = ()
    remove: tuple[str, ...] = ()
    to_parent: str | None = None
    opened: bool = False


@dataclass(frozen=True)
class SeatCard:
    """A seat put up for a substitute (bot/table/substitutes.py): its card, with a **Take
    the seat** button while the seat is open (the button carries the row's id, checked
    by the table). A face posts it in each channel of ``post_in`` (telling the table
    where: ``Table.seat_card_posted``) and writes it over each (channel, message) of ``edit``,
    the card's earlier posts, as the seat is asked for, taken or withdrawn."""

    sub_id: int
    text: str
    open: bool
    post_in: tuple[str, ...] = ()
    edit: tuple[tuple[str, str], ...] = ()
