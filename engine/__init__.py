"""Pure game rules: no I/O, no Discord, no database, no clock.

Every game module follows the contract in docs/architecture.md
(setup / view / act / result / summary), plus two small additions that let a
typed line be turned into steps: ``token(action, arg)`` and
``parse_token(state, role, token)``.
"""

from engine.errors import IllegalAction

__all__ = ["IllegalAction"]
