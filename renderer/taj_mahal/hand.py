"""Picture of a Taj Mahal hand, for its owner's private replies only, made to be read on a
phone (600 px wide, every word at least 13 px when shown 400 wide).

Each kind of card once, two to a row: the card in its colour with its symbols in words
and, when there are several, a count in its top band; under it, on one line and in one
size for every card, the name to type.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.games.taj_mahal import data
from engine.games.taj_mahal.shown import HandView
from renderer.common import (
    RGB,
    Font,
    Names,
    encode_png,
    font,
    kept_palette,
    label,
    make_palette,
    note,
    recording,
)
from renderer.common.packed import packed_cache
from renderer.taj_mahal.style import CARD, CREAM, FLAT, FRAME, GOLD, INK, MUTED

HAND_W, MARGIN, GAP, PER_ROW = 600, 16, 16, 2
CARD_W = (HAND_W - 2 * MARGIN - (PER_ROW - 1) * GAP) // PER_ROW
CARD_H, BAND = 124, 40  # the top band holds the count, the words lie below it
TOP, CAPTION_GAP, ROW_GAP = 62, 8, 14
WORDS = {"vizier": "Vizier", "general": "General", "monk": "Monk", "princess": "Princess",
         "grand_mogul": "Mogul", "elephant": "Elephant"}
SPECIAL_WORDS = {"special-elephant": ("+1 Elephant",), "special-mogul": ("+1 Mogul",),
                 "special-2points": ("+2 points",), "special-colour": ("Free colour",
                                                                         "change")}
COLOUR_ORDER = ("red", "yellow", "green", "violet", "white", "special")
WORD_F, TITLE_F, BADGE_F = (28, True), (30, True), (20, True)


def _caption_size() -> int:
    """One size for every card's name: the largest at which the longest name fits."""
    longest = max(set(data.KIND.values()), key=lambda k: font(18).getlength(k))
    return next(n for n in range(24, 11, -1) if font(n).getlength(longest) <= CARD_W)


CAPTION_PX = _caption_size()
ROW_H = CARD_H + CAPTION_GAP + CAPTION_PX + 8 + ROW_GAP


def card_at(i: int) -> tuple[int, int]:
    """The top left corner of the ``i``-th card."""
    return MARGIN + (i % PER_ROW) * (CARD_W + GAP), TOP + (i // PER_ROW) * ROW_H


def badge_box(at: tuple[int, int]) -> tuple[int, int, int, int]:
    """Where a card's count badge lies: in the top band's right corner."""
    x, y = at
    return x + CARD_W - 62, y + 7, x + CARD_W - 8, y + BAND - 5


def kinds_in(hand: list[str]) -> dict[str, int]:
    """Each kind of card in the hand, in colour order, with how many."""
    kinds: dict[str, int] = {}
    for cid in sorted(hand, key=lambda c: (COLOUR_ORDER.index(data.CARDS[c]["colour"]),
                                          data.KIND[c])):
        kinds[data.KIND[cid]] = kinds.get(data.KIND[cid], 0) + 1
    return kinds


def draw_hand(view: HandView, players: Names = None) -> Image.Image:
    """The cards of the view's own hand, identical ones once with a count, each with its
    symbols in words and, under it, the name to type."""
    hand = view.get("hand") or []
    kinds = kinds_in(hand)
    rows = max(1, math.ceil(len(kinds) / PER_ROW))
    img = Image.new("RGB", (HAND_W, TOP + rows * ROW_H), FRAME)
    d = ImageDraw.Draw(img)
    title = f"Your hand: {len(hand)} card{'s' if len(hand) != 1 else ''}"
    label(d, (MARGIN, 14), title, font(*TITLE_F), fill=CREAM)
    if not kinds:
        label(d, (MARGIN, TOP + 20), "No cards.", font(26), fill=MUTED)
    for i, (kind, count) in enumerate(kinds.items()):
        sprite, notes = _big_card(kind, count)
        x, y = card_at(i)
        img.paste(sprite, (x, y))
        for text, px, (x0, y0, x1, y1) in notes:
            note(text, px, (x + x0, y + y0, x + x1, y + y1))
    return img


# A text drawn on a card's sprite, noted again wherever the card is pasted.
Noted = tuple[str, float, tuple[float, float, float, float]]


# Two or three hands' cards (a hand holds 6 to some 15): each is 130 KB as pixels and 4
# packed, and 128 of them held 12 MB in a process playing ten games, where a card costs
# 2 ms to draw (a hand of 12 whose cards all left the cache: 15 ms instead of 2).
@packed_cache(hot=12, packed=32)
def _big_card(kind: str, count: int) -> tuple[Image.Image, tuple[Noted, ...]]:
    """A card and its caption, drawn once."""
    card = data.CARDS[kind]
    img = Image.new("RGB", (CARD_W + 1, ROW_H - ROW_GAP), FRAME)
    d = ImageDraw.Draw(img)
    notes: list[Noted] = []

    def say(xy: tuple[float, float], text: str, f: Font, fill: RGB) -> None:
        d.text(xy, text, font=f, fill=fill, anchor="mm")
        notes.append((text, getattr(f, "size", 10), d.textbbox(xy, text, font=f,
                                                                anchor="mm")))

    colour = card["colour"]
    special = colour == "special"
    # A special card is dark with a gold rim and gold words: unlike any coloured card.
    d.rounded_rectangle((0, 0, CARD_W, CARD_H), 12, fill=INK if special else CARD[colour],
                        outline=GOLD if special else CREAM, width=6 if special else 3)
    ink = GOLD if special else INK if colour in ("white", "yellow") else CREAM
    # The symbols in the order the name to type gives them.
    lines = list(SPECIAL_WORDS.get(kind, ())) or [
        WORDS[s] for s in sorted(card["symbols"], key=data.SYMBOLS.index)]
    step = 38
    mid = (BAND + CARD_H) / 2 - step * (len(lines) - 1) / 2
    for j, word in enumerate(lines):
        say((CARD_W / 2, mid + j * step), word, font(*WORD_F), ink)
    if count > 1:
        box = badge_box((0, 0))
        d.rounded_rectangle(box, 8, fill=FRAME, outline=CREAM, width=2)
        say(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), f"×{count}", font(*BADGE_F),
            CREAM)
    # The name to type, whole, on one line, the same size under every card.
    say((CARD_W / 2, CARD_H + CAPTION_GAP + CAPTION_PX / 2 + 2), kind, font(CAPTION_PX),
        CREAM)
    return img, tuple(notes)


def _choose_palette() -> Image.Image:
    sample: HandView = {"hand": list(data.CARD_IDS[::7])}
    with recording():  # the specimen's texts are no picture's
        specimen = draw_hand(sample)
    return make_palette([specimen], FLAT)


hand_palette = kept_palette(__file__, _choose_palette, "hand_palette")  # hand_palette.json


def hand(view: HandView, players: Names = None) -> bytes:
    return encode_png(draw_hand(view, players), hand_palette())
