"""The texts of /rules for Goat-Tiger, and what the Goats' win means."""

from engine.games.goat_tiger import rules

RULES_SUMMARY = (
    "**Aadu-Huli aata** (Vijayanagara rulebook 5.5, in our words). "
    "Fifteen Goats face three Tigers on a 23-point board; the Tigers start on the apex `a` "
    "and the two points below it, `b3` and `b4`. Goats move first.\n"
    "- **Goats**: place a Goat on any empty point; once all are placed, move one Goat a "
    "step along a line.\n"
    "- **Tigers**: move one Tiger a step along a line, or leap over an adjacent Goat in a "
    "straight line to the empty point beyond, capturing it. One capture per turn.\n"
    "- No move may recreate the position of two turns ago (no back-and-forth).\n"
    "- **Goats win** when the Tigers cannot move. **Tigers win** on the fifth capture.\n"
    "- Where the rulebook is silent, Darbar rules: Goats with no legal move lose; a position "
    "reached a third time is a draw (option `threefold_draw`).\n"
    "- The printed mat's marked Tiger points were not seen; the traditional start is used.\n"
    "Type a move as point labels: `c3` places a Goat; `c3 d3` moves the piece on c3 to d3."
)

# The rulebook closes the game with the theme of the hunting games it belongs to (RB 5.5):
# weaker pieces, standing together, can overcome a fearsome enemy. That theme is what a
# Goats' win means; it gives none for the Tigers'. Darbar's paraphrase, in its own words.
GOATS_READING = ("Weak one by one, the Goats cornered the Tigers by holding together: "
                 "the lesson of the old hunting games, where many small pieces overcome "
                 "a fearsome foe.")


def result_story(state: dict) -> str | None:
    """``GOATS_READING`` once the Goats have trapped the Tigers; None otherwise."""
    result = rules.result(state)
    if not result or result["winners"] != ["goats"]:
        return None
    return f"**What the Goats' win means** (after the rulebook, 5.5): {GOATS_READING}"
