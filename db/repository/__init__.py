"""The async repository over the game tables (``core.py``)."""

from db.repository.core import (
    CONNECT_TIMEOUT,
    LOCK_WAIT,
    ChannelBusy,
    Due,
    LogStep,
    MyGame,
    NewStep,
    RatingKey,
    Repository,
    Sched,
    VersionConflict,
    step_arg,
)

__all__ = [
    "CONNECT_TIMEOUT",
    "LOCK_WAIT",
    "ChannelBusy",
    "Due",
    "LogStep",
    "MyGame",
    "NewStep",
    "RatingKey",
    "Repository",
    "Sched",
    "VersionConflict",
    "step_arg",
]
