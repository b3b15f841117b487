"""One voice for numbers and names (engine/grammar.py): counts over 0, 1 and 2, articles,
and verbs that agree with every side name of every game."""

from __future__ import annotations

import re
import tokenize
from pathlib import Path

import pytest

from engine import games, grammar
from engine.games.vijayanagara.data import PIECE_NAMES, SHORT

# What each side's name reads as: many (a plural noun) or one.
MANY = {"Goats", "Tigers", "Mongol Invaders", "Mongols"}
SIDE_NAMES = sorted({(gid, r, games.get(gid).ROLE_NAMES[r]) for gid in games.ids()
                     for r in games.get(gid).ROLE_NAMES})


@pytest.mark.parametrize(("game_id", "role", "name"), SIDE_NAMES)
def test_every_side_name_agrees_with_its_verb(game_id, role, name):
    side = games.side_name(games.get(game_id), role)
    many = name in MANY
    assert grammar.plural(side) is many
    assert grammar.says(side, "carries out") == f"{side} {'carry' if many else 'carries'} out"
    assert grammar.says(side, "has") == f"{side} {'have' if many else 'has'}"
    # A seat is its person, whatever the side: "ravi (Goats) wins".
    assert grammar.says(f"ravi ({name})", "wins") == f"ravi ({name}) wins"


@pytest.mark.parametrize("faction", sorted(SHORT))
def test_vijayanagara_short_names_agree(faction):
    name = SHORT[faction]
    verb = "carry" if name in MANY else "carries"
    assert grammar.says(name, "carries out") == f"{name} {verb} out"


@pytest.mark.parametrize("n", [0, 1, 2])
def test_counts_agree_with_their_number(n):
    one = n == 1
    assert grammar.count(n, "game") == f"{n} {'game' if one else 'games'}"
    assert grammar.count(n, "die") == f"{n} {'die' if one else 'dice'}"
    assert grammar.count(n, "finished game") == f"{n} finished game{'' if one else 's'}"
    assert grammar.agree(n, "wins") == ("wins" if one else "win")
    assert grammar.they(["ravi", "meera"][:max(n, 1)], "wins") == \
        ("ravi wins" if n < 2 else "ravi and meera win")


def test_counts_with_a_fraction_and_an_irregular_plural():
    assert grammar.count(1.0, "day", digits=1) == "1 day"
    assert grammar.count(1.5, "day", digits=1) == "1.5 days"
    assert grammar.count(2, "die", "dice of your choice") == "2 dice of your choice"


@pytest.mark.parametrize(("phrase", "said"), [
    ("Obedient Amir", "an Obedient Amir"), ("Rebelling Raja", "a Rebelling Raja"),
    ("Fort", "a Fort"), ("orange 5", "an orange 5"), ("blue 2", "a blue 2"),
    ("8", "an 8"), ("11", "an 11"), ("18 fame", "an 18 fame"), ("1 fame", "a 1 fame"),
    ("Mongol Invaders", "a Mongol Invader"), ("upgrade", "an upgrade"),
])
def test_articles(phrase, said):
    assert grammar.a(phrase) == said


@pytest.mark.parametrize("kind", sorted(PIECE_NAMES))
def test_every_vijayanagara_piece_takes_its_article(kind):
    name = PIECE_NAMES[kind]
    said = grammar.a(name)
    assert said.split(" ", 1)[0] == ("an" if name[0] in "AEIOU" else "a"), said


def test_lists():
    assert grammar.and_([]) == ""
    assert grammar.and_(["a"]) == "a"
    assert grammar.and_(["a", "b"]) == "a and b"
    assert grammar.and_(["a", "b", "c"], "or") == "a, b or c"


DOCSTRING = ('"' * 3, "'" * 3)


def _hand_made_plurals(path: Path) -> list[str]:
    """String literals of ``path`` that say "(s)" after a word (not docstrings, nor the
    operator's log lines, formatted lazily by ``logging``)."""
    texts = (getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING), tokenize.STRING)
    with path.open("rb") as f:
        return [f"{path.name}:{t.start[0]}: {t.string}" for t in tokenize.tokenize(f.readline)
                if t.type in texts and re.search(r"[\w}]\(s\)", t.string)
                and not t.string.startswith(DOCSTRING) and "%d" not in t.string]


@pytest.mark.slow
def test_no_text_builds_a_plural_by_hand():
    """Issue 36: every count is worded by engine/grammar.py. No sentence of the engine, the
    bot or the tools says "1 step(s)", "1 Troop(s)", "1 game(s)"."""
    root = Path(__file__).resolve().parents[2]
    found = [line for folder in ("engine", "bot", "renderer", "db", "tools")
             for path in sorted((root / folder).rglob("*.py"))
             if path.name != "fake_discord.py"  # Discord's own words ("Recipient(s)")
             for line in _hand_made_plurals(path)]
    assert not found, "\n".join(found)
