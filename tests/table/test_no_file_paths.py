"""No sentence a player reads points at a file they cannot open (issue 36): "grammar:
docs/vijayanagara.md", "See docs/rajas.md". What they need is in Discord (`/rules topic:`,
`/help topic:`), and a link goes to a public page only where the operator set DOCS_URL."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot import guide
from bot.table import playable_ids
from engine import games

ROOT = Path(__file__).resolve().parents[2]
# A repository path or file name a player cannot open: docs/…, README, a .md/.json/.py
# file, a `python -m` command.
FILE_PATH = re.compile(r"docs/|README|\b[\w-]+\.(?:md|json|py)\b|python -m", re.I)
# Where the words players read are written: every game's texts and refusals, the table's
# replies, the commands and their help, the pictures' words.
PLAYER_FACING = [*sorted((ROOT / "engine" / "games").glob("*/*.py")),
                 *sorted((ROOT / "bot" / "table").glob("*.py")),
                 ROOT / "bot" / "commands.py", ROOT / "bot" / "guide.py",
                 ROOT / "bot" / "replies.py", ROOT / "engine" / "errors.py",
                 ROOT / "engine" / "options.py", *sorted((ROOT / "renderer").glob("*.py"))]
# Strings there that name a file on purpose and never reach a player's eyes as a sentence:
# the attachments' file names (Discord shows them as files), the data files a game reads.
NAMED_FILES = re.compile(r"^(game-\{[^}]*\}\.json|[\w]+\.json|[\w.-]+\.png)$")


def _sentences(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings (f-strings' literal parts
    included), with their line numbers."""
    tree = ast.parse(path.read_text())
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef |
                                ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)
                  and isinstance(node.body[0].value, ast.Constant)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings]


@pytest.mark.parametrize("path", PLAYER_FACING, ids=lambda p: str(p.relative_to(ROOT)))
@pytest.mark.slow
def test_no_string_a_player_reads_names_a_file(path):
    found = [(line, text) for line, text in _sentences(path)
             if FILE_PATH.search(text) and not NAMED_FILES.match(text.strip())
             and not text.startswith(("engine.", "bot.", "renderer."))]  # module names
    assert not found, found


def test_no_help_page_or_rules_topic_names_a_file(monkeypatch):
    monkeypatch.delenv("DOCS_URL", raising=False)
    subjects = ["all", "time", "ratings", *games.ids(),
                *(f"{g}.{t}" for g in games.ids() for t in games.get(g).RULES_TOPICS)]
    for subject in subjects:
        text = guide.text_of(subject, playable_ids())
        assert isinstance(text, str)
        assert not FILE_PATH.search(text), (subject, FILE_PATH.search(text))
        assert "http" not in text, subject  # no link unless the operator gives one


def test_a_games_help_links_its_public_page_only_where_docs_url_is_set(monkeypatch):
    monkeypatch.delenv("DOCS_URL", raising=False)
    assert "http" not in str(guide.text_of("rajas", playable_ids()))
    monkeypatch.setenv("DOCS_URL", "https://example.org/darbar/docs/")
    for game_id in games.ids():
        text = str(guide.text_of(game_id, playable_ids()))
        assert f"<https://example.org/darbar/docs/{game_id}.md>" in text, text[-200:]
    monkeypatch.setenv("DOCS_URL", "docs/")  # not a public address: no link
    assert "docs/" not in str(guide.text_of("rajas", playable_ids()))


def test_vijayanagaras_typed_turns_are_a_rules_topic():
    """The grammar the summary pointed to in a file is a topic players can open."""
    g = games.get("vijayanagara")
    assert "`/rules topic:typing`" in g.RULES_SUMMARY
    typing = g.RULES_TOPICS["typing"]
    for word in ("cmd", "limited", "conscript", "charge2", "troop@malwa", "unshaded",
                 "amass", "give", "done"):
        assert f"`{word}" in typing, word
