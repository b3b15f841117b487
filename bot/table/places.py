"""Where a game lives going away: a channel or thread deleted under its game.

Its games being set up or played are *set aside* (status ``aside``): nothing falls due in
them (no reminder, timeout or clean-up), they leave their players' /mygames and open-games
counts, and moderators see them in /game list for a while. Nothing of them is lost: the
whole log stays, for ``darbar export`` and ``darbar replay``, and an export imported into
another channel (``darbar import --channel``) brings the game back where it left off."""

from __future__ import annotations

import logging
from collections.abc import Collection

from bot.table.core import TableCore

log = logging.getLogger("darbar.table")


class Places(TableCore):
    async def set_aside(self, channel_ids: Collection[str]) -> list[int]:
        """Set aside the games of deleted channels (or threads): their ids, once each."""
        ids = await self.repo.set_aside(channel_ids, self.now())
        for game_id in ids:
            log.warning("game #%d set aside: its channel or thread was deleted", game_id)
        return ids
