"""The header and the panel of the Vijayanagara picture: whose turn it is (or the result)
and the last log line; the factions' Resources, victory points and Cavalry with the
Cavalry pool, the Dynasty and the Available pieces; the final score once the game is over
(the current card is vijayanagara_card.py); the Sequence of Play on the card; the deck."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.vijayanagara import data as geo
from renderer import vijayanagara_art as art
from renderer.common import RGB, Names, clean, fit, font, outcome_title, paste, smooth, wrap
from renderer.vijayanagara_layout import CARD_BOX, HEADER_H, PANEL_BOX, PANEL_CAPTIONS, WIDTH

# --- the captions, drawn once into the background -------------------------------------------


def draw_frame(img: Image.Image) -> None:
    d = ImageDraw.Draw(img)
    cap = font(15, bold=True)
    x0, _, x1, _ = PANEL_BOX
    d.text((x0 + 4, PANEL_CAPTIONS["factions"]), "FACTIONS", font=cap, fill=art.MUTED_CREAM)
    small = font(14, bold=True)
    for label, cx in (("Resources", COL_RES), ("VP", COL_VP), ("Cavalry", COL_CAV)):
        d.text(
            (cx, PANEL_CAPTIONS["factions"] + 2),
            label,
            font=small,
            fill=art.MUTED_CREAM,
            anchor="ma",
        )
    d.text((x0 + 4, PANEL_CAPTIONS["sop"]), "SEQUENCE OF PLAY", font=cap, fill=art.MUTED_CREAM)
    d.text((x0 + 4, PANEL_CAPTIONS["deck"]), "DECK", font=cap, fill=art.MUTED_CREAM)


COL_RES, COL_VP, COL_CAV = 1218, 1290, 1352  # centres of the faction table's columns
FACTION_ROW_Y = [134, 190, 246]  # centre of each faction's row


def _name(players: Names, role: str) -> str:
    return clean(str((players or {}).get(role) or ""))


# --- the header ---------------------------------------------------------------------------


def draw_header(img: Image.Image, view: dict, players: Names) -> None:
    d = ImageDraw.Draw(img)
    result = view.get("result")
    small = font(19)
    if result:
        d.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=art.BANNER)
        winners = [w for w in (result.get("winners") or []) if isinstance(w, str)]
        title = " & ".join(geo.SHORT.get(w, str(w).capitalize()) for w in winners)
        title = art.safe_text(
            f"★ {title} win{'s' if len(winners) == 1 else ''}" if winners
            else outcome_title(result, [])
        )
        _title_row(img, winners, title, art.INK, art.INK, players)
        scores = _final_scores(view)
        ranked = _ranked(view)
        line = "Final score: " + art.safe_text("  ·  ").join(
            f"{geo.SHORT.get(f, f)} {scores[f]} VP" for f in ranked
        )
        if result.get("reason") and (result.get("abandoned") or "resigned" in result):
            line = f"{result['reason']}  ·  {line}"
        d.text((20, 58), fit(line, small, WIDTH - 40), font=small, fill=art.INK, anchor="lm")
        return
    active = [a for a in (view.get("active") or []) if isinstance(a, str)]
    who = " & ".join(geo.FACTION_NAMES.get(a, str(a)) for a in active) or "Waiting"
    title = art.safe_text(f"{who} to act" if active else who)
    _title_row(img, active, title, art.CREAM, art.GOLD, players)
    log = [str(line) for line in (view.get("log") or [])]
    move = int(view.get("move") or 0)
    last = log[-1] if log else ""
    sub = art.safe_text(f"Move {move}  ·  ") + last if move else (last or "New game")
    d.text((20, 58), fit(sub, small, WIDTH - 40), font=small, fill=art.MUTED_CREAM, anchor="lm")


def _title_row(img: Image.Image, factions: list[str], title: str, ink: RGB, names_ink: RGB,
               players: Names) -> None:
    """The header's first line: the markers of up to three factions (the winners, or those
    to act), ``title``, and the names of the players who hold them."""
    d = ImageDraw.Draw(img)
    big, mid = font(30, bold=True), font(26)
    x = 20
    for f in factions[:3]:
        if f in art.FACTION_COLOUR:
            paste(img, art.marker_sprite(f, 34), (x + 17, 26))
            x += 40
    d.text((x + 4, 26), title, font=big, fill=ink, anchor="lm")
    names = ", ".join(n for n in (_name(players, f) for f in factions) if n)
    if names:
        nx = x + 4 + big.getlength(title)
        d.text((nx, 28), fit(f" — {names}", mid, WIDTH - 20 - nx), font=mid, fill=names_ink,
               anchor="lm")


# --- the factions --------------------------------------------------------------------------

CHOICE = {
    "cmd": "Command + Decree",
    "command": "Command",
    "event": "Event",
    "limited": "Limited Command",
    "pass": "Pass",
}


def draw_factions(img: Image.Image, view: dict, players: Names) -> None:
    d = ImageDraw.Draw(img)
    factions = view.get("factions") or {}
    active = set(view.get("active") or [])
    x0, _, x1, _ = PANEL_BOX
    num = font(24, bold=True)
    for f, cy in zip(geo.FACTIONS, FACTION_ROW_Y, strict=True):
        info = factions.get(f) or {}
        if f in active and not view.get("result"):
            d.rounded_rectangle(
                (x0, cy - 26, x1, cy + 26), 8, fill=art.PANEL, outline=art.GOLD, width=2
            )
        paste(img, art.marker_sprite(f, 40), (x0 + 26, cy))
        d.text((x0 + 54, cy - 11), geo.SHORT[f], font=font(20, bold=True), fill=art.CREAM,
               anchor="lm")
        who = _name(players, f)
        room = COL_RES - 34 - (x0 + 54)
        d.text(
            (x0 + 54, cy + 13),
            fit(who or "—", font(16), room),
            font=font(16),
            fill=art.GOLD if who else art.MUTED_CREAM,
            anchor="lm",
        )
        res, vp, cav = (int(info.get(k) or 0) for k in ("resources", "vp", "cavalry"))
        paste(img, art.resource_sprite(22), (COL_RES - 16, cy + 1))
        d.text((COL_RES - 2, cy + 2), str(res), font=num, fill=art.CREAM, anchor="lm")
        d.text((COL_VP, cy + 2), str(vp), font=num, fill=art.GOLD, anchor="mm")
        paste(img, art.cavalry_sprite(22), (COL_CAV - 16, cy + 1))
        d.text((COL_CAV - 2, cy + 2), str(cav), font=num, fill=art.CREAM, anchor="lm")
    y = POOL_Y
    pool = int(view.get("cavalry_pool") or 0)
    paste(img, art.cavalry_sprite(22), (x0 + 16, y))
    d.text((x0 + 32, y), f"Cavalry pool: {pool}", font=font(17), fill=art.CREAM, anchor="lm")
    dynasty = str(view.get("dynasty") or "").capitalize() or "—"
    d.text((x1 - 4, y), f"{dynasty} Dynasty", font=font(17, bold=True), fill=art.GOLD, anchor="rm")
    avail = view.get("available") or {}
    ay = y + 30
    d.rounded_rectangle((x0, ay - 14, x1, ay + 14), 7, fill=art.LAND)
    d.text((x0 + 8, ay), "Available", font=font(15, bold=True), fill=art.INK, anchor="lm")
    # spread the eight counts evenly over the strip
    nf = font(16, bold=True)
    counts = [str(int(avail.get(key) or 0)) for _, key in AVAILABLE]
    widths = [22 + nf.getlength(c) for c in counts]
    x: float = x0 + 88
    room = x1 - 8 - (x0 + 88)
    gap = (room - sum(widths)) / (len(widths) - 1)
    for (icon, _), text, w in zip(AVAILABLE, counts, widths, strict=True):
        paste(img, art.piece_sprite(icon, 20), (x + 10, ay))
        d.text((x + 22, ay), text, font=nf, fill=art.INK, anchor="lm")
        x += w + gap


AVAILABLE = [
    ("troop", "troop"),
    ("governor", "governor"),
    ("qasbah", "qasbah"),
    ("amir_o", "amir"),
    ("fort", "fort"),
    ("raja_o", "raja"),
    ("temple", "temple"),
    ("invader", "invader"),
]
POOL_Y = 296



# --- the final score, where the card goes once the game is over ----------------------------


def _final_scores(view: dict) -> dict[str, int]:
    """Each faction's VP at the end: the result's, or where the table ended the game (a
    resignation, an abort: its result counts no points) the VP on the track."""
    result = view.get("result") or {}
    if result.get("abandoned") or "resigned" in result or not result.get("scores"):
        return {f: int(v.get("vp") or 0) for f, v in (view.get("factions") or {}).items()
                if f in geo.FACTIONS}
    return result["scores"]


def _ranked(view: dict) -> list[str]:
    """Factions by final standing: winners first, then VP, then Resources."""
    result = view.get("result") or {}
    scores = _final_scores(view)
    winners = result.get("winners") or []
    factions = view.get("factions") or {}

    def key(f: str) -> tuple:
        res = int((factions.get(f) or {}).get("resources") or 0)
        return (
            f not in winners,
            -int(scores.get(f) or 0),
            -res,
            geo.FACTIONS.index(f) if f in geo.FACTIONS else 9,
        )

    return sorted(scores, key=key)


def draw_result(img: Image.Image, view: dict, players: Names) -> None:
    """The final score table, where the card goes while the game runs."""
    d = ImageDraw.Draw(img)
    result = view["result"]
    x0, y0, x1, y1 = CARD_BOX
    d.text((x0 + 4, PANEL_CAPTIONS["card"]), "FINAL SCORE", font=font(15, bold=True), fill=art.GOLD)
    with smooth(img, CARD_BOX, scale=2) as s:
        s.rounded(CARD_BOX, 12, fill=art.rgba(art.BANNER), outline=art.rgba(art.CREAM), width=2)
    scores = _final_scores(view)
    factions = view.get("factions") or {}
    winners = set(result.get("winners") or [])
    y = y0 + 44
    for rank, f in enumerate(_ranked(view), 1):
        if f in art.FACTION_COLOUR:
            paste(img, art.marker_sprite(f, 38), (x0 + 62, y))
        d.text((x0 + 18, y), f"{rank}.", font=font(24, bold=True), fill=art.INK, anchor="lm")
        name = geo.FACTION_NAMES.get(f, str(f))
        if f in winners:
            name = art.safe_text(f"★ {name}")
        d.text(
            (x0 + 92, y - 10),
            fit(name, font(20, bold=True), x1 - x0 - 200),
            font=font(20, bold=True),
            fill=art.INK,
            anchor="lm",
        )
        who = _name(players, f)
        res = int((factions.get(f) or {}).get("resources") or 0)
        line = art.safe_text(f"{who}  ·  {res} Resources") if who else f"{res} Resources"
        d.text(
            (x0 + 92, y + 14),
            fit(line, font(16), x1 - x0 - 200),
            font=font(16),
            fill=art.INK,
            anchor="lm",
        )
        d.text((x1 - 18, y), f"{scores[f]} VP", font=font(28, bold=True), fill=art.INK, anchor="rm")
        y += 66
    y += 4
    reason = str(result.get("reason") or "")
    for line in wrap(art.safe_text(reason), font(16), x1 - x0 - 32, 4):
        d.text((x0 + 16, y), line, font=font(16), fill=art.INK, anchor="lm")
        y += 21


# --- the Sequence of Play and the deck --------------------------------------------------------


def draw_sop(img: Image.Image, view: dict) -> None:
    """Who may act on this card, who has (and how), and which forked options are taken."""
    d = ImageDraw.Draw(img)
    x0, _, x1, _ = PANEL_BOX
    card = view.get("card") or {}
    eligible = view.get("eligible") or {}
    turn = view.get("turn") or {}
    over = bool(view.get("result"))
    on_event = isinstance(card, dict) and card.get("kind") == "event" and not over
    acted = list(turn.get("acted") or []) if on_event else []
    choices = dict(turn.get("choices") or {}) if on_event else {}
    active = set(view.get("active") or [])
    order = [f for f in (card.get("order") or []) if f in geo.FACTIONS] if on_event else []
    order += [f for f in geo.FACTIONS if f not in order]
    y = PANEL_CAPTIONS["sop"] + 34
    f17, b17 = font(17), font(17, bold=True)
    for i, f in enumerate(order):
        cy = y + i * 31
        ok = bool(eligible.get(f, True))
        paste(img, art.marker_sprite(f, 26, faded=not ok), (x0 + 16, cy))
        if on_event:
            d.text(
                (x0 + 36, cy),
                ("1st", "2nd", "3rd")[i] if i < 3 else "",
                font=font(14),
                fill=art.MUTED_CREAM,
                anchor="lm",
            )
        d.text(
            (x0 + 72, cy),
            geo.SHORT[f],
            font=b17 if ok else f17,
            fill=art.CREAM if ok else art.MUTED_CREAM,
            anchor="lm",
        )
        if f in acted:
            status, ink = art.safe_text(f"✓ {CHOICE.get(choices.get(f) or '', 'acted')}"), art.CREAM
        elif f in active and not over:
            status, ink = art.safe_text("▶ to act now"), art.GOLD
        elif ok:
            status, ink = "Eligible", art.CREAM
        else:
            status, ink = "Ineligible", art.MUTED_CREAM
        d.text((x0 + 218, cy), status, font=b17 if ink == art.GOLD else f17, fill=ink, anchor="lm")
    if not on_event:
        return
    # the two forked options of an Event card (2.3.3): open, or taken by whom
    top = y + 3 * 31 - 8
    forks = [
        ("Command + Decree", turn.get("cmd_decree")),
        ("Event or Command", turn.get("event_or_command")),
    ]
    w = (x1 - x0 - 10) / 2
    for j, (label, who) in enumerate(forks):
        bx0 = x0 + j * (w + 10)
        taken = who in art.FACTION_COLOUR
        d.rounded_rectangle(
            (bx0, top, bx0 + w, top + 52),
            7,
            fill=art.PANEL,
            outline=art.GOLD if taken else art.PANEL_EDGE,
            width=2,
        )
        d.text((bx0 + 10, top + 14), label, font=font(15, bold=True), fill=art.CREAM, anchor="lm")
        if who in art.FACTION_COLOUR:  # taken
            paste(img, art.marker_sprite(who, 20), (bx0 + 20, top + 37))
            d.text((bx0 + 36, top + 37), fork_text(who, choices.get(who)), font=font(15),
                   fill=art.GOLD, anchor="lm")
        else:
            d.text((bx0 + 10, top + 37), "open", font=font(15), fill=art.MUTED_CREAM, anchor="lm")


def fork_text(who: str, choice: str | None) -> str:
    """What a faction took on a forked option, beside its marker: the marker names the
    faction, so the words need only say the choice (a long name cut it short)."""
    return CHOICE.get(choice or "", "") or geo.SHORT.get(who, who)


def draw_deck(img: Image.Image, view: dict) -> None:
    d = ImageDraw.Draw(img)
    x0 = PANEL_BOX[0]
    y = PANEL_CAPTIONS["deck"] + 62
    n = int(view.get("deck_size") or 0)
    with smooth(img, (x0, y - 40, x0 + 64, y + 40), scale=2) as s:
        for k in range(3):
            s.rounded(
                (x0 + 6 + 4 * k, y - 30 - 3 * k, x0 + 50 + 4 * k, y + 30 - 3 * k),
                5,
                fill=art.rgba(art.PANEL),
                outline=art.rgba(art.MUTED_CREAM),
                width=1.5,
            )
    d.text((x0 + 36, y - 3), str(n), font=font(24, bold=True), fill=art.CREAM, anchor="mm")
    tx = x0 + 76
    d.text(
        (tx, y - 16),
        f"{'card' if n == 1 else 'cards'} left in the deck",
        font=font(17),
        fill=art.CREAM,
        anchor="lm",
    )
    left = [c for c in (view.get("successions_left") or []) if isinstance(c, str)]
    label = f"Succession cards to come: {len(left)}"
    d.text((tx, y + 16), label, font=font(17), fill=art.CREAM, anchor="lm")
    x = tx + font(17).getlength(label) + 10
    for sid, numeral in (("s1", "I"), ("s2", "II"), ("s3", "III")):
        on = sid in left
        d.rounded_rectangle(
            (x, y + 3, x + 36, y + 29),
            5,
            fill=art.GOLD if on else art.FRAME,
            outline=art.GOLD if on else art.PANEL_EDGE,
            width=2,
        )
        d.text(
            (x + 18, y + 16),
            numeral,
            font=font(15, bold=True),
            fill=art.INK if on else art.PANEL_EDGE,
            anchor="mm",
        )
        x += 42

