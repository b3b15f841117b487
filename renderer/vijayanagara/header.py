"""The header of the Vijayanagara picture: whose turn it is and what the last move did, a
battle's dice included (or, once the game is over, the winners and the final score)."""

from __future__ import annotations

import re

from PIL import Image, ImageDraw

from engine.games.vijayanagara import data as geo
from engine.games.vijayanagara.shown import VijayanagaraView
from engine.grammar import count
from renderer.common import RGB, Font, Names, clean, fit, font, outcome_title, paste
from renderer.vijayanagara import art as art
from renderer.vijayanagara.layout import HEADER_H, WIDTH

TITLE_PX = 26
NAME_PX = 24  # the players' names (12 px when shown 400 px wide)
LINE_PX = 24  # what the last move did (12 px: a wrapped line may hold a name alone)
LINES = 3  # what the last move did, at most
LINE_Y = 54  # the first of those lines' top
LINE_STEP = 29
MARGIN = 20


def _name(players: Names, role: str) -> str:
    return clean(str((players or {}).get(role) or ""))


def draw_header(img: Image.Image, view: VijayanagaraView, players: Names,
                since: str | None = None) -> None:
    """The header: the result, or whose turn it is and what the last move did (or,
    ``since`` given, what has changed since an earlier position)."""
    d = ImageDraw.Draw(img)
    result = view.get("result")
    if result:
        d.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=art.BANNER)
        winners = [w for w in (result.get("winners") or []) if isinstance(w, str)]
        title = " & ".join(geo.SHORT.get(w, str(w).capitalize()) for w in winners)
        title = (f"★ {title} win{'s' if len(winners) == 1 else ''}" if winners
                 else outcome_title(result, []))
        _title_row(img, winners, title, art.INK, art.INK, players)
        scores = final_scores(view)
        line = "Final score: " + " · ".join(
            f"{geo.SHORT.get(f, f)} {scores[f]} VP" for f in ranked(view))
        reason = str(result.get("reason") or "")
        _lines(img, [line, reason] if reason else [line], art.INK)
        return
    active = [a for a in (view.get("active") or []) if isinstance(a, str)]
    who = " & ".join(geo.FACTION_NAMES.get(a, str(a)) for a in active) or "Waiting"
    title = f"{who} to act" if active else who
    _title_row(img, active, title, art.CREAM, art.GOLD, players)
    move = int(view.get("move") or 0)
    said = brief(last_move([str(x) for x in (view.get("log") or [])]))
    head = f"Move {move} · " if move else ""
    if since is not None:
        _lines(img, [since], art.MUTED_CREAM)
        return
    _lines(img, [head + " ".join(said)] if said else ["New game"], art.MUTED_CREAM)


def _lines(img: Image.Image, paragraphs: list[str], ink: RGB) -> None:
    """Up to LINES lines under the title, each paragraph wrapped, the last cut short."""
    f = font(LINE_PX)
    room = WIDTH - 2 * MARGIN
    out: list[str] = []
    for p in paragraphs:
        out += quick_wrap(p.replace("`", ""), f, room, LINES - len(out))
        if len(out) >= LINES:
            break
    for i, line in enumerate(out[:LINES]):
        art.typeset(img, (MARGIN, LINE_Y + i * LINE_STEP), line, f, fill=ink)


def quick_wrap(text: str, f: Font, width: float, max_lines: int) -> list[str]:
    """``common.wrap`` measured with the cached glyphs' advances (it measures every
    growing line afresh, which costs a millisecond on a long log line): greedy, the last
    line cut short with … if the text does not fit."""
    words = text.split()
    space = art.typeset_width(" ", f)
    lines: list[str] = []
    i = 0
    while i < len(words) and len(lines) < max_lines:
        line, used = words[i], art.typeset_width(words[i], f)
        i += 1
        while i < len(words) and used + space + (
                w := art.typeset_width(words[i], f)) <= width:
            line, used = f"{line} {words[i]}", used + space + w
            i += 1
        lines.append(line)
    if i < len(words):
        lines[-1] += " " + " ".join(words[i:])
    return [cut(line, f, width) for line in lines]


def cut(text: str, f: Font, width: float) -> str:
    """``common.fit`` measured as ``quick_wrap`` measures."""
    if art.typeset_width(text, f) <= width:
        return text
    room = width - art.typeset_width("…", f)
    used, end = 0.0, 0
    while end < len(text) and used + art.typeset_width(text[end], f) <= room:
        used += art.typeset_width(text[end], f)
        end += 1
    return text[:end].rstrip() + "…"


def _title_row(img: Image.Image, factions: list[str], title: str, ink: RGB, names_ink: RGB,
               players: Names) -> None:
    """The header's first line: the markers of up to three factions (the winners, or those
    to act), ``title``, and the names of the players who hold them."""
    big, mid = font(TITLE_PX, bold=True), font(NAME_PX)
    x = MARGIN
    for f in factions[:3]:
        if f in art.FACTION_COLOUR:
            paste(img, art.marker_sprite(f, 32, glyph=20), (x + 16, 26))
            x += 38
    # the title and the names typeset afresh (few words, often the same): the words a
    # picture says, to any reader of ImageDraw.text
    d = ImageDraw.Draw(img)
    title = fit(title, big, WIDTH - MARGIN - x - 4)
    art.text(d, (x + 4, 26), title, big, fill=ink, anchor="lm")
    names = ", ".join(n for n in (_name(players, f) for f in factions) if n)
    nx = x + 4 + big.getlength(title)
    if names and WIDTH - MARGIN - nx > 60:
        art.text(d, (nx, 28), fit(f" — {names}", mid, WIDTH - MARGIN - nx),
                 mid, fill=names_ink, anchor="lm")


# --- the final score ------------------------------------------------------------------------


def final_scores(view: VijayanagaraView) -> dict[str, int]:
    """Each faction's VP at the end: the result's, or where the table ended the game (a
    resignation, an abort: its result counts no points) the VP on the track."""
    result = view.get("result") or {}
    if result.get("abandoned") or "resigned" in result or not result.get("scores"):
        return {f: int(v.get("vp") or 0) for f, v in (view.get("factions") or {}).items()
                if f in geo.FACTIONS}
    return {str(f): int(v or 0) for f, v in result["scores"].items()}


def ranked(view: VijayanagaraView) -> list[str]:
    """Factions by final standing: winners first, then VP, then Resources."""
    result = view.get("result") or {}
    scores = final_scores(view)
    winners = result.get("winners") or []
    factions = view.get("factions") or {}

    def key(f: str) -> tuple:
        info = factions.get(f)
        res = int(info.get("resources") or 0) if info else 0
        return (f not in winners, -int(scores.get(f) or 0), -res,
                geo.FACTIONS.index(f) if f in geo.FACTIONS else 9)

    return sorted(scores, key=key)


# --- what the last move did ----------------------------------------------------------------

_FACTION = "|".join(geo.SHORT[f] for f in geo.FACTIONS)
# A line that begins a faction's turn: its Command, Event or pass (not the Decree that
# goes with a Command, which is part of the same turn).
# The verbs agree with the faction ("Delhi passes", "Mongols pass"); logs stored before
# issue 36 said "Delhi pass", "roll", "score 1 hit(s)", and are read alike.
TURN = re.compile(rf"^({_FACTION})(: (?!Decree)| pass(es)?\b| carr(y|ies) out\b)")
ROLL = re.compile(r"^Attack in (?P<space>.+?): (?P<a>.+?) \(\d+ units?\) rolls? \[[^\]]*\], "
                  r"(?P<d>.+?) \(\d+ units?\) rolls? \[[^\]]*\]\.$")
SCORE = re.compile(r"^(?P<a>.+?) \[(?P<ad>[^\]]*)\] scores? (?P<ah>\d+) hit(s|\(s\))?; "
                   r"(?P<d>.+?) \[(?P<dd>[^\]]*)\] scores? (?P<dh>\d+) hit(s|\(s\))?\.$")
SWAY = re.compile(r"^(.+? Charge: die \d+ now \d+|.+? Screen the opposing die \d+"
                  r"|The Mongol Charge: \[[^\]]*\])\.$")


def last_move(log: list[str]) -> list[str]:
    """The log lines of the last faction's turn and what followed it (a battle's dice, the
    next card); the last few lines where no turn is logged."""
    for i in range(len(log) - 1, -1, -1):
        if TURN.match(log[i]):
            return log[i:]
    return log[-4:]


def _hits(n: str) -> str:
    return count(int(n), "hit")


def brief(lines: list[str]) -> list[str]:
    """``lines`` said shortly for the header: each battle's roll, Charges and score become
    one line with the dice as they ended (``Attack in Andhra: Vijayanagara [5 1 5 3] 1 hit,
    Delhi [4 2] 0 hits``); the rest as logged."""
    out: list[str] = []
    pending: list[str] = []  # a battle's roll and Charges, until its score
    space = ""
    for line in lines:
        if m := ROLL.match(line):
            out += pending
            pending, space = [line], m["space"]
        elif pending and SWAY.match(line):
            pending.append(line)
        elif pending and (m := SCORE.match(line)):
            swayed = len(pending) > 1
            out.append(f"Attack in {space}: {m['a']} [{m['ad']}] {_hits(m['ah'])}, "
                       f"{m['d']} [{m['dd']}] {_hits(m['dh'])}"
                       + (" after Charge." if swayed else "."))
            pending = []
        else:
            out += pending + [line]
            pending = []
    return out + pending
