"""The current card in the Vijayanagara picture's panel: its number or icon, title, kind
and year, the faction order, the Stay Eligible mark and what it does, set as large as
its box allows. A card's panel is the same for every position on that card, so
vijayanagara.py paints it once per card and pastes it."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.vijayanagara import data as geo
from renderer import vijayanagara_art as art
from renderer.common import fit, font, paste, smooth, wrap
from renderer.vijayanagara_layout import CARD_BOX, PANEL_CAPTIONS


def _card_text(card: dict) -> list[tuple[str, str]]:
    """(label, text) pairs describing a card's effects, in short."""
    kind = card.get("kind")
    if kind == "event":
        text = card.get("text") or {}
        return [
            ("Unshaded", str(text.get("unshaded") or "") or "by hand: read your card"),
            ("Shaded", str(text.get("shaded") or "") or "by hand: read your card"),
        ]
    if kind == "mongol":
        who = geo.SHORT.get(card.get("faction") or "", "The named faction")
        return [("", f"{who} {geo.MONGOL_TEXT}")]
    if kind in UNKNOWN:
        return [("", geo.SPECIAL_TEXTS.get(card.get("id") or "", UNKNOWN[kind]))]
    return []


# What a Succession or Timurid card the game's data does not know says.
UNKNOWN = {"succession": "Succession (2.5).", "timurid": "The Timurid Empire (2.6)."}


def paint_card(img: Image.Image, view: dict) -> None:
    d = ImageDraw.Draw(img)
    card = view.get("card") or None
    x0, y0, x1, y1 = CARD_BOX
    d.text(
        (x0 + 4, PANEL_CAPTIONS["card"]),
        "CURRENT CARD",
        font=font(15, bold=True),
        fill=art.MUTED_CREAM,
    )
    if not isinstance(card, dict):
        d.text((x0 + 4, y0 + 20), "No card yet", font=font(20), fill=art.CREAM)
        return
    with smooth(img, CARD_BOX, scale=2) as s:
        s.rounded(CARD_BOX, 12, fill=art.rgba(art.SPACE_FILL), outline=art.rgba(art.GOLD), width=2)
    kind = card.get("kind")
    tx = x0 + 72
    if kind == "event" and card.get("number") is not None:
        with smooth(img, (x0 + 8, y0 + 8, x0 + 62, y0 + 62), scale=3) as s:
            s.circle((x0 + 36, y0 + 36), 26, fill=art.rgba(art.INK))
        d.text(
            (x0 + 36, y0 + 37),
            str(card["number"]),
            font=font(25, bold=True),
            fill=art.CREAM,
            anchor="mm",
        )
    else:
        icon = {"mongol": "invader", "timurid": "invader"}.get(kind or "", "governor")
        paste(img, art.piece_sprite(icon, 42), (x0 + 36, y0 + 36))
    title = str(card.get("title") or "")
    tf = font(23, bold=True)
    if tf.getlength(title) > x1 - tx - 12:
        tf = font(19, bold=True)
    d.text((tx, y0 + 24), fit(title, tf, x1 - tx - 12), font=tf, fill=art.INK, anchor="lm")
    sub = {
        "event": "Event",
        "mongol": "Mongol Invasion",
        "succession": "Succession",
        "timurid": "Timurid Empire",
    }.get(kind or "", "")
    if card.get("year"):
        sub = art.safe_text(f"{sub}  ·  {card['year']}")
    d.text((tx, y0 + 53), sub, font=font(16), fill=art.MUTED_INK, anchor="lm")
    order = [f for f in (card.get("order") or []) if f in art.FACTION_COLOUR]
    x = x1 - 14 - 30 * len(order)
    if order:
        d.text((x - 6, y0 + 53), "Order", font=font(15, bold=True), fill=art.INK, anchor="rm")
    for f in order:
        paste(img, art.marker_sprite(f, 26), (x + 13, y0 + 53))
        x += 30
    y = y0 + 72
    if card.get("stay_eligible"):
        label = art.safe_text("★ Stay Eligible: Event player stays Eligible")
        d.rounded_rectangle(
            (x0 + 12, y, x0 + 24 + font(15, bold=True).getlength(label), y + 24), 6, fill=art.GOLD
        )
        d.text((x0 + 18, y + 12), label, font=font(15, bold=True), fill=art.INK, anchor="lm")
        y += 30
    size = card_body_size(card, y1 - y)
    body = font(size)
    for label, text in _card_text(card):
        lines = wrap(art.safe_text(text), body, x1 - x0 - 32, 99 if size > BODY_SIZES[-1] else
                     (4 if label else 7))
        if label:
            shaded = label == "Shaded"
            d.rounded_rectangle(
                (x0 + 12, y + 2, x0 + 104, y + 23), 5, fill=art.INK if shaded else art.LAND
            )
            d.text(
                (x0 + 58, y + 12),
                label,
                font=font(14, bold=True),
                fill=art.CREAM if shaded else art.INK,
                anchor="mm",
            )
            y += 26
        for line in lines:
            d.text((x0 + 16, y + size // 2 + 2), line, font=body, fill=art.INK, anchor="lm")
            y += size + 4
        y += 5


# The card's text is set as large as its box allows (read small on a phone, it is what a
# player most needs); 16 px, cut short, only for a text too long for that.
BODY_SIZES = (21, 20, 19, 18, 17, 16)


def card_body_size(card: dict, room: float | None = None) -> int:
    """The largest body size at which all of ``card``'s text fits ``room`` pixels of the
    card box (by default the room under the title, with no Stay Eligible banner)."""
    x0, y0, x1, y1 = CARD_BOX
    room = y1 - (y0 + 72) - 6 if room is None else room - 6
    sections = _card_text(card)
    for size in BODY_SIZES:
        f = font(size)
        need = sum((26 if label else 0)
                   + len(wrap(art.safe_text(text), f, x1 - x0 - 32, 99)) * (size + 4) + 5
                   for label, text in sections)
        if need <= room:
            return size
    return BODY_SIZES[-1]

