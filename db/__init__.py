"""Storage: SQLModel tables and the async repository."""

from db.models import (
    LIVE_STATUSES,
    Checkpoint,
    Game,
    Reminder,
    Seat,
    Step,
    UndoRequest,
    id_of,
)
from db.repository import (
    ChannelBusy,
    LogStep,
    NewStep,
    Repository,
    VersionConflict,
    normalise_url,
    step_arg,
)

__all__ = [
    "LIVE_STATUSES",
    "ChannelBusy",
    "Checkpoint",
    "Game",
    "LogStep",
    "NewStep",
    "Reminder",
    "Repository",
    "Seat",
    "Step",
    "UndoRequest",
    "VersionConflict",
    "id_of",
    "normalise_url",
    "step_arg",
]
