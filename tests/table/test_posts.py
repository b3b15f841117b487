"""What a public post carries (issue 23, points 9 and 10): however long the computers'
replies, a post stays within Discord's 2,000 characters and keeps its ping line, so the
person it names is notified; and no line is a name with nothing after it."""

from __future__ import annotations

import json
import random
import re

import pytest

from bot.replies import MAX_TEXT, SHORTENED, Actor, Ping, Reply, escape, fit_post
from engine import games
from tests.support.soak import sample
from tests.support.table import HERE, RAVI


def mention(p: Ping) -> str:
    return f"<@{p.user_id}>"


def test_a_long_post_is_shortened_line_by_line_and_keeps_its_ping():
    body = "\n".join(["**ravi**: Red moves 3 armies from Agra to Delhi."] + [
        "**Computer**: " + " ".join(f"The `n{i}` move {j} armies to Area {j}." for j in
                                    range(60)) for i in range(8)])
    text = Reply(public=body, pings=[Ping("9", "erin", "Green, for the Cholas")],
                 ping_note="your move.").public_text(mention)
    assert len(text) <= MAX_TEXT
    assert text.endswith("<@9> (Green, for the Cholas) — your move.")
    assert text.startswith("**ravi**: Red moves 3 armies") and SHORTENED in text
    assert all(line.count("`") % 2 == 0 and line.count("**") % 2 == 0
               for line in text.split("\n")), text
    assert fit_post("short") == "short"


@pytest.mark.parametrize("lines, width", [(30, 106), (200, 12), (3, 1500), (41, 99)])
def test_many_middling_lines_are_cut_in_the_middle_and_never_hang(lines, width):
    """Lines too short to cut but too many to fit: the middle gives way to one "…" (this
    once looped for ever when the middle line was the "…" already)."""
    text = "\n".join(f"{i:03d} " + "x" * (width - 4) for i in range(lines))
    out = fit_post(text)
    assert len(out) <= MAX_TEXT and out.endswith(SHORTENED)
    kept = out.split("\n")
    assert kept[0].startswith("000") and kept.count("…") <= 1


async def random_moves(table, repo, g, actor, rng, moves: int):
    """The replies to ``moves`` random whole moves typed by ``actor``, one line at a time
    (fewer if the game ends first)."""
    for _ in range(moves):
        game = await repo.latest_game(HERE.channel_id)
        if game.status != "active":
            return
        state = json.loads(game.state)
        role = g.view(state, None)["active"][0]
        steps, _ = games.random_move(g, state, rng)
        for line in games.typed_lines(g, state, role, steps):
            yield await table.play(HERE, actor, line)


@pytest.mark.slow
@pytest.mark.parametrize("game_id, players", sample(
    # The two whose computers think longest (tens of seconds) in `make soak` only.
    [("taj_mahal", 5), ("maharaja", 5), ("rajas", 4), ("goat_tiger", None)], keep=2))
@pytest.mark.slow
async def test_against_many_computers_every_post_fits_and_pings(table, repo, game_id, players):
    """One person against the most computers the game seats, for a dozen moves: the
    longest computer sequences every game makes."""
    g = games.get(game_id)
    await table.new(HERE, RAVI, game_id, opponent="computer", seed=21,
                    options={"players": players} if players else {})
    longest = 0
    async for r in random_moves(table, repo, g, RAVI, random.Random(2), 12):
        if r.public is None:
            continue
        longest = max(longest, len(r.public))
        text = r.public_text(mention)
        assert len(text) <= MAX_TEXT
        if r.pings:
            assert text.endswith(f"{mention(r.pings[-1])} ({r.pings[-1].role}) — "
                                 f"{r.ping_note}"), text[-300:]
            assert all(mention(p) in text for p in r.pings)
        # Never a name with nothing after it ("**Computer**: " and no move).
        assert not re.search(r"\*\*[^*\n]+\*\*:\s*(\n|$)", text), text
    assert longest > 0


# Legal Discord display names full of markdown: each is escaped in a post (replies.escape),
# and its escapes must never count as markup when a long post is shortened.
MARKDOWN_NAMES = ["ravi`s", "`", "**meera**", "_sam_", "~~asha~~", "||x||", "> quote",
                  "# head", "back\\slash\\", "<@123>", "@everyone", "a*b_c~d|e>f#g`h\\i",
                  "`" * 30]


def _inert(line: str) -> str:
    """A line without its escaped characters: what is left is the markup Discord sees."""
    return re.sub(r"\\.", "", line)


def _balanced(text: str) -> bool:
    """No code span or bold left open on any line, and no escape left dangling."""
    return all(_inert(line).count("`") % 2 == 0 and _inert(line).count("**") % 2 == 0
               and "\\" not in _inert(line) for line in text.split("\n"))


@pytest.mark.parametrize("name", MARKDOWN_NAMES)
@pytest.mark.parametrize("mover", [40, 400, 1500])
def test_a_shortened_post_keeps_its_first_line_whatever_the_name(name, mover):
    """Issue 36: a player named ``ravi`s`` made the first line "…", because the escaped
    backtick was counted as a code span's. The first line (who moved) stays whole, and
    whole lines give way from the middle; only a first line that cannot fit loses its end."""
    first = f"**{escape(name)}**: " + " ".join(f"Blue moves `a{i}` to d{i}." for i in
                                                range(mover // 20))
    body = "\n".join([first] + [
        f"**{escape(name)}** (Computer): " + " ".join(f"The `n{i}` move {j} to Area {j}."
                                                      for j in range(40)) for i in range(6)]
                     + ["Scores: Blue 3, Red 4."])
    for limit in (MAX_TEXT, 900, 500):
        out = fit_post(body, limit)
        assert len(out) <= limit and out.endswith(SHORTENED), (limit, out)
        assert _balanced(out), out
        head = out.split("\n")[0]
        if len(first) <= limit // 2:
            assert head == first, (limit, head)
        else:  # whole if it fits, else the mover's name and the move's start, cut at a word
            assert head == first or (head.startswith(f"**{escape(name)}**: Blue moves")
                                     and head.endswith("…")), (limit, head)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sample(  # Goat-Tiger's computer: a minute, soak
    sorted(set(games.ids()) - {"goat_tiger"}) + ["goat_tiger"], keep=len(games.ids()) - 1))
@pytest.mark.slow
async def test_every_games_move_post_keeps_who_moved_when_shortened(table, repo, game_id):
    """Every game's real move posts, by a player whose name is all markdown, shortened to
    several limits: the first line is the mover's, whole, and nothing is left open."""
    g = games.get(game_id)
    name = "ravi`s *_~|> # \\ <@1>"
    await table.new(HERE, Actor(RAVI.user_id, name), game_id, opponent="computer", seed=3)
    posts = [r.public async for r in random_moves(table, repo, g, Actor(RAVI.user_id, name),
                                                  random.Random(5), 4)
             if r.public and r.public.startswith(f"**{escape(name)}**")]
    assert posts
    # The mover's first line over every line the posts had after theirs: the shape of a
    # post, long enough to need shortening in every game.
    first = posts[0].split("\n")[0]
    post = "\n".join([first] + [x for p in posts for x in p.split("\n")[1:]])
    limits = [n for n in (len(post) - 1, 2 * len(first) + len(SHORTENED), 400, 300)
              if 300 <= n < len(post)]
    assert limits, post
    for limit in limits:
        out = fit_post(post, limit)
        assert len(out) <= limit and _balanced(out), out
        if len(first) <= limit // 2:
            assert out.split("\n")[0] == first, (limit, out)
        else:
            assert out.startswith(f"**{escape(name)}**: "), (limit, out)
