"""One voice for numbers and names: every count ("1 game", "2 games"), article ("an
Obedient Amir", "an 8") and verb that follows a number or a name ("Delhi carries out",
"the Mongols carry out", "ravi and meera win") in what the bot says is made here, by
the ``inflect`` library, so that no sentence builds its own plural by hand.

Side names are singular or plural as English reads them ("Delhi", "Red", "the Bahmani
Kingdom" are one; "the Goats", "the Mongol Invaders", "Mongols" are many): the last word
of a name decides (``plural``); tests/engine/test_grammar.py holds every side name of
every game to what it should read as."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterable
from functools import cache, lru_cache


def _import_inflect() -> types.ModuleType:
    """``inflect`` without ``typeguard``'s instrumentation. inflect 7 wraps its methods
    in ``@typechecked``, which re-parses and recompiles them when the module is imported:
    3.5-4 s of CPU on our 2-core machine, paid by every process (the bot, each picture
    worker, every admin command), where the rest of Darbar imports in about 1 s
    (jaraco/inflect#212, open). The checks only guard inflect's own arguments, which
    tests/engine/test_grammar.py covers for every phrase we give it, so the decorator is
    the identity while inflect loads, and the real ``typeguard`` (if any) is put back."""
    if "inflect" in sys.modules:
        return sys.modules["inflect"]
    stand_in = types.ModuleType("typeguard")
    stand_in.typechecked = lambda target=None, **_: (  # type: ignore[attr-defined]
        target if target is not None else (lambda later: later)
    )
    real = sys.modules.get("typeguard")
    sys.modules["typeguard"] = stand_in
    try:
        import inflect
    finally:
        if real is None:
            del sys.modules["typeguard"]
        else:
            sys.modules["typeguard"] = real
    return inflect


_engine = _import_inflect().engine()
_NUMBER = re.compile(r"\d+")
_BRACKETS = re.compile(r"\s*\([^)]*\)$")  # a seat's sides after its person


def count(n: float, noun: str, plural: str = "", digits: int = 0) -> str:
    """``0 games``, ``1 game``, ``2 games``; ``1 die``, ``3 dice``; ``1.5 days`` (``digits``
    after the point, none shown when they are 0). ``plural`` where the noun's plural is
    not English's ordinary one (a phrase: ``dice of your choice``)."""
    if type(n) is int and not digits and abs(n) < 2 ** 53:  # as the float would read
        shown = str(n)  # a fifth of the formatting's cost: a post counts a dozen things
    else:
        shown = f"{n:.{digits}f}"
        if "." in shown:
            shown = shown.rstrip("0").removesuffix(".")
    return f"{shown} {noun if shown == '1' else plural or _plural_noun(noun)}"


@cache
def _plural_noun(noun: str) -> str:
    # inflect pluralises a phrase's first word ("die of your choice"); ours are nouns
    # with words before them ("free space", "Obedient Amir"), so the last word is plural.
    head, _, last = noun.rpartition(" ")
    return f"{head} {_engine.plural_noun(last)}".strip()


# inflect reads a phrase afresh at every call (50 µs; 330 µs where it starts with a number,
# which it spells out first): a Rajas move's log lines, its post's words and each button
# of its panel name dice and spaces with an article, so the answers are kept. The phrases
# are the games' own words (a die, a space, a card), a few hundred in all.
@lru_cache(maxsize=4096)
def a(phrase: str) -> str:
    """``phrase`` with its indefinite article: ``an Obedient Amir``, ``a Fort``, ``an
    orange 5``, ``an 8``, ``an 11`` (a number is read as it is said); a name of many is
    made one: ``a Mongol Invader``."""
    if plural(phrase):
        head, _, last = phrase.rpartition(" ")
        phrase = f"{head} {_engine.singular_noun(last)}".strip()
    first = phrase.split(" ", 1)[0]
    spoken = _engine.number_to_words(first) if _NUMBER.fullmatch(first) else first
    article = _engine.a(str(spoken)).split(" ", 1)[0]
    return f"{article} {phrase}"


def and_(items: Iterable[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c`` (or ``or``); empty for nothing."""
    return str(_engine.join(list(items), conj=last, final_sep=""))


@cache
def plural(name: str) -> bool:
    """Whether a side's name reads as many: ``the Goats``, ``Mongol Invaders`` (its last
    word is a plural noun); ``Delhi``, ``Red``, ``Vijayanagara Empire`` are one. A seat,
    ``ravi (Goats)``, is its person: one. People are counted (``they``), never read by
    their names ("Cats" is one person)."""
    last = _BRACKETS.sub("", name).rsplit(" ", 1)[-1]
    return bool(last[:1].isalpha() and _engine.singular_noun(last))


@lru_cache(maxsize=4096)  # inflect's plural verb: 45 µs a call (see ``a``)
def agree(subject: str | int, verb: str) -> str:
    """``verb``, said of one (``wins``, ``carries out``, ``has``, ``is``), as it agrees
    with ``subject``: a number of things, or a name (``plural``)."""
    many = subject != 1 if isinstance(subject, int) else plural(subject)
    if not many:
        return verb
    first, _, rest = verb.partition(" ")
    return f"{_engine.plural_verb(first)} {rest}".strip()


def says(subject: str, verb: str) -> str:
    """``Delhi carries out``, ``Mongols carry out``: a name and its verb, agreeing."""
    return f"{subject} {agree(subject, verb)}"


def they(names: list[str], verb: str) -> str:
    """``ravi wins``, ``ravi and meera win``: several names as one subject."""
    return f"{and_(names)} {agree(len(names), verb)}"
