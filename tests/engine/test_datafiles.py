"""engine/datafiles.py: the one `python -m engine.games.<id> [FILES]` of every game."""

from __future__ import annotations

import json

from engine import datafiles

CHECKS = {"map": lambda d: [] if d.get("areas") == 36 else ["36 areas, not so here"],
          "map_extra": lambda d: ["not reached: the longer name wins"] if not d else []}


def test_a_file_is_checked_by_the_longest_name_in_its_own(tmp_path, capsys):
    (tmp_path / "my_map.json").write_text(json.dumps({"areas": 36}))
    (tmp_path / "bad_map.json").write_text(json.dumps({"areas": 35}))
    (tmp_path / "x_map_extra.json").write_text(json.dumps({"a": 1}))
    assert datafiles.check_files(tmp_path, CHECKS, [str(tmp_path / "my_map.json"),
                                                    str(tmp_path / "x_map_extra.json")]) == 0
    out = capsys.readouterr().out
    assert "my_map.json (map): agrees with every sourced fact" in out
    assert "x_map_extra.json (map_extra): agrees" in out
    assert datafiles.check_files(tmp_path, CHECKS, [str(tmp_path / "bad_map.json")]) == 1
    assert "bad_map.json (map): 1 problem\n  - 36 areas, not so here" in \
        capsys.readouterr().out


def test_an_unknown_unreadable_or_misshapen_file_is_named_not_a_crash(tmp_path, capsys):
    (tmp_path / "cards.json").write_text("{}")
    (tmp_path / "broken_map.json").write_text("{not json")
    (tmp_path / "list_map.json").write_text("[1, 2]")
    shaped = {"map": lambda d: [d["areas"] + 1]}
    (tmp_path / "odd_map.json").write_text(json.dumps({"areas": "x"}))
    argv = [str(tmp_path / n) for n in ("cards.json", "broken_map.json", "list_map.json",
                                        "odd_map.json")]
    assert datafiles.check_files(tmp_path, shaped, argv) == 1
    out = capsys.readouterr().out
    assert "cards.json: name it after what it holds (map)" in out
    assert "broken_map.json: cannot read it" in out
    assert "list_map.json (map): 1 problem\n  - not shaped like a map file (it holds no " \
        "JSON object)" in out
    assert "odd_map.json (map): 1 problem\n  - not shaped like a map file (TypeError" in out


def test_a_game_may_tell_a_file_by_what_it_holds(tmp_path, capsys):
    (tmp_path / "mine.json").write_text(json.dumps({"areas": 36}))
    assert datafiles.check_files(tmp_path, CHECKS, [str(tmp_path / "mine.json")],
                                 lambda d: "map" if "areas" in d else None) == 0
    assert "mine.json (map): agrees" in capsys.readouterr().out


# --- the games whose data files this command checks -------------------------------------------


def test_goat_tiger_checks_its_board(tmp_path, capsys):
    from engine.games.goat_tiger.data import FILES

    assert FILES.problems() == []
    assert FILES.main([]) == 0
    assert "board.json (board): agrees with every sourced fact" in capsys.readouterr().out
    spoilt = {
        "a point too few": (lambda b: b["points"].pop(), "23 points"),
        "a line too few": (lambda b: b["lines"].pop(), "10 lines"),
        "a bent line": (lambda b: b["lines"][0].__setitem__(1, 9), "down one column or along"),
        "a stray start": (lambda b: b.__setitem__("tiger_start", [0, 3, 30]),
                          "three distinct points"),
        "a start twice": (lambda b: b.__setitem__("tiger_start", [0, 3, 3]),
                          "three distinct points"),
        "other numbers": (lambda b: b.update(goats=14, captures_to_win=6), "rule 5.5"),
    }
    for name, (spoil, complaint) in spoilt.items():
        board = FILES.fresh("board")
        spoil(board)
        (tmp_path / "my_board.json").write_text(json.dumps(board))
        assert FILES.main([str(tmp_path / "my_board.json")]) == 1, name
        assert complaint in capsys.readouterr().out, name


def _spaces(m: dict) -> dict[str, dict]:
    return {s["id"]: s for s in m["spaces"]}


def test_vijayanagara_checks_its_map_cards_and_decks(tmp_path, capsys):
    from engine.games.vijayanagara.data import FILES

    assert FILES.problems() == []
    assert FILES.main([]) == 0
    assert capsys.readouterr().out.count("agrees with every sourced fact") == 3
    spoilt = {
        "map": {
            "a space too few": (lambda m: m["spaces"].pop(), "these 15 spaces"),
            "prosperity": (lambda m: _spaces(m)["sindh"].update(prosperity=2), "up to 18"),
            "one-sided": (lambda m: _spaces(m)["sindh"]["adjacent"].append("tamilakam"),
                          "tamilakam does not list sindh"),
            "across the range": (lambda m: [_spaces(m)[a]["adjacent"].append(b) for a, b in
                                            (("malwa", "gondwana"), ("gondwana", "malwa"))],
                                 "malwa and gondwana are not adjacent"),
            "off the drawing": (lambda m: _spaces(m)["delhi"].update(xy=[1.5, 0]), "xy"),
        },
        "cards": {
            "a printed title": (lambda c: c["events"][14].update(title="Other"),
                                "card 15 is titled 'Uprising in Daulatabad'"),
            "a Mongol card": (lambda c: c["mongol_invasion"][0].update(faction="delhi"),
                              "names Bahmani or Vijayanagara"),
            "an order": (lambda c: c["events"][0].update(order=["delhi"]),
                         "each faction once"),
        },
        "decks/by_hand": {
            "too few": (lambda d: d.update(events=d["events"][:20]), "at least 24"),
        },
    }
    for kind, cases in spoilt.items():
        for name, (spoil, complaint) in cases.items():
            doc = FILES.fresh(kind)
            spoil(doc)
            (tmp_path / "typed_in.json").write_text(json.dumps(doc))  # known by its content
            assert FILES.main([str(tmp_path / "typed_in.json")]) == 1, name
            out = capsys.readouterr().out
            assert f"({kind})" in out and complaint in out, (name, out)
