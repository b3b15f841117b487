"""What the rules say when they refuse a step."""

from __future__ import annotations

from collections.abc import Iterable

# Tokens a refusal lists before "…": enough to see what is possible, well within a message.
POSSIBLE_SHOWN = 12


class IllegalAction(Exception):
    """A step the rules refuse. The message is shown to the player as is."""


def possible(tokens: Iterable[str], limit: int = POSSIBLE_SHOWN) -> str:
    """``Possible: `a`, `b` …`` — what the player may type instead (legal tokens only, so
    nothing a refusal lists depends on what the player may not know)."""
    listed = list(dict.fromkeys(tokens))
    if not listed:
        return "Nothing is possible for you now."
    shown = ", ".join(f"`{t}`" for t in listed[:limit])
    return f"Possible: {shown}{' …' if len(listed) > limit else ''}."


def refusal(word: str, why: str, tokens: Iterable[str]) -> str:
    """A refused step in one message: what was typed, the rule that stops it (``why``, a
    sentence; empty when no rule is more precise than "not now"), and what is possible
    instead."""
    why = why.strip()
    if why and not why.endswith((".", "!", "?")):
        why += "."
    return " ".join(x for x in (f"`{word}` is not possible now.", why, possible(tokens)) if x)
