"""Help that is never clipped (issue 36): /help game:rajas and /rules stopped mid-list at
Discord's 2,000 characters ("Topics: `quarry`, `market`, `palace`, `…"). Every help text
and every rules topic of every game is shown whole, a page at a time, through the command
catalogue both faces are built from, and through the sandbox."""

from __future__ import annotations

import re

import pytest

from bot import clicks, commands, guide
from bot.replies import MAX_TEXT, Reply, paginate
from bot.sandbox import Sandbox
from bot.table import Table, playable_ids
from db import Repository
from engine import games
from tests.support.table import HERE, RAVI

# Every way a player asks for help or rules: (command, values).
ASKED = ([("help", {}), ("help", {"topic": "time"}), ("help", {"topic": "ratings"}),
          ("help", {"topic": "community"})]
         + [("help", {"game": g}) for g in games.ids()]
         + [("rules", {"game": g}) for g in games.ids()]
         + [("rules", {"game": g, "topic": t}) for g in games.ids()
            for t in games.get(g).RULES_TOPICS])


async def every_page(table: Table, first: Reply) -> list[str]:
    """The texts of every page of a reply, as its ◀ ▶ buttons would fetch them."""
    texts = [first.private or ""]
    page = first.page
    while page is not None and page.page < page.pages:
        reply = await commands.PAGES[page.command].run(
            table, HERE, RAVI, clicks.PageOf(page.page + 1, page.subject))
        assert not reply.error, reply.private
        texts.append(reply.private or "")
        assert reply.page is not None and reply.page.page == page.page + 1
        page = reply.page
    return texts


@pytest.mark.parametrize(("name", "values"), ASKED,
                         ids=[f"{n}-{'-'.join(v.values()) or 'all'}" for n, v in ASKED])
@pytest.mark.slow
async def test_every_help_page_and_rules_topic_fits_whole(table, name, values):
    command = commands.find(None, name)
    first = await command.call(table, HERE, RAVI, values)
    assert not first.error, first.private
    pages = await every_page(table, first)
    for text in pages:
        assert len(text) <= MAX_TEXT, (len(text), text[-80:])
        assert not text.rstrip().endswith("…"), text[-80:]
    whole = guide.text_of(guide.subject(values.get("game"), values.get("topic")),
                          playable_ids())
    assert isinstance(whole, str)
    shown = " ".join(re.sub(r"\n\(page \d+ of \d+\)$", "", t) for t in pages)
    assert shown.split() == whole.split()  # every word, in order: nothing left out


async def test_help_points_to_the_community_topic_which_names_every_new_command(table):
    """Issue 41: threads, following, open seats and substitutes are one topic, pointed to
    from the first help page, which stays whole; that topic names every command they
    brought."""
    first = await commands.find(None, "help").call(table, HERE, RAVI, {})
    assert "`/help topic:community`" in (first.private or "")
    topic = await commands.find(None, "help").call(table, HERE, RAVI, {"topic": "community"})
    for said in ("/game follow", "/game unfollow", "/seek open", "/seek list", "/seek role",
                 "/game substitute", "open:true", "threads:channel", "/server settings",
                 "/server board"):
        assert said in (topic.private or ""), said


def test_rajas_help_lists_every_topic_on_some_page():
    pages = paginate(guide.text_of("rajas", playable_ids()))  # type: ignore[arg-type]
    assert len(pages) > 1
    assert all(f"`{t}`" in pages[-1] for t in games.get("rajas").RULES_TOPICS)


async def test_a_page_button_for_a_subject_that_does_not_exist_is_refused(table):
    for subject in ("nope", "rajas.nope", "", "rajas.quarry.x"):
        reply = await table.help_page(HERE, RAVI, 2, subject)
        assert reply.error and ("I don't know" in reply.private or "No topic" in
                                reply.private), (subject, reply.private)
    far = await table.help_page(HERE, RAVI, 99, "rajas")  # past the end: the last page
    assert not far.error and far.page is not None and far.page.page == far.page.pages


def test_paginate_never_cuts_a_word_or_a_code_span():
    text = "**Long.** " + " ".join(f"Step `a{i} b{i}` then **bold {i}** on." for i in range(200))
    pages = paginate(text, 300)
    assert all(len(p) <= 300 for p in pages) and len(pages) > 10
    assert " ".join(pages).split() == text.split()
    assert all(p.count("`") % 2 == 0 and p.count("**") % 2 == 0 for p in pages)


async def test_the_sandbox_shows_every_page_by_typing_what_it_says(tmp_path):
    repo = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / 'help.sqlite3'}")
    try:
        sandbox = Sandbox(Table(repo), tmp_path / "images", "table", "ravi")
        shown = 0
        for line in ("/help", "/help game:rajas", "/rules game:vijayanagara",
                     "/help game:maharaja"):
            out = await sandbox.handle(line)
            seen = [out]
            while (last := out.splitlines()[-1].strip()).startswith("pages:"):
                forward = [cmd for cmd in last.removeprefix("pages:").split("  ")
                           if cmd.strip().endswith(f"page:{len(seen) + 1}")]
                if not forward:
                    break  # the last page: only ◀ is offered
                out = await sandbox.handle(forward[0].strip())
                seen.append(out)
            assert "✗" not in "".join(seen)
            total = re.search(r"\(page 1 of (\d+)\)", seen[0])
            assert len(seen) == (int(total.group(1)) if total else 1), (line, seen[0][-200:])
            shown += len(seen)
        assert shown > 4  # some of them took more than one page
    finally:
        await repo.close()
