"""Taj Mahal through the real discord.py client and our Discord face, against the local
fake Discord: three people play a whole game, by typed lines and by panel clicks, and
nothing private to one of them reaches anyone else: no public post, image or alt text,
no log line, and no refusal, autocomplete or ephemeral reply to another user names a card
that user cannot know."""

from __future__ import annotations

import asyncio
import io
import json
import logging
import random
import re

import pytest
from PIL import Image

from bot.table.since import earliest
from engine import games
from engine.games.taj_mahal import ai
from engine.games.taj_mahal import rules as tm
from renderer import render
from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags, make_bot

PLAYERS = ("ravi", "meera", "arjun")
CARD_ID = re.compile(r"\b(?:[rygvw]\d\d|sp_\w+)\b")  # the engine's own card ids
KINDS = sorted(set(tm.KIND.values()), key=len, reverse=True)


def kinds_in(text: str) -> set[str]:
    """The card names (as typed: ``red-vizier-general``) a text mentions."""
    found = set()
    for k in KINDS:  # longest first: `special-2points` is not also `special-2`
        if k in text:
            found.add(k)
            text = text.replace(k, " ")
    return found


def _kinds(cards) -> set[str]:
    return {tm.KIND[c] for c in cards}


def public_kinds(state: dict) -> set[str]:
    """Cards everyone has seen: the supply, what each player has out, the discard pile."""
    out = _kinds(state["supply"]) | _kinds(state["discard"])
    for p in state["players"].values():
        out |= _kinds(p["played"])
    return out


def texts_of(req) -> list[str]:
    body = req.json.get("data") or req.json or {}
    out = [body.get("content") or ""]
    out += [a.get("description") or "" for a in body.get("attachments") or []]
    for row in body.get("components") or []:
        for c in row.get("components", []):
            out += [c.get("label") or "", c.get("custom_id") or "", c.get("placeholder") or ""]
            out += [o.get("label", "") + " " + o.get("value", "") for o in c.get("options", [])]
    for choice in body.get("choices") or []:
        out += [choice.get("name", ""), str(choice.get("value", ""))]
    return out


def messages_of(handle) -> list:
    """The messages an interaction produced: callbacks, followups and edits."""
    return [r for r in handle.requests if r.method in ("POST", "PATCH") and r.status == 200
            and r.json]


def is_public(req) -> bool:
    """A message the whole channel sees: a reply (callback type 4) or a followup that is
    not ephemeral. Edits here only ever change the caller's own panel or placeholder."""
    if req.method != "POST" or flags(req) & EPHEMERAL:
        return False
    return "/callback" not in req.path or req.json.get("type") == 4


def _counterfactual(state: dict, rng: random.Random) -> dict:
    """The same public position with every hand and the deck dealt anew."""
    new = json.loads(json.dumps(state))
    pool = [c for r in new["roles"] for c in new["hands"][r]
            if c not in new["specials"] or new["specials"][c] is None] + new["deck"]
    rng.shuffle(pool)
    for r in new["roles"]:
        keep = [c for c in new["hands"][r] if new["specials"].get(c) == r]
        n = len(new["hands"][r]) - len(keep)
        new["hands"][r] = keep + [pool.pop() for _ in range(n)]
    new["deck"] = pool
    return new


class Watch:
    """Reads every message of every interaction and checks it against what its reader may
    know, from the stored state before and after."""

    def __init__(self, fake, bot) -> None:
        self.fake, self.bot = fake, bot
        self.checked = {"public": 0, "private": 0, "images": 0}
        self.rng = random.Random(5)
        # Every card anyone has seen face up so far: the log (/log) names a card played or
        # taken from the supply long after it went back into a hand or the deck. The four
        # special cards lie face up from the start ("Preparation").
        self.public = {tm.KIND[c] for c in tm.SPECIAL_IDS}

    async def state(self) -> dict:
        game = await self.bot.repo.latest_game("2000")
        if game is None or game.state is None:  # not dealt yet: nothing hidden
            return {"hands": {}, "supply": [], "discard": [], "players": {}}
        return json.loads(game.state)

    async def seats(self) -> dict[str, str]:
        game = await self.bot.repo.latest_game("2000")
        return {s.name: s.role for s in await self.bot.repo.seats(game.id)}

    async def run(self, user: str, handle_coro, typed: str = ""):
        before = await self.state()
        handle = await handle_coro
        reply = await answer(self.fake, handle)
        after = await self.state()
        await self.check(user, handle, before, after, typed)
        return handle, reply

    async def check(self, user: str, handle, before: dict, after: dict, typed: str) -> None:
        role = (await self.seats()).get(user)
        self.public |= public_kinds(before) | public_kinds(after)
        seen = self.public
        mine = _kinds(before["hands"].get(role, [])) | _kinds(after["hands"].get(role, []))
        for req in messages_of(handle):
            said = " ".join(texts_of(req))
            assert not CARD_ID.search(said), said
            if not is_public(req):  # the caller's own: ephemeral, an edited panel, choices
                extra = kinds_in(said) - seen - mine - kinds_in(typed)
                assert not extra, (user, extra, said)
                self.checked["private"] += 1
                continue
            assert "Your hand" not in said and not kinds_in(said) - seen, said
            self.checked["public"] += 1
            for f in req.files:
                if f.filename == "hand.png":
                    raise AssertionError(f"a hand picture went public: {req}")
                if f.is_png:
                    await self.check_image(f.data, after, content(req) or "")

    async def check_image(self, png: bytes, state: dict, said: str) -> None:
        """A posted board is the picture of the public position whatever the hands hold:
        a post that pings someone marks what changed since their last move, from the
        spectator view that move left (stored, never a hand)."""
        game = await self.bot.repo.latest_game("2000")
        public = json.loads(game.public_state) if game.public_state else state
        names = {r: n for n, r in (await self.seats()).items()}
        other = tm.view(_counterfactual(public, self.rng), None)
        pinged = re.findall(r"<@(\d+)>", said.split("\n")[-1])
        before = None
        if game.status == "active" and pinged:
            seen = await self.bot.repo.since(game.id, pinged)
            before = earliest({s.user_id: s for s in seen}, tm.view(public, None)["log"])
        drawn = render("taj_mahal", other, players=names, before=before)
        if game.status == "finished":
            # The result post's banner sits on top; the board below keeps its pixels.
            posted, board = (Image.open(io.BytesIO(x)).convert("RGB") for x in (png, drawn))
            below = posted.crop((0, posted.height - board.height, posted.width, posted.height))
            assert below.tobytes() == board.tobytes()
        else:
            assert drawn == png
        self.checked["images"] += 1


async def _move_steps(state: dict, role: str) -> list[tuple[str, object]]:
    steps, move = [], state["move"]
    while tm.active(state) == [role] and state["move"] == move and not state["result"]:
        step = ai.choose(tm.view(state, role), role)
        steps.append(step)
        state = tm.act(state, role, *step)
    return steps


@pytest.mark.slow
async def test_three_people_play_a_whole_game_and_no_hand_leaks(fake_discord, db_url,
                                                                bot_errors, caplog):
    fake = fake_discord
    caplog.set_level(logging.INFO)
    async with fake.running(make_bot(db_url)) as bot:
        w = Watch(fake, bot)
        await w.run("ravi", fake.slash("ravi", "game", {"game": "taj_mahal",
                                                        "options": "players=3"},
                                       subcommand="new"))
        await w.run("meera", fake.slash("meera", "game", subcommand="join"))
        _, r = await w.run("arjun", fake.slash("arjun", "game", subcommand="join"))
        assert "**Taj Mahal**" in content(r) and r.files[0].is_png
        by_panel = autocompleted = hands_seen = refused = 0
        for turn in range(400):
            state = await w.state()
            if state["result"]:
                break
            seats = await w.seats()
            role = tm.active(state)[0]
            user = next(n for n, r_ in seats.items() if r_ == role)
            others = [n for n in PLAYERS if n != user]
            if turn % 7 == 0:  # someone else looks at their hand, and tries to play
                looker = others[turn % 2]
                _, r = await w.run(looker, fake.slash(looker, "hand"))
                assert flags(r) & EPHEMERAL and r.files and r.files[0].filename == "hand.png"
                hands_seen += 1
                card = tm.KIND[state["hands"][seats[looker]][0]]
                _, r = await w.run(looker, fake.slash(looker, "play", {"move": card}), card)
                assert flags(r) & EPHEMERAL and "not your turn" in content(r)
                refused += 1
                _, r = await w.run("spectator", fake.slash("spectator", "log"))
                _, r = await w.run("spectator", fake.slash("spectator", "board"))
            steps = await _move_steps(state, role)
            lines = games.typed_lines(tm, state, role, steps)
            if turn % 3 == 0:  # what autocomplete offers the mover, and a bystander
                for who in (user, others[0]):
                    before = await w.state()
                    choices = await fake.autocomplete(who, "play", {"move": ""}, "move")
                    said = " ".join(c["name"] + " " + str(c["value"]) for c in choices)
                    extra = kinds_in(said) - w.public - public_kinds(before) - _kinds(
                        before["hands"][seats[who]])
                    assert not extra and len(choices) <= 25, (who, extra)
                    autocompleted += 1
            if turn % 5 == 2:
                by_panel += 1
                await _by_panel(w, user, steps)
            else:
                for line in lines:
                    await w.run(user, fake.slash(user, "play", {"move": line}), line)
            assert (await w.state())["move"] > state["move"] or (await w.state())["result"], \
                (user, lines)
        final = await w.state()
        assert final["result"] and final["visit"] == 12
        assert by_panel >= 5 and autocompleted >= 10 and hands_seen >= 5 and refused >= 5
        assert w.checked["public"] >= 50 and w.checked["images"] >= 50, w.checked
    # No log line names a card of anyone's (the bot logs nothing of the game).
    for record in caplog.records:
        msg = record.getMessage()
        assert not CARD_ID.search(msg) and not kinds_in(msg), msg
    assert bot_errors == []


async def _by_panel(w: Watch, user: str, steps) -> None:
    """The move by clicks: /play opens the panel, each step is a button (or a select)."""
    handle, reply = await w.run(user, w.fake.slash(user, "play"))
    panel = w.fake.message_from_callback(reply)
    assert "Your hand" in content(reply)
    # The panel's Hand button: the picture, to the clicker alone.
    hand = next(c for c in w.fake.component_custom_ids(panel) if c.startswith("darbar:hand:"))
    _, shown = await w.run(user, w.fake.click(user, int(panel["id"]), hand))
    assert flags(shown) & EPHEMERAL and shown.files[0].filename == "hand.png"
    for action, arg in steps:
        tok = tm.token(action, arg)
        ids = w.fake.component_custom_ids(panel)
        button = next((c for c in ids if c.endswith(f":{tok}") and ":s:" in c), None)
        if button is not None:
            click = w.fake.click(user, int(panel["id"]), button)
        else:
            select = next(c for c in ids if ":sel:" in c)
            click = w.fake.select(user, int(panel["id"]), select, [tok])
        handle, reply = await w.run(user, click, tok)
        panel = w.fake.messages.get(int(panel["id"])) or panel


@pytest.mark.slow
async def test_one_person_against_three_computers_to_the_end(fake_discord, db_url, bot_errors):
    """`opponent: the computer` fills the other colours; every post after the person's
    turn carries the computers' turns too, and the game ends after the 12th visit."""
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        r = await answer(fake, await fake.slash(
            "ravi", "game", {"game": "taj_mahal", "opponent": "computer"}, subcommand="new"))
        assert "Computer" in content(r) and "<@101>" in content(r)
        for _ in range(300):
            game = await bot.repo.latest_game("2000")
            if game.status != "active":
                break
            state = json.loads(game.state)
            role = tm.active(state)[0]
            for line in games.typed_lines(tm, state, role, await _move_steps(state, role)):
                h = await fake.slash("ravi", "play", {"move": line})
                await h.wait_done(quiet=0.03)
        game = await bot.repo.latest_game("2000")
        assert game.status == "finished" and json.loads(game.result)["winners"]
        post = [p for p in fake.requests
                if isinstance(p.json, dict) and "Game over" in content(p)]
        assert post and "Final score" in content(post[-1])
    assert bot_errors == []


@pytest.mark.slow
async def test_a_double_click_on_a_card_plays_it_once(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)) as bot:
        await answer(fake, await fake.slash(
            "ravi", "game", {"game": "taj_mahal", "opponent": "computer"}, subcommand="new"))
        game = await bot.repo.latest_game("2000")
        state = json.loads(game.state)
        before = len(await bot.repo.steps(game.id))
        role = tm.active(state)[0]
        card = tm.view(state, role)["actions"]["play"][0]
        panel = fake.message_from_callback(await answer(fake, await fake.slash("ravi", "play")))
        cid = next(c for c in fake.component_custom_ids(panel) if c.endswith(f":{card}"))
        a, b = await asyncio.gather(fake.click("ravi", int(panel["id"]), cid),
                                    fake.click("ravi", int(panel["id"]), cid))
        await a.wait_done(quiet=0.03)
        await b.wait_done(quiet=0.03)
        steps = await bot.repo.steps(game.id)
        mine = [s.action for s in steps[before:] if s.role == role]  # not the computers'
        assert mine.count("play") == 1
    assert bot_errors == []
