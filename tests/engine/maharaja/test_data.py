"""Maharaja's components (engine/games/maharaja/data/): the shipped reconstruction keeps
every sourced fact, is labelled as a reconstruction, and the validator finds a wrong
value typed in from the printed game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.games.maharaja import data


def test_shipped_files_agree_with_every_sourced_fact():
    assert data.FILES.problems() == []


def test_each_file_says_it_is_a_reconstruction():
    for name in data.CHECKS:
        assert "RECONSTRUCTION" in data.FILES[name]["_reconstruction"]


def test_the_map_has_36_areas_6_off_map_and_3_seas_with_the_sourced_borders():
    assert len(data.AREAS) == 36 and len(data.OFFMAP) == 6 and len(data.SEAS) == 3
    assert "agra" not in data.NEIGHBOURS["lahore"]
    assert {"baluchistan", "punjab"} <= set(data.NEIGHBOURS["afghanistan"])
    assert "ladakh" in data.NEIGHBOURS["china"] and "lanka" in data.NEIGHBOURS["karnatak"]


def _broken(tmp_path, name: str, change) -> str:
    doc = data.FILES.fresh(name)  # a copy to spoil: FILES[name] is shared
    change(doc)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_the_validator_finds_a_wrong_fact(tmp_path):
    bad_map = _broken(tmp_path, "map", lambda d: d["borders"].append(["lahore", "agra"]))
    assert "Lahore and Agra are not adjacent (errata)" in data.check_map(
        json.loads(Path(bad_map).read_text()))

    def fewer_guptas(d):
        next(n for n in d["nations"] if n["id"] == "guptas")["armies"] = 20

    bad = json.loads(Path(_broken(tmp_path, "nations", fewer_guptas)).read_text())
    assert "guptas: 27 army counters, not 20" in data.check_nations(bad)

    def yellow_swap(d):
        d["control"]["4"]["yellow"].remove("dutch")
        d["control"]["4"]["red"].append("dutch")

    bad = json.loads(Path(_broken(tmp_path, "chart", yellow_swap)).read_text())
    assert any("Yellow has the Mauryans" in p for p in data.check_chart(bad))

    def short_twice(d):
        d["control"]["short"]["red"].append("dutch")

    bad = json.loads(Path(_broken(tmp_path, "chart", short_twice)).read_text())
    assert "the short game's chart gives each nation to exactly one colour" in \
        data.check_chart(bad)


@pytest.mark.slow
def test_python_m_checks_files_by_name(tmp_path):
    good = tmp_path / "victory.json"
    good.write_text(json.dumps(data.FILES["victory"]))
    bad = _broken(tmp_path, "map", lambda d: d["areas"].pop())
    done = subprocess.run([sys.executable, "-m", "engine.games.maharaja", str(good)],
                          capture_output=True, text=True)
    assert done.returncode == 0 and "agrees with every sourced fact" in done.stdout
    done = subprocess.run([sys.executable, "-m", "engine.games.maharaja", bad],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "36 distinct land areas" in done.stdout
