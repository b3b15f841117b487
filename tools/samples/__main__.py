"""``python -m tools.samples [DIR]``: every sample position drawn as the bot posts it, into
DIR (default ``sample_images``) as ``<game>_<position>.png``, and each sample hand (Taj
Mahal's) as ``<game>_hand.png``. The README's pictures (docs/images/) are drawn from these:
``rajas_mid.png`` is ``docs/images/rajas.png``, ``vijayanagara_crowded.png`` is
``docs/images/vijayanagara.png``."""

from __future__ import annotations

import argparse
from pathlib import Path

import renderer
from tools.samples import HANDS, SAMPLES


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m tools.samples", description=__doc__)
    ap.add_argument("dir", nargs="?", type=Path, default=Path("sample_images"),
                    help="folder for the pictures (default sample_images)")
    out: Path = ap.parse_args(argv).dir
    out.mkdir(parents=True, exist_ok=True)
    for game, (views_of, players) in SAMPLES.items():
        for name, view in views_of().items():
            (out / f"{game}_{name}.png").write_bytes(renderer.render(game, view,
                                                                     players=players))
    for game, (hand_view, players) in HANDS.items():
        hand = renderer.hand(game, hand_view(), players)
        if hand is not None:
            (out / f"{game}_hand.png").write_bytes(hand)
    print(f"saved to {out}/")


if __name__ == "__main__":
    main()
