"""Copying game states. A state is JSON-shaped (dicts, lists, str, int, bool, None,
no shared parts), so a copy needs none of ``copy.deepcopy``'s generality: no memo
of objects already seen, no dispatch on arbitrary types. Knowing which parts hold
only plain values saves more: those are copied by C code in one call. act() copies
the whole state on every step, so this is the engine's hottest path."""

from __future__ import annotations

from collections.abc import Collection

_NESTED = (dict, list)


def clone(tree):
    """A copy of a JSON-shaped tree sharing nothing mutable with it: each dict and list
    copied in C, then only its nested parts copied again."""
    if type(tree) is dict:
        out = tree.copy()
        for k, v in out.items():
            if type(v) is dict or type(v) is list:
                out[k] = clone(v)  # a value replaced, no key added: iterating stays valid
        return out
    if type(tree) is list:
        items = tree.copy()
        for i, v in enumerate(items):
            if type(v) is dict or type(v) is list:
                items[i] = clone(v)
        return items
    return tree


def clone_state(state: dict, flat: Collection[str] = (), flat_inside: Collection[str] = ()
                ) -> dict:
    """clone(state), told the shape of some top-level parts: those named in ``flat`` are
    lists or dicts of plain values, those in ``flat_inside`` dicts of such dicts.
    ``plain(state, flat, flat_inside)`` checks the claim (tests call it)."""
    out = {}
    for k, v in state.items():
        if k in flat:
            out[k] = v.copy()
        elif k in flat_inside:
            out[k] = {key: inner.copy() for key, inner in v.items()}
        else:
            out[k] = clone(v) if type(v) in _NESTED else v
    return out


def plain(state: dict, flat: Collection[str], flat_inside: Collection[str]) -> list[str]:
    """The parts named flat (or flat inside) that hold a dict or list where they may not."""
    def nested(container) -> bool:
        values = container.values() if type(container) is dict else container
        return any(type(x) in _NESTED for x in values)

    bad = [k for k in flat if k in state and nested(state[k])]
    bad += [k for k in flat_inside if k in state and any(nested(v) for v in state[k].values())]
    return bad
