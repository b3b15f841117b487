"""The pictures' fonts ship with Darbar (issue 36): a server without DejaVu installed draws
the very same pictures, and a missing font file is an error, never Pillow's bitmap font."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from PIL import ImageFont

import renderer
from renderer import common

ROOT = Path(__file__).resolve().parents[2]

# One picture of each kind the bot posts that draws text: a board (Goat-Tiger's ×, and
# Vijayanagara's ₹, are glyphs Pillow's bitmap font lacks), the result banner, a hidden
# hand and both charts. Printed as a digest of each picture's pixels.
DRAW = """
import hashlib, io, json
from PIL import Image
import renderer
from renderer.common import banner, charts
from engine.games.taj_mahal.samples import PLAYERS as TAJ_MAHAL_PLAYERS
from engine.games.taj_mahal.samples import hand_view as taj_mahal_hand_view
from tools.samples import SAMPLES

def pixels(png):
    return hashlib.sha256(Image.open(io.BytesIO(png)).convert("RGB").tobytes()).hexdigest()

out = {}
for game in ("goat_tiger", "vijayanagara"):
    views, players = SAMPLES[game]
    out[game] = pixels(renderer.render(game, views()["start"], players=dict(players)))
board = renderer.render("goat_tiger", SAMPLES["goat_tiger"][0]()["start"])
out["banner"] = pixels(banner.with_banner(board, "Game over: Goats win", ["31 moves"]))
out["hand"] = pixels(renderer.hand("taj_mahal", taj_mahal_hand_view(), TAJ_MAHAL_PLAYERS))
out["lines"] = pixels(charts.lines("Ravi: rating after each rated game",
                                   {"Maharaja": [1.0, 2.5, 3.2]}))
out["bars"] = pixels(charts.bars("Maharaja: share of games won by side",
                                 [("Red", 0.5), ("Blue", 0.25)]))
print(json.dumps(out))
"""

# A server without fonts-dejavu-core: Pillow finds no font file in the system's folders.
NO_SYSTEM_FONTS = """
from pathlib import Path
from PIL import ImageFont
SYSTEM = ("/usr/share/fonts", "/usr/local/share/fonts", str(Path.home() / ".fonts"),
          str(Path.home() / ".local/share/fonts"))
opened = ImageFont.FreeTypeFont.__init__

def no_system_fonts(self, font=None, *args, **kwargs):
    if isinstance(font, (str, Path)) and str(font).startswith(SYSTEM):
        raise OSError(f"cannot open resource {font}")
    opened(self, font, *args, **kwargs)

ImageFont.FreeTypeFont.__init__ = no_system_fonts
"""


def _draw(prelude: str = "") -> dict[str, str]:
    done = subprocess.run([sys.executable, "-c", prelude + DRAW], cwd=ROOT, check=True,
                          capture_output=True, text=True, timeout=600)
    return json.loads(done.stdout)


@pytest.mark.slow
def test_a_server_without_system_fonts_draws_the_same_pictures():
    assert _draw(NO_SYSTEM_FONTS) == _draw()


def test_the_fonts_are_loaded_from_the_package_with_their_licence():
    package = Path(renderer.__file__).parent
    for bold in (False, True):
        f = common.font(20, bold)
        assert isinstance(f, ImageFont.FreeTypeFont)
        assert Path(f.path).parent == package / "fonts"
        assert f.getname() == ("DejaVu Sans", "Bold" if bold else "Book")
    licence = (package / "fonts" / "LICENSE").read_text()
    assert "Bitstream Vera" in licence and "DejaVu" in licence


def test_a_missing_font_file_is_an_error_not_a_bitmap_font(monkeypatch, tmp_path):
    monkeypatch.setattr(common, "FONT_DIR", tmp_path)
    common.font.cache_clear()
    try:
        with pytest.raises(OSError):
            common.font(21)
    finally:
        monkeypatch.undo()
        common.font.cache_clear()


@pytest.mark.slow
def test_an_installed_darbar_carries_the_fonts(tmp_path):
    """A wheel (what `pip install .` installs) holds the fonts and their licence."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True, timeout=600)
    (wheel,) = tmp_path.glob("darbar-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"renderer/fonts/DejaVuSans.ttf", "renderer/fonts/DejaVuSans-Bold.ttf",
            "renderer/fonts/LICENSE"} <= names

