"""The view a person's last move left, as the post that pings them marks changes since it
(bot/table/since.py): read as the database holds it, whether or not this process wrote
it or keeps it parsed."""

from __future__ import annotations

import json

from bot.table.since import VIEWS_KEPT, before_view, shown_by
from db import NewStep, Recorded, Since

AFTER = {"active": ["tigers"], "board": {"c3": "goat"}, "log": ["ravi: c3"]}


def _since(view: str | None) -> Since:
    last = Recorded(5, "goats", "u1", 0, 1, view)
    return Since("u1", last, (Recorded(6, "tigers", "u2", 1, 2, None),))


def test_the_view_a_move_left_is_read_back_as_written():
    shown = shown_by([NewStep("goats", "u1", "place", "c3")], {"log": []}, AFTER)
    assert shown is not None and shown.view is not None
    assert json.loads(shown.view) == {"active": ["tigers"], "board": {"c3": "goat"}}
    assert before_view(_since(shown.view), ["ravi: c3", "meera: a1-b2"]) == AFTER


def test_the_database_s_text_is_what_is_shown_not_a_view_kept_from_a_write():
    """A view kept parsed from this process's write never stands in for another text:
    the row as stored (another process's write, a hand-edited database) is what counts."""
    shown = shown_by([NewStep("goats", "u1", "place", "c3")], {"log": []}, AFTER)
    assert shown is not None and shown.view is not None
    before_view(_since(shown.view), ["ravi: c3", "x"])  # kept, and read back
    other = json.dumps({"active": ["tigers"], "board": {"d4": "goat"}})
    assert before_view(_since(other), ["ravi: c3", "x"]) == {
        "active": ["tigers"], "board": {"d4": "goat"}, "log": ["ravi: c3"]}
    # and the first text still reads as it was written, however many came between
    for i in range(2 * VIEWS_KEPT):
        before_view(_since(json.dumps({"active": [], "n": i})), ["ravi: c3", "x"])
    assert before_view(_since(shown.view), ["ravi: c3", "x"]) == AFTER


def test_a_view_read_back_is_not_changed_by_whoever_uses_it():
    shown = shown_by([NewStep("goats", "u1", "place", "c3")], {"log": []}, AFTER)
    assert shown is not None and shown.view is not None
    first = before_view(_since(shown.view), ["ravi: c3", "x"])
    assert first is not None
    first["log"].append("changed by a caller")
    first["active"] = []
    assert before_view(_since(shown.view), ["ravi: c3", "x"]) == AFTER
