"""Storage: SQLModel tables and the async repository."""

from db.models import LIVE_STATUSES, Game, Reminder, Seat, Step, UndoRequest
from db.repository import (
    ChannelBusy,
    NewStep,
    Repository,
    VersionConflict,
    normalise_url,
    step_arg,
)

__all__ = [
    "LIVE_STATUSES",
    "ChannelBusy",
    "Game",
    "NewStep",
    "Reminder",
    "Repository",
    "Seat",
    "Step",
    "UndoRequest",
    "VersionConflict",
    "normalise_url",
    "step_arg",
]
