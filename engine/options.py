"""Game options: a module's OPTIONS spec merged with what the players asked for."""

from __future__ import annotations

from engine.errors import IllegalAction


def with_defaults(spec: dict, options: dict) -> dict:
    """Refuse unknown names; fill in every default."""
    unknown = set(options) - set(spec)
    if unknown:
        raise IllegalAction(f"Unknown option(s): {', '.join(sorted(unknown))}.")
    return {k: s["default"] for k, s in spec.items()} | dict(options)
