"""A chart axis's ticks: round values a reader can count on (steps of 1, 2 or 5 times a
power of ten, whole numbers for counts) and their labels (no "-0", a true minus sign)."""

from __future__ import annotations

import math
from decimal import Decimal


def ticks(low: float, high: float, most: int = 7, *, whole: bool = False) -> list[float]:
    """Evenly spaced round values from at or below ``low`` to at or above ``high``, at most
    ``most`` of them; ``whole``: whole-number steps only (a count of games)."""
    if high < low:
        low, high = high, low
    if high == low:  # one value: room around it
        low, high = low - 1, high + 1
    exponent = math.floor(math.log10((high - low) / most))
    while True:
        for mantissa in (1, 2, 5):
            step = Decimal(mantissa).scaleb(exponent)
            if whole and step < 1:
                continue
            # Decimal keeps 0.1 + 0.2 from drawing as 0.30000000000000004.
            first = math.floor(Decimal(repr(low)) / step)
            last = math.ceil(Decimal(repr(high)) / step)
            if last - first + 1 <= most:
                return [float(k * step) for k in range(first, last + 1)]
        exponent += 1


def labels(values: list[float]) -> list[str]:
    """The ticks as text, all with the decimals the finest of them needs; negatives with a
    minus sign, and zero never "-0"."""
    exponents = [Decimal(repr(v)).normalize().as_tuple().exponent for v in values]
    places = max([0] + [-e for e in exponents if isinstance(e, int)])
    out = []
    for v in values:
        text = f"{abs(v):.{places}f}"
        out.append(f"−{text}" if v < 0 and float(text) != 0 else text)
    return out
