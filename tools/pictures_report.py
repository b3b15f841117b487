"""``python -m tools.pictures_report [--update FILE]``: every sample picture measured as
Discord's clients show it (docs/pictures_in_discord.md gives the sources).

For each game's sample positions (``tools.samples``) it prints a Markdown table: the
picture's size; the scale and size at which a phone's chat column (``PHONE_WIDTH`` wide)
and the desktop client's box for a single attachment (``DESKTOP_ATTACHMENT_BOX``, scaled
down only) show it; the smallest information text and the smallest place or player name
as shown 400 px wide (the sizes the renderers note, ``renderer.common.recording``), the
smallest information text as the desktop shows it; and whether each meets issue 39's
floors (``PHONE_INFO_FLOOR_PX``, ``PHONE_NAME_FLOOR_PX``, ``PHONE_MARKER_FLOOR_PX``).

A name is a drawn text that labels a player, a role or a place (from the game's data: its
``NAMES``, ``PROVINCE_NAMES`` or ``TERRITORY_NAMES``): the name as a word, with nothing
beside it but numbers, signs and words of one or two letters. Markers are what a renderer
notes with ``renderer.common.marker``; where it notes none, their column says so.
``--update FILE`` rewrites the table between the ``<!-- pictures_report -->`` and
``<!-- /pictures_report -->`` lines of FILE instead of printing it.
"""

from __future__ import annotations

import argparse
import importlib
import io
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

import renderer
from engine import games
from renderer.common import (
    DESKTOP_ATTACHMENT_BOX,
    PHONE_INFO_FLOOR_PX,
    PHONE_MARKER_FLOOR_PX,
    PHONE_NAME_FLOOR_PX,
    PHONE_WIDTH,
    Drawn,
    recording,
)
from tools.samples import SAMPLES

# The game data tables whose values are place names, where a game has them.
PLACE_TABLES = ("NAMES", "PROVINCE_NAMES", "TERRITORY_NAMES")
START, END = "<!-- pictures_report -->", "<!-- /pictures_report -->"


@dataclass(frozen=True)
class Row:
    """One sample picture as the clients show it; text sizes in pixels at PHONE_WIDTH."""

    game: str
    position: str
    width: int
    height: int
    phone_scale: float
    desktop_scale: float
    smallest_info: float | None
    smallest_info_text: str
    smallest_name: float | None
    smallest_name_text: str
    markers: float | None  # None: the renderer notes no markers

    @property
    def info_ok(self) -> bool:
        return self.smallest_info is not None and self.smallest_info >= PHONE_INFO_FLOOR_PX

    @property
    def names_ok(self) -> bool:
        return self.smallest_name is None or self.smallest_name >= PHONE_NAME_FLOOR_PX

    @property
    def desktop_info(self) -> float | None:
        """The smallest information text as the desktop box shows it."""
        if self.smallest_info is None:
            return None
        return self.smallest_info / self.phone_scale * self.desktop_scale


def desktop_scale(width: int, height: int) -> float:
    """How much the desktop client shrinks a picture to fit its box (never enlarges)."""
    box_w, box_h = DESKTOP_ATTACHMENT_BOX
    return min(1.0, box_w / width, box_h / height)


def _smallest(drawn: Iterable[Drawn], scale: float) -> tuple[float | None, str]:
    found = min(drawn, key=lambda d: d.px, default=None)
    return (None, "") if found is None else (found.px * scale, found.text)


def _is_name(text: str, names: Iterable[str]) -> bool:
    """Whether ``text`` labels a place or player: it holds a name as a word, and besides
    it only numbers, signs and short words ("Delhi 3", "2. Red 45 VP"), not a sentence
    that mentions one ("Red moves first")."""
    for name in names:
        rest, found = re.subn(rf"(?<!\w){re.escape(name)}(?!\w)", " ", text)
        if found and not re.search(r"[^\W\d_]{3,}", rest):
            return True
    return False


def measure(game: str, position: str, width: int, height: int, drawn: Iterable[Drawn],
            names: Iterable[str]) -> Row:
    """A picture of ``width`` × ``height`` that drew ``drawn``, measured."""
    drawn = list(drawn)
    info = [d for d in drawn if d.info]
    names = tuple(n for n in names if n)
    phone = PHONE_WIDTH / width
    small_info, info_text = _smallest(info, phone)
    small_name, name_text = _smallest((d for d in info if _is_name(d.text, names)), phone)
    markers, _ = _smallest((d for d in drawn if d.marker), phone)
    return Row(game, position, width, height, phone, desktop_scale(width, height),
               small_info, info_text, small_name, name_text, markers)


def names_of(game: str, players: Mapping[str, str | None]) -> list[str]:
    """The player, role and place names a picture of ``game`` may draw."""
    names = [n for n in players.values() if n] + list(games.get(game).ROLE_NAMES.values())
    try:
        data = importlib.import_module(f"engine.games.{game}.data")
    except ModuleNotFoundError:
        return names
    for table in PLACE_TABLES:
        found = getattr(data, table, None)
        if isinstance(found, Mapping):
            names += [v for v in found.values() if isinstance(v, str)]
    return names


def drawn(game: str) -> list[tuple[str, int, int, list[Drawn]]]:
    """Each of ``game``'s sample pictures: its name, width, height and what it drew."""
    views, players = SAMPLES[game]
    out = []
    for name, view in views().items():
        with recording() as noted:
            png = renderer.render(game, view, players=dict(players))
        width, height = Image.open(io.BytesIO(png)).size
        out.append((name, width, height, list(noted)))
    return out


def rows(games: Iterable[str] | None = None) -> list[Row]:
    """Every game's sample pictures (or those of ``games``), measured."""
    out = []
    for game, (_views, players) in SAMPLES.items():
        if games is not None and game not in games:
            continue
        names = names_of(game, players)
        out += [measure(game, position, width, height, noted, names)
                for position, width, height, noted in drawn(game)]
    return out


def _px(value: float | None, text: str = "") -> str:
    if value is None:
        return "none"
    shown = text.replace("|", "/").replace("`", "'")
    shown = shown if len(shown) <= 18 else shown[:17] + "…"
    return f"{value:.1f} ({shown})" if text else f"{value:.1f}"


def _yes(ok: bool) -> str:
    return "yes" if ok else "**no**"


def _markers(px: float | None) -> str:
    if px is None:
        return "not noted"
    return f"{_yes(px >= PHONE_MARKER_FLOOR_PX)} ({px:.1f})"


def markdown(measured: Iterable[Row]) -> str:
    """The rows as a Markdown table."""
    box_w, box_h = DESKTOP_ATTACHMENT_BOX
    lines = [
        f"| game | position | size (px) | phone, {PHONE_WIDTH} px column | desktop, "
        f"{box_w} × {box_h} box | smallest information text at {PHONE_WIDTH} px | "
        f"smallest name at {PHONE_WIDTH} px | smallest information text on desktop | "
        f"information ≥ {PHONE_INFO_FLOOR_PX} | names ≥ {PHONE_NAME_FLOOR_PX} | "
        f"markers ≥ {PHONE_MARKER_FLOOR_PX} |",
        "|" + "---|" * 11,
    ]
    for r in measured:
        phone = f"×{r.phone_scale:.2f}: {PHONE_WIDTH} × {round(r.height * r.phone_scale)}"
        desk = (f"×{r.desktop_scale:.2f}: {round(r.width * r.desktop_scale)} × "
                f"{round(r.height * r.desktop_scale)}")
        lines.append(
            f"| {r.game} | {r.position} | {r.width} × {r.height} | {phone} | {desk} | "
            f"{_px(r.smallest_info, r.smallest_info_text)} | "
            f"{_px(r.smallest_name, r.smallest_name_text)} | {_px(r.desktop_info)} | "
            f"{_yes(r.info_ok)} | {_yes(r.names_ok)} | {_markers(r.markers)} |")
    return "\n".join(lines) + "\n"


def update(path: Path, table: str) -> None:
    """Put ``table`` between the START and END lines of ``path``."""
    text = path.read_text()
    head, found, rest = text.partition(START + "\n")
    _old, found_end, tail = rest.partition(END)
    if not found or not found_end:
        raise SystemExit(f"{path}: no {START} … {END} lines to put the table between")
    path.write_text(head + START + "\n" + table + END + tail)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.pictures_report", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--update", type=Path, metavar="FILE",
                    help="rewrite the table in FILE (docs/pictures_in_discord.md)")
    args = ap.parse_args(argv)
    table = markdown(rows())
    if args.update:
        update(args.update, table)
        print(f"updated {args.update}")
    else:
        print(table, end="")


if __name__ == "__main__":
    main()
