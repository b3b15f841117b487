"""Each game's spectator view is declared as a TypedDict (engine/games/<id>/shown.py) and
its renderer reads it through that type: a key the view lacks is a type error, and every
real view holds exactly the declared keys."""

from __future__ import annotations

import types
import typing
from typing import Any, NotRequired, Union, get_args, get_origin, get_type_hints

import pytest
from mypy import api

import renderer
from engine.games.taj_mahal.samples import hand_view as taj_mahal_hand_view
from tools.samples import SAMPLES


def _mismatches(value: Any, hint: Any, where: str) -> list[str]:
    """Where ``value`` breaks ``hint``: TypedDicts key by key (required, optional, none
    undeclared), dicts and lists item by item, unions by any member; scalars by class."""
    origin = get_origin(hint)
    if hint is Any:
        return []
    if origin in (Union, types.UnionType):
        tried = [_mismatches(value, h, where) for h in get_args(hint)]
        return [] if any(not t for t in tried) else tried[0]
    if typing.is_typeddict(hint):
        if not isinstance(value, typing.Mapping):
            return [f"{where}: not a mapping"]
        hints = get_type_hints(hint, include_extras=True)
        # (NotRequired is read from the hints: the declarations postpone their annotations)
        out = [f"{where}: {k!r} missing" for k, h in hints.items()
               if get_origin(h) is not NotRequired and k not in value]
        out += [f"{where}: {k!r} undeclared" for k in value if k not in hints]
        for k in value:
            if k in hints:
                out += _mismatches(value[k], hints[k], f"{where}[{k!r}]")
        return out
    if origin is NotRequired:
        return _mismatches(value, get_args(hint)[0], where)
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: not a dict"]
        _, item = get_args(hint)
        return [m for k, v in value.items() for m in _mismatches(v, item, f"{where}[{k!r}]")]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        (item,) = get_args(hint)
        return [m for i, v in enumerate(value) for m in _mismatches(v, item, f"{where}[{i}]")]
    if hint is type(None):
        return [] if value is None else [f"{where}: not None"]
    return [] if isinstance(value, hint) else [f"{where}: {type(value).__name__}, not {hint}"]


def _declared(game: str) -> Any:
    """The view type the game's picture declares it reads."""
    picture = renderer._picture(game)
    return get_type_hints(picture.render)["view"]


@pytest.mark.parametrize("game", renderer.ids())
@pytest.mark.slow
def test_every_sample_view_holds_the_keys_its_picture_declares(game):
    views, _ = SAMPLES[game]
    declared = _declared(game)
    assert typing.is_typeddict(declared)
    for name, view in views().items():
        assert _mismatches(view, declared, name) == []


def test_the_check_sees_a_missing_an_undeclared_and_a_mistyped_key():
    declared = _declared("goat_tiger")
    view = dict(SAMPLES["goat_tiger"][0]()["start"])
    del view["board"]
    view["board_size"] = 7
    view["in_hand"] = "fifteen"
    assert _mismatches(view, declared, "v") == [
        "v: 'board' missing", "v: 'board_size' undeclared", "v['in_hand']: str, not <class 'int'>"]


def test_a_players_own_taj_mahal_view_adds_only_the_hand():
    from engine.games.taj_mahal.shown import HandView
    assert _mismatches({"hand": taj_mahal_hand_view()["hand"]}, HandView, "hand") == []


SNIPPET = '''
from engine.games.goat_tiger.shown import GoatTigerView
from engine.games.rajas.shown import RajasView
from renderer.common.picture import Picture


def words(view: GoatTigerView) -> str:
    return f"{view['board_size']} points, {view.get('captured')} captured"


def render(view: RajasView, players: object = None) -> bytes:
    return b""


PICTURE: Picture[GoatTigerView] = Picture(render=render, layout=dict, warm=lambda: None,
                                          describe=lambda view, players: "")
'''


@pytest.mark.slow
def test_mypy_refuses_a_renderer_reading_a_key_the_view_lacks(tmp_path):
    snippet = tmp_path / "snippet.py"
    snippet.write_text(SNIPPET)
    out, _, status = api.run([str(snippet), "--follow-imports=silent",
                              "--cache-dir", str(tmp_path / "cache")])
    assert status == 1
    assert 'TypedDict "GoatTigerView" has no key "board_size"' in out
    assert "captured" not in out  # a declared key reads as it should
    assert 'Argument "render" to "Picture" has incompatible type' in out
