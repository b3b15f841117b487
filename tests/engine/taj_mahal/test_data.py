"""Taj Mahal's component data: the shipped reconstruction keeps every known fact, and the
validator says what is wrong with a file an owner of the printed game types in."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.games.taj_mahal import data


def test_the_shipped_data_is_good_and_labelled_a_reconstruction():
    assert data.FILES.problems() == []
    for part in (data.FILES["board"], data.FILES["tiles"], data.FILES["cards"]):
        assert part["reconstruction"] is True and "not public" in part["about"]


def test_the_deck_has_the_known_card_counts():
    deck = data.deck()
    assert len(deck) == 96 and len({c["id"] for c in deck}) == 96
    colours = Counter(c["colour"] for c in deck)
    assert colours == {"red": 21, "yellow": 21, "green": 21, "violet": 21, "white": 12}
    for colour in ("red", "yellow", "green", "violet"):
        mine = [c for c in deck if c["colour"] == colour]
        symbols = Counter(s for c in mine for s in c["symbols"])
        assert symbols["grand_mogul"] == 4 and symbols["elephant"] == 18  # reading H1
        assert all(symbols[s] == 5 for s in ("vizier", "general", "monk", "princess"))


def test_the_board_holds_the_known_facts():
    b = data.FILES["board"]
    assert len(b["cities"]) == 49 and len(b["provinces"]) == 12
    forts = [c for c in b["cities"] if c["fortress"]]
    assert len(forts) == 16 and any(c["id"] == "agra" for c in forts)
    assert max(Counter(c["province"] for c in forts).values()) >= 2


def test_tiles_hold_23_commodities_and_at_least_two_tea_bonus_tiles():
    t = data.FILES["tiles"]
    assert sum(len(v) for v in t["province_tiles"].values()) == 23
    assert t["bonus_tiles"]["tea"] >= 2 and sum(t["bonus_tiles"].values()) == 15


@pytest.mark.parametrize("change,complaint", [
    (lambda b: b["cities"].pop(), "49 cities"),
    (lambda b: [c.update(fortress=False) for c in b["cities"] if c["id"] == "agra"],
     "`agra` must be a fortress"),
    (lambda b: b["roads"].append(["agra", "nowhere"]), "does not join two cities"),
    (lambda b: b["roads"].remove(next(r for r in b["roads"] if r[0].startswith("kabul")
                                      and r[1].startswith("kabul"))), "ring of 4 roads"),
])
def test_the_validator_names_what_is_wrong_with_a_board(change, complaint):
    b = data.FILES.fresh("board")
    change(b)
    assert any(complaint in p for p in data.check_board(b))


def test_the_validator_names_what_is_wrong_with_tiles_and_cards():
    t = data.FILES.fresh("tiles")
    t["bonus_tiles"]["tea"] = 1
    t["province_tiles"]["1"] = ["tea", "rice"]
    found = data.check_tiles(t)
    assert any("two bonus tiles show tea" in p for p in found)
    assert any("15 square bonus tiles" in p for p in found)
    assert any("province tile 1 must show 1 commodity" in p for p in found)
    c = data.FILES.fresh("cards")
    c["coloured"]["pairs"]["red"][0] = ["monk", "monk"]
    c["white"][0][1] = 6
    found = data.check_cards(c)
    assert any("two different symbols or two Elephants" in p for p in found)
    assert any("7 Elephants" in p for p in found)


def test_the_validator_runs_from_the_command_line(capsys):
    assert data.FILES.main([]) == 0
    assert capsys.readouterr().out.count("): agrees with every sourced fact") == 3
