"""Long typed lines, shortened so that autocomplete can still offer them.

Discord refuses a whole autocomplete list if one choice's value exceeds 100 characters,
and picking a choice replaces what the player typed with its value. A long Vijayanagara
turn passes 100 characters easily, so past that length the start of the line is kept
here and the choice carries a short reference to it instead: ``…k3f9qa maharashtra 2``.
The reference is a hash of who typed what in which game, so the same line always gets
the same reference, and the line it stands for is checked like any typed line when it is
played. References live in memory (a few thousand, the oldest dropped first): a restart
between a suggestion and its use costs the player a retype, nothing else.
"""

from __future__ import annotations

import base64
import hashlib
from collections import OrderedDict

MARK = "…"
LIMIT = 100  # Discord's cap on a choice's value


class UnknownDraft(KeyError):
    """A reference this process does not hold (made before a restart, or by hand)."""


class Drafts:
    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._lines: OrderedDict[tuple[str, int, str], str] = OrderedDict()

    def _ref(self, user_id: str, game_id: int, head: str) -> str:
        digest = hashlib.blake2b(f"{user_id}\n{game_id}\n{head}".encode(), digest_size=5)
        return MARK + base64.b32encode(digest.digest()).decode().lower()

    def shorten(self, user_id: str, game_id: int, words: list[str], limit: int = LIMIT) -> str:
        """``words`` as one value of at most ``limit`` characters: the line itself when it
        fits, else a reference to its head followed by as many last words as fit."""
        line = " ".join(words)
        if len(line) <= limit:
            return line
        ref_len = len(self._ref("", 0, ""))
        tail: list[str] = []
        room = limit - ref_len
        for word in reversed(words[1:]):
            if len(word) + 1 > room:
                break
            tail.insert(0, word)
            room -= len(word) + 1
        head = " ".join(words[: len(words) - len(tail)])
        ref = self._ref(user_id, game_id, head)
        self._lines[(user_id, game_id, ref)] = head
        self._lines.move_to_end((user_id, game_id, ref))
        while len(self._lines) > self.size:
            self._lines.popitem(last=False)
        return " ".join([ref, *tail])[:limit]

    def expand(self, user_id: str, game_id: int, line: str) -> str:
        """The whole line a shortened value stands for (a line without a reference is
        returned as it is). Raises UnknownDraft for a reference this process never made
        for this player in this game."""
        first, _, rest = line.strip().partition(" ")
        if not first.startswith(MARK):
            return line
        head = self._lines.get((user_id, game_id, first.lower()))
        if head is None:
            raise UnknownDraft(first)
        return f"{head} {rest}".strip()
