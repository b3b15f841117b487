"""Storage: SQLModel tables and the async repository."""

from db.models import (
    LIVE_STATUSES,
    Checkpoint,
    Game,
    Player,
    Reminder,
    Seat,
    Server,
    Step,
    UndoRequest,
    id_of,
)
from db.repository import (
    ChannelBusy,
    Due,
    LogStep,
    MyGame,
    NewStep,
    Repository,
    Sched,
    VersionConflict,
    normalise_url,
    step_arg,
)

__all__ = [
    "LIVE_STATUSES",
    "ChannelBusy",
    "Checkpoint",
    "Due",
    "Game",
    "LogStep",
    "MyGame",
    "NewStep",
    "Player",
    "Reminder",
    "Repository",
    "Sched",
    "Seat",
    "Server",
    "Step",
    "UndoRequest",
    "VersionConflict",
    "id_of",
    "normalise_url",
    "step_arg",
]
