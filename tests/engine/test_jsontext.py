"""States as JSON text (engine/jsontext.py): orjson's text must hold what json's held."""

from __future__ import annotations

import json

from engine import games, jsontext
from tools.bench.common import play


def test_every_game_s_states_read_back_as_json_wrote_them():
    for game_id in games.ids():
        g = games.get(game_id)
        p = play(game_id, 40_000, 30)
        state = g.setup(p.seed, {})
        for role, lines in p.moves:
            for line in lines:
                for tok in line.split():
                    state = g.act(state, role, *games.step_for_token(g, state, role, tok))
            text = jsontext.dumps(state)
            assert jsontext.loads(text) == json.loads(json.dumps(state)), game_id
            assert jsontext.loads(json.dumps(state)) == json.loads(text), game_id


def test_what_orjson_refuses_is_written_and_read_as_json_did():
    odd = {1: "a key that is no string", "big": 2**70, "name": "Rāṇā"}
    assert jsontext.loads(jsontext.dumps(odd)) == json.loads(json.dumps(odd))
    assert jsontext.loads(json.dumps({"x": float("nan")}))["x"] != 0  # json's NaN read back
