"""Rajas of the Ganges' components (engine/games/rajas/data/): the shipped reconstruction
keeps every known fact, says it is a reconstruction, and the validator names what is
wrong with a file an owner types in."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.games.rajas import data


def test_the_shipped_files_keep_every_known_fact():
    assert data.FILES.problems() == []


@pytest.mark.parametrize("name", data.CHECKS)
def test_every_file_says_it_is_a_reconstruction_and_what_is_known(name):
    doc = data.FILES[name]
    assert doc["reconstruction"] is True and "Known:" in doc["about"]
    assert "Darbar's reading" in doc["about"]


def test_sixteen_tiles_a_colour_in_twelve_stacks_with_the_rules_examples():
    tiles = data.FILES["tiles"]["tiles"]
    assert len(tiles) == 64 and len({(t["colour"], t["back"]) for t in tiles}) == 12
    assert any(t["colour"] == "blue" and t["cost"] == 7 for t in tiles)  # "blue 7"
    assert any(t["colour"] == "orange" and t["cost"] == 8 for t in tiles)  # "orange 8"
    assert sum(t["cost"] > 6 for t in tiles) >= 16  # "many prices are higher than 6"
    assert any(t["markets"] and t["buildings"] for t in tiles)  # "a few combine both"


def test_the_river_has_the_appendix_earnings_with_karma_on_space_2():
    river = data.FILES["river"]
    assert len(river["spaces"]) == 19 and len(set(river["spaces"])) == 19
    assert river["spaces"][1] == "karma_2"
    assert len(river["spaces"]) - river["bridge_after"] > 6  # the Portuguese has room


def test_the_board_has_37_spaces_with_19_in_the_palace_for_3_and_4_players():
    side = data.FILES["board"]["sides"]["3-4"]
    palace = 6 + len(data.FILES["board"]["exchange"]) + len(side["terrace"]) + side["two_money"]
    assert palace == 19
    assert palace + len(side["quarry"]) + len(side["harbor"]) + len(side["market"]) == 37


def _broken(name: str, edit) -> dict:
    doc = data.FILES.fresh(name)  # a copy to spoil: FILES[name] is shared
    edit(doc)
    return doc


@pytest.mark.parametrize(("name", "edit", "said"), [
    ("tiles", lambda d: d["tiles"].pop(), "64 tiles"),
    ("tiles", lambda d: d["tiles"][0].update(roads=["N"]), "2-4 distinct edges"),
    ("tiles", lambda d: d["tiles"][0].update(markets=[], buildings=[]), "1-2 markets"),
    ("province", lambda d: d["residence"].update(cell=[1, 1]), "middle of the top row"),
    ("province", lambda d: d["edges"][0].update(cell=[1, 1]), "outer edge"),
    ("river", lambda d: d["spaces"].__setitem__(1, "money_4"), "space 2 raises karma"),
    ("board", lambda d: d.update(start_money=[3, 3, 3, 3]), "starting money"),
    ("board", lambda d: d["sides"]["3-4"].update(harbor=[1, 1]), "first space is free"),
    ("yields", lambda d: d["white"].append("money_3"), "8 white"),
])
def test_the_validator_says_what_is_wrong(name, edit, said):
    found = data.CHECKS[name](_broken(name, edit))
    assert any(said in p for p in found), found


@pytest.mark.slow
def test_the_command_line_checks_typed_in_files(tmp_path):
    good = tmp_path / "my_tiles.json"
    good.write_text(json.dumps(data.FILES["tiles"]))
    bad = tmp_path / "river.json"
    bad.write_text(json.dumps({"spaces": []}))
    done = subprocess.run([sys.executable, "-m", "engine.games.rajas", str(good),
                           str(bad)], capture_output=True, text=True)
    assert done.returncode == 1
    assert f"{good} (tiles): agrees with every sourced fact" in done.stdout
    assert f"{bad} (river): " in done.stdout and "19 spaces" in done.stdout
