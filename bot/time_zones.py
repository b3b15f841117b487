"""The time zones a player may choose (``/me timezone:``): IANA's region zones, the places
of ``zone.tab`` as the tzdata package ships it (``Asia/Kolkata``, ``America/New_York``),
and ``UTC``; matched whatever the case, a space standing for ``_``.

A legacy name of a region and a place that links to one of them (``US/Eastern``,
``Asia/Calcutta``) is taken as the zone it stands for and saved under that name; it is
never offered. ``Etc/UTC``, ``Zulu`` and the other names of UTC are ``UTC``. Everything
else is refused: ``localtime`` (the server's own zone), ``Factory``, ``posixrules``,
``posix/…`` and ``right/…`` copies, the POSIX rules ``EST5EDT``, abbreviations and
countries (``EST`` is in the data as Panama's zone, without daylight saving; ``Japan``),
and fixed offsets (``Etc/GMT+5`` is five hours *behind* UTC, its sign reversed, and keeps
no daylight saving). Names saved before these rules still read (``bot.hours.zone``)."""

from __future__ import annotations

import difflib
import re
from functools import cache
from importlib.resources import files

from bot.replies import echo

UTC_NAME = "UTC"
_OFFSET = re.compile(r"^(etc/)?gmt([+-])([1-9]\d?)$")
# The copies of every zone that some systems keep beside them.
_COPIES = re.compile(r"^(posix|right)/")


def _norm(typed: str) -> str:
    return typed.strip().replace(" ", "_").lower()


@cache
def _tzdata(name: str) -> list[str]:
    """The lines of one of the tzdata package's tables, comments left out."""
    text = (files("tzdata") / "zoneinfo" / name).read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line and not line.startswith("#")]


@cache
def names() -> tuple[str, ...]:
    """The zones offered and accepted: every region zone and ``UTC``, sorted."""
    return tuple(sorted({line.split("\t")[2] for line in _tzdata("zone.tab")} | {UTC_NAME}))


@cache
def _known() -> dict[str, str]:
    """Every name accepted (lower case) → the name saved: the zones themselves, and the
    links (``L target name`` in ``tzdata.zi``) that lead to one of them."""
    known = {z.lower(): z for z in names()}
    links = {name: target for target, name in (line.split()[1:3] for line in _tzdata(
        "tzdata.zi") if line.startswith("L "))}
    links["Etc/UTC"] = UTC_NAME  # a zone of its own there, the same as UTC
    for alias in links:
        if "/" not in alias and links[alias] != "Etc/UTC":
            continue  # EST, CET, Japan: an abbreviation or a country, not a place's name
        target, seen = alias, set()
        while target.lower() not in known and target in links and target not in seen:
            seen.add(target)
            target = links[target]  # a link may lead to another link
        if target.lower() in known:
            known.setdefault(alias.lower(), known[target.lower()])
    return known


def read(typed: str) -> str:
    """The zone ``typed`` names, as saved (``asia/kolkata`` → ``Asia/Kolkata``);
    ValueError with what to choose instead for a name that is none of them."""
    found = _known().get(_norm(typed))
    if found is not None:
        return found
    offset = _OFFSET.match(_norm(typed))
    if offset:
        hours = int(offset.group(3))
        way = "behind" if offset.group(2) == "+" else "ahead of"
        raise ValueError(
            f"{echo(typed)} is not a time zone I take: it is a fixed offset, {hours} "
            f"hour{'s' * (hours > 1)} {way} UTC (the sign is reversed), and it keeps no "
            "daylight saving. Choose the zone of a city near you (e.g. `America/New_York`, "
            "`Asia/Kolkata`), or `UTC`.")
    close = difflib.get_close_matches(_COPIES.sub("", _norm(typed)), list(_known()), n=1,
                                      cutoff=0.8)
    hint = f"Did you mean `{_known()[close[0]]}`? " if close else ""
    raise ValueError(f"{echo(typed)} is not a time zone I know. {hint}Choose one from the "
                     "list (a region and a city, e.g. `Asia/Kolkata`, `Europe/London`), or "
                     "`UTC`.")


def choices(typed: str, limit: int) -> list[str]:
    """Zones for autocomplete: the one a whole name typed stands for, then those starting
    with what is typed, then those containing it (``kolk`` → ``Asia/Kolkata``)."""
    t = _norm(typed)
    exact = _known().get(t)
    first = [z for z in names() if z.lower().startswith(t)]
    then = [z for z in names() if t in z.lower() and z not in first]
    return list(dict.fromkeys([*([exact] if exact else []), *first, *then]))[:limit]

