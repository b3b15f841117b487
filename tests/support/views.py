"""What the computer may know: two positions that look the same to a side must get the
same steps from it, for as long as they still look the same."""

from __future__ import annotations

from engine.contract import Game

Step = tuple[str, object]


def same_while_alike(g: Game, role: str, state: dict, steps: list[Step], other: dict,
                     other_steps: list[Step]) -> int:
    """Assert that ``steps`` (taken from ``state``) and ``other_steps`` (from ``other``) are
    the same for as long as the two positions look the same to ``role`` (a step that shows
    something new, a die or a card, may lead them apart); returns how many were compared.
    The two must look the same to begin with."""
    assert g.view(other, role) == g.view(state, role), "the twin must look the same"
    for i in range(max(len(steps), len(other_steps))):
        if g.view(other, role) != g.view(state, role):
            return i
        assert steps[i:i + 1] == other_steps[i:i + 1], (
            f"{g.ID}: the same view, another hidden future: step {i} is "
            f"{steps[i:i + 1]} here and {other_steps[i:i + 1]} in the twin (for {role})")
        state = g.act(state, role, *steps[i])
        other = g.act(other, role, *other_steps[i])
    return len(steps)
