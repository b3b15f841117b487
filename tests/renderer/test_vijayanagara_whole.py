"""The Vijayanagara post shows the whole position (docs/vijayanagara.md, "What the post
shows"): each item either drawn on the picture, at or above the phone floors, or said in
the status lines beside it; and the picture's key names every symbol it draws."""

from __future__ import annotations

import pytest

from engine import games
from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.samples import PLAYERS, views
from engine.games.vijayanagara.samples import game as vijayanagara_game
from renderer import common
from renderer.vijayanagara import board, key, words


def checklist(view: dict) -> dict[str, bool]:
    with common.recording() as drawn:
        im = board.draw(view, PLAYERS)
    shown = {d.text for d in drawn
             if d.px * common.PHONE_WIDTH / im.width >= common.PHONE_INFO_FLOOR_PX}
    said = words.status(view, PLAYERS)
    factions = [f for f in geo.FACTIONS if f in (view.get("factions") or {})]
    header = " ".join(d.text for d in drawn if d.box[3] <= 146)
    items = {
        "whose turn": bool(view.get("result")) or any(
            geo.FACTION_NAMES[a] in header for a in view["active"]),
        "what they decide": bool(view.get("result")) or "Order:" in said
        or bool(view["card"]) and view["card"]["title"] in said,
        "every faction's VP, Resources, Cavalry": all(
            f"{geo.SHORT[f]} {view['factions'][f]['vp']}/{view['factions'][f]['resources']}/"
            f"{view['factions'][f]['cavalry']}" in said for f in factions),
        "the current card": bool(view.get("result")) or not view.get("card")
        or str(view["card"]["title"]) in said,
        "Influence tracks": {"Influence", "Bahmani", "Vijayanagara"} <= shown,
        "every space by name": all(any(w in shown for w in geo.NAMES[s].split())
                                   for s in geo.SPACES),
        "Available pieces": "Pieces" in shown,
    }
    return items


@pytest.mark.slow
def test_every_item_of_the_whole_position_is_in_the_post():
    g = games.get("vijayanagara")
    samples = list(views().values())
    randoms = [g.view(s, None) for s in vijayanagara_game(11)[::60]]
    for v in samples + randoms:
        missing = [k for k, ok in checklist(v).items() if not ok]
        assert missing == [], v["move"]


def test_the_key_names_every_symbol_drawn():
    """Every piece kind a box can show has a row in the pieces' key, both looks of an Amir
    and a Raja included, and every marker kind the map draws a row in the markers' key."""
    keyed = {k for kinds, _, _ in key.PIECE_KEY for k in kinds}
    from renderer.vijayanagara.map import KIND_ORDER
    assert set(KIND_ORDER) <= keyed
    assert {k for k, _ in key.MARKER_KEY} == {"@control", "@tributary", "@coin", "@touched",
                                               "@road", "@peak"}
