"""Vijayanagara through the table layer: shared sides for fewer players, typed
multi-faction turns, panel steps, a cross-player Cavalry decision, /card and /score."""

import json

import pytest

from bot.replies import Place
from tests.support.table import HERE, MEERA, RAVI, SAM, assert_replays, png_size

BAHMANI_FIRST_SEED = 2  # the first card's order starts with Bahmani at this seed
DELHI_FIRST_SEED = 1


async def state_of(repo):
    return json.loads((await repo.latest_game(HERE.channel_id)).state)


async def two_players(table, seed):
    """ravi takes Delhi, meera Bahmani; Vijayanagara goes to the first player, ravi."""
    r = await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=seed)
    assert not r.error, r.private
    r = await table.join(HERE, MEERA, "bahmani")
    assert not r.error, r.private
    r = await table.start(HERE, RAVI)
    assert not r.error, r.private
    return r


async def test_one_player_holds_every_faction(table, repo):
    r = await table.new(HERE, RAVI, "vijayanagara", seed=DELHI_FIRST_SEED)
    r = await table.start(HERE, RAVI)
    assert not r.error, r.private
    seats = r.public.split("Seats — ")[1].split("\n")[0]  # the status lines follow
    assert seats.startswith("ravi (") and "·" not in seats  # one person, named once
    for name in ("Delhi Sultanate", "Bahmani Kingdom", "Vijayanagara Empire"):
        assert name in seats
    assert [p.user_id for p in r.pings] == [RAVI.user_id]
    w, h = png_size(r.image)
    assert w >= 800 and len(r.image) < 1_000_000
    # One line may run through several factions' turns when one person holds them all.
    r = await table.play(HERE, RAVI, "pass pass pass")
    assert not r.error, r.private
    assert r.public.count("passes (+") == 3


@pytest.mark.slow
async def test_a_typed_turn_and_a_panel_turn_by_two_players(table, repo):
    r = await two_players(table, DELHI_FIRST_SEED)
    assert "ravi (Delhi Sultanate and Vijayanagara Empire) · meera (Bahmani Kingdom)" in r.public
    r = await table.play(HERE, RAVI, "cmd conscript delhi tamilakam done decree tribute")
    assert not r.error, r.private
    assert "Conscript in Delhi: 5 Troops placed." in r.public
    assert "Collect Tribute" in r.public
    state = await state_of(repo)
    assert state["spaces"]["delhi"]["troop"] == 9
    nxt = state["stack"][-1]["role"]
    holder = MEERA if nxt == "bahmani" else RAVI
    assert [p.user_id for p in r.pings] == [holder.user_id]
    # the next faction uses the panel: buttons carry the game version
    panel = await table.panel(HERE, holder)
    tokens = [c.token for c in panel.choices]
    assert "pass" in tokens and "cmd" not in tokens  # Delhi took Command + Decree
    r = await table.click(HERE, holder, panel.game_id, panel.version, "limited")
    assert not r.error and r.public is None  # a step inside a move stays private
    assert r.image is None  # no board drawn per click: the mover asks for it (/board)
    assert "Limited Command" in r.prompt
    mine = await table.board(HERE, holder)
    assert mine.image_private and png_size(mine.image) == (800, 1166)
    assert "Your move so far" in mine.private and "Limited Command" in mine.private
    theirs = await table.board(HERE, SAM)  # a spectator sees the position before the move
    assert "Your move so far" not in theirs.private and "Limited" not in theirs.private
    stale = await table.click(HERE, holder, panel.game_id, panel.version, "pass")
    assert stale.error and "out of date" in stale.private
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)


@pytest.mark.slow
async def test_a_player_not_asked_gives_at_any_time_and_it_is_posted(table, repo):
    """1.5.2: Resources and Cavalry may be given at any time, not only on one's turn."""
    await two_players(table, DELHI_FIRST_SEED)  # Delhi (ravi) to act; meera holds Bahmani
    before = await state_of(repo)
    panel = await table.panel(HERE, MEERA)
    assert not panel.error and [c.token for c in panel.choices] == ["give"]
    assert "(1.5.2)" in panel.prompt
    pairs = await table.autocomplete(HERE, MEERA, "give ")
    assert any(value == "give delhi" for _, value in pairs)
    r = await table.play(HERE, MEERA, "give delhi resources 2")
    assert not r.error, r.private
    assert "Bahmani gives 2 Resources to Delhi." in r.public
    assert [p.user_id for p in r.pings] == [RAVI.user_id]  # Delhi's decision, still
    after = await state_of(repo)
    assert after["resources"]["delhi"] == before["resources"]["delhi"] + 2
    refused = await table.play(HERE, MEERA, "pass")
    assert refused.error and "not your turn" in refused.private
    # By clicks: the gift under way is private, and its end is posted.
    panel = await table.panel(HERE, MEERA)
    r = await table.click(HERE, MEERA, panel.game_id, panel.version, "give")
    assert not r.error and r.public is None and "to whom (1.5.2)" in r.private
    r = await table.play(HERE, RAVI, "pass")
    assert r.error and "meera" in r.private  # the table waits for the gift
    r = await table.play(HERE, MEERA, "cancel")
    assert "Bahmani gives nothing after all." in r.public
    assert [p.user_id for p in r.pings] == [RAVI.user_id]
    spectator = await table.play(HERE, SAM, "give delhi resources 1")
    assert spectator.error and "spectators" in spectator.private
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)


async def test_no_gift_slips_into_someone_elses_move_under_way(table, repo):
    await two_players(table, DELHI_FIRST_SEED)
    r = await table.play(HERE, RAVI, "cmd conscript")  # ravi's move, under way
    assert not r.error and r.public is None
    r = await table.play(HERE, MEERA, "give delhi resources 1")
    assert r.error and "in the middle of a move" in r.private


async def test_the_board_in_words_and_as_alt_text(table, repo):
    """For players who cannot see the image well: `/board text` and every image's alt text
    give each space's pieces and control and each faction's resources and points."""
    await two_players(table, DELHI_FIRST_SEED)
    r = await table.play(HERE, RAVI, "cmd conscript delhi tamilakam done decree tribute")
    assert r.image_alt and "Delhi (ravi):" in r.image_alt and len(r.image_alt) <= 1024
    words = await table.board(HERE, SAM, words=True)
    assert words.image is None and not words.error
    lines = words.private.split("\n")
    assert "Delhi: 9 Troops" in " ".join(lines) or any(
        line.startswith("Delhi: 9 Troops") for line in lines)
    assert any(line.startswith("Tamilakam (Tributary): ") for line in lines)
    assert any(line.startswith("Bahmani (meera): ") and "Resources" in line for line in lines)
    shown = await table.board(HERE, SAM, public=True, words=True)
    assert shown.public and shown.private is None


@pytest.mark.slow
async def test_the_defender_decides_its_cavalry_mid_turn(table, repo):
    await two_players(table, BAHMANI_FIRST_SEED)
    # meera's Bahmani attack Delhi in Madhyadesh; Delhi (ravi) holds two Cavalry tokens.
    r = await table.play(HERE, MEERA, "cmd attack madhyadesh")
    assert not r.error, r.private
    state = await state_of(repo)
    top = state["stack"][-1]  # the seed's dice leave Delhi a Cavalry choice to make
    assert top["t"] == "battle" and top["role"] == "delhi" and top["phase"] == "d_cav"
    assert "rolls [" in r.public  # the dice are shown in the channel
    assert [p.user_id for p in r.pings] == [RAVI.user_id]
    assert "waiting since <t:" in r.ping_note
    refused = await table.play(HERE, MEERA, "ready")
    assert refused.error and "ravi" in refused.private
    spectator = await table.play(HERE, SAM, "ready")
    assert spectator.error
    r = await table.play(HERE, RAVI, "ready")
    assert not r.error, r.private
    state = await state_of(repo)
    # the battle is over and the turn goes on with Bahmani's own choices
    assert all(f["t"] != "battle" for f in state["stack"])
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)


@pytest.mark.slow
async def test_card_score_and_rule_topics(table):
    await two_players(table, DELHI_FIRST_SEED)
    card = await table.card(HERE, SAM)
    assert "Card " in card.private and "Unshaded:" in card.private
    assert "reconstruction" in card.private
    score = await table.score(HERE, SAM)
    assert "Delhi: **18**" in score.private
    topic = table.rules("vijayanagara", "attack")
    assert "3.2.4" in topic.private
    unknown = table.rules("vijayanagara", "elephants")
    assert unknown.error and "`attack`" in unknown.private


@pytest.mark.slow
async def test_card_and_score_on_a_game_without_them(table):
    await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=1)
    await table.join(HERE, MEERA)
    r = await table.card(HERE, RAVI)
    assert r.error and "has no cards" in r.private


async def _third_pass_reveals_a_card(table, repo):
    """Seed 1: card order Delhi (ravi), Bahmani (meera), Vijayanagara (ravi); the
    third pass ends the card and reveals the next one."""
    await two_players(table, DELHI_FIRST_SEED)
    for user in (RAVI, MEERA, RAVI):
        r = await table.play(HERE, user, "pass")
        assert not r.error, r.private
    state = await state_of(repo)
    assert state["played"] == ["e22"]
    return state


@pytest.mark.slow
async def test_undo_past_a_revealed_card_needs_the_others_consent(table, repo):
    before = await _third_pass_reveals_a_card(table, repo)
    r = await table.undo(HERE, RAVI)
    assert not r.error and r.consent is not None
    assert "asks to take back" in r.public and [p.user_id for p in r.pings] == [MEERA.user_id]
    assert await state_of(repo) == before  # nothing changes until everyone agrees
    mine = await table.undo_vote(HERE, RAVI, r.consent.request_id, True)
    assert mine.error and "other players" in mine.private
    done = await table.undo_vote(HERE, MEERA, r.consent.request_id, True)
    assert not done.error and "Everyone agreed" in done.private
    assert "takes back" in done.public
    after = await state_of(repo)
    assert after["current"] == "e22" and after["played"] == []
    await assert_replays(repo, (await repo.latest_game(HERE.channel_id)).id)


@pytest.mark.slow
async def test_a_refused_or_stale_undo_request_changes_nothing(table, repo):
    before = await _third_pass_reveals_a_card(table, repo)
    r = await table.undo(HERE, RAVI)
    no = await table.undo_vote(HERE, MEERA, r.consent.request_id, False)
    assert "move stands" in no.private and no.consent is None
    assert await state_of(repo) == before
    await table.play(HERE, (RAVI if before["stack"][-1]["role"] != "bahmani" else MEERA),
                     "pass")
    stale = await table.undo_vote(HERE, MEERA, r.consent.request_id, True)
    assert stale.error and "lapsed" in stale.private


@pytest.mark.slow
async def test_alone_at_the_table_a_revealed_card_stands_but_a_pass_before_it_does_not(
        table, repo):
    """Issue 23, point 4: with nobody else seated, nobody can agree to take back a move
    that revealed a card, so it stands; a move that revealed nothing is taken back."""
    await table.new(HERE, RAVI, "vijayanagara", seed=DELHI_FIRST_SEED)
    await table.start(HERE, RAVI)
    await table.play(HERE, RAVI, "pass pass")
    before = await state_of(repo)
    r = await table.undo(HERE, RAVI)
    assert not r.error and r.consent is None and "takes back" in r.public
    await table.play(HERE, RAVI, "pass")
    await table.play(HERE, RAVI, "pass")  # the card's last Eligible faction: the next card
    after = await state_of(repo)
    assert after["current"] != before["current"]
    r = await table.undo(HERE, RAVI)
    assert r.error and "no one can agree" in r.private and "stands" in r.private
    assert await state_of(repo) == after


async def test_opening_says_the_game_may_start_and_autocomplete_offers_legal_tokens(table):
    r = await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=DELHI_FIRST_SEED)
    assert "`/game start` when ready" in r.public and "more player" not in r.public
    await table.start(HERE, RAVI)
    offered = [value for _, value in await table.autocomplete(HERE, RAVI, "cmd co")]
    assert offered == ["cmd conscript"]
    offered = [value for _, value in await table.autocomplete(HERE, RAVI, "cmd conscript ")]
    assert "cmd conscript delhi" in offered and "cmd conscript sindh" in offered
    assert "cmd conscript orissa" in offered and "cmd conscript punjab" not in offered


@pytest.mark.slow
async def test_undo_votes_are_kept_by_the_bot_not_the_button(table, repo):
    """Reproduced: a forged button naming another requester, or an 'agreed' list, undid
    a move nobody agreed to take back. The button now names a request the bot keeps."""
    before = await _third_pass_reveals_a_card(table, repo)
    r = await table.undo(HERE, RAVI)
    request = r.consent.request_id
    for forged in (request + 1, 999):  # no such request
        v = await table.undo_vote(HERE, MEERA, forged, True)
        assert v.error and "ended" in v.private
    spectator = await table.undo_vote(HERE, SAM, request, True)
    assert spectator.error and "other players" in spectator.private
    asker = await table.undo_vote(HERE, RAVI, request, True)  # cannot agree to their own
    assert asker.error and await state_of(repo) == before
    # A request of this channel is no good in another channel's game.
    elsewhere = Place("2001", "1000")
    await table.new(elsewhere, MEERA, "goat_tiger", role="goats", seed=1)
    await table.join(elsewhere, RAVI)
    v = await table.undo_vote(elsewhere, RAVI, request, True)
    assert v.error and "ended" in v.private
    assert await state_of(repo) == before


@pytest.mark.slow
async def test_asking_again_pings_nobody_twice(table, repo):
    """Reproduced: 60 /undo in 1.4 s gave 40 public pings."""
    await _third_pass_reveals_a_card(table, repo)
    first = await table.undo(HERE, RAVI)
    assert first.public and first.pings
    for _ in range(5):
        again = await table.undo(HERE, RAVI)
        assert again.error and again.public is None and not again.pings
        assert "already waiting for meera" in again.private
    no = await table.undo_vote(HERE, MEERA, first.consent.request_id, False)
    assert "move stands" in no.private
    again = await table.undo(HERE, RAVI)
    assert again.error and not again.pings and "refused" in again.private


@pytest.mark.slow
async def test_an_undo_button_from_an_older_game_is_refused(table, repo):
    """Reproduced: the Undo button from an old game's panel undid a move in the
    channel's new game."""
    await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=1)
    await table.join(HERE, MEERA)
    old = (await repo.live_game(HERE.channel_id)).id
    await table.abort(HERE, RAVI)
    await table.new(HERE, RAVI, "goat_tiger", role="goats", seed=1)
    await table.join(HERE, MEERA)
    await table.play(HERE, RAVI, "c3")
    r = await table.undo(HERE, RAVI, old)
    assert r.error and "game that has ended" in r.private
    state = await state_of(repo)
    assert state["moves"] == 1


@pytest.mark.slow
async def test_a_step_out_of_turn_is_refused_once_with_what_may_be_done(table):
    """The table says whose turn it is once, then what the other player may do now (give,
    1.5.2), not the game's own "not your turn" a second time."""
    await table.new(HERE, RAVI, "vijayanagara", role="delhi", seed=2)
    await table.join(HERE, MEERA, "bahmani")
    await table.start(HERE, RAVI)
    r = await table.play(HERE, RAVI, "march")
    assert r.error and r.private.count("not your turn") == 1, r.private
    assert r.private.endswith("Possible: `give`.")
