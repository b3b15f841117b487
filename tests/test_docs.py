"""The repository stands alone: a fresh clone has no folder beside it, so nothing may point
outside it, and every doc the README or docs/sources.md names must be in the clone."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Folders the project was planned from; they exist on the developers' machine only.
OUTSIDE = (b"../shared", b"shared/research")


def _tracked_files() -> list[Path]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the tracked files are unknown")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True,
                         check=True).stdout
    return [ROOT / name for name in out.decode().split("\0") if name]


def _mentioned(text: str, prefixes: tuple[str, ...]) -> set[str]:
    """Repository paths under `prefixes` named in `text`, without trailing punctuation."""
    alternatives = "|".join(re.escape(p) for p in prefixes)
    return set(re.findall(rf"(?<![\w/.])(?:{alternatives})[\w./-]*\w", text))


def _missing(paths: set[str]) -> list[str]:
    return sorted(p for p in paths if not (ROOT / p).exists())


def test_no_tracked_file_outside_tests_points_outside_the_repository():
    offenders = []
    for path in _tracked_files():
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("tests/") or not path.is_file():
            continue
        data = path.read_bytes()
        offenders += [f"{rel}: {m.decode()}" for m in OUTSIDE if m in data]
    assert offenders == []


def test_every_doc_the_readme_names_is_in_the_repository():
    named = _mentioned((ROOT / "README.md").read_text(), ("docs/",))
    assert "docs/sources.md" in named
    assert _missing(named) == []


def test_every_file_docs_sources_names_is_in_the_repository():
    text = (ROOT / "docs" / "sources.md").read_text()
    named = _mentioned(text, ("docs/", "engine/", "tests/", "renderer/"))
    # Its relative links ([vijayanagara.md](vijayanagara.md)) sit next to it in docs/.
    named |= {f"docs/{link}" for link in re.findall(r"\]\(([\w.-]+\.md)\)", text)}
    assert "engine/games/vijayanagara/data/map.json" in named
    assert _missing(named) == []


README_LINES = 150  # the README is for players and newcomers; the rest is in docs/


def test_the_readme_is_short_and_starts_with_the_two_commands():
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= README_LINES
    first = text.split("```")[1].splitlines()[1:]
    assert [line.split()[:2] for line in first if line.strip()] == [
        ["make", "run"], ["make", "test"]]


def _links(path: Path) -> list[str]:
    """Every relative link and image of a markdown file: [text](target), <img src="...">."""
    text = path.read_text()
    found = re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r'<img src="([^"]+)"', text)
    return [t for t in found if not re.match(r"[a-z]+:", t)]


def _anchors(path: Path) -> set[str]:
    """GitHub's ids of a markdown file's headings."""
    heads = re.findall(r"^#+ (.+)$", path.read_text(), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h).strip().lower().replace(" ", "-") for h in heads}


def test_every_link_in_the_readme_and_docs_resolves():
    broken = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for link in _links(doc):
            target, _, anchor = link.partition("#")
            path = (doc.parent / target).resolve() if target else doc
            if not path.exists():
                broken.append(f"{doc.relative_to(ROOT)}: {link}")
            elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
                broken.append(f"{doc.relative_to(ROOT)}: {link} (no such heading)")
    assert broken == []
