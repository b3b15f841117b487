"""Tests for tools/fake_discord.py, driving a throwaway discord.py bot defined in this file."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
from discord import app_commands
from PIL import Image

from tests.e2e.conftest import serving
from tools.fake_discord import FakeDiscord

GUILD = discord.Object(1000)
FRUITS = ["mango", "guava", "jackfruit", "banana", "lychee"]


def png_file(width: int, height: int, name: str = "board.png") -> discord.File:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (255, 153, 51)).save(buffer, format="PNG")
    buffer.seek(0)
    return discord.File(buffer, filename=name)


class AgainView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.clicks = 0

    @discord.ui.button(label="Again", style=discord.ButtonStyle.primary)
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.clicks += 1
        await interaction.response.edit_message(
            content=f"pong x{self.clicks}", attachments=[png_file(200, 60)], view=self
        )


class FruitView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        placeholder="Fruit", max_values=2, options=[discord.SelectOption(label=f) for f in FRUITS]
    )
    async def choose(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"chose {', '.join(select.values)}", ephemeral=True)


class SecretView(discord.ui.View):
    @discord.ui.button(label="Reveal")
    async def reveal(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="revealed", view=None)


class ToyBot(discord.Client):
    def __init__(self, *, members: bool = False) -> None:
        intents = discord.Intents.default()  # no message_content, no members
        intents.members = members  # the privileged intent, where a test asks for it
        super().__init__(intents=intents, guild_ready_timeout=0.1, chunk_guilds_at_startup=False)
        self.tree = app_commands.CommandTree(self)
        register_commands(self.tree)
        self.removed: list[tuple[int, int]] = []  # (guild id, user id) of each member event

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        self.removed.append((payload.guild_id, payload.user.id))

    async def setup_hook(self) -> None:
        await self.tree.sync()
        await self.tree.sync(guild=GUILD)


def register_commands(tree: app_commands.CommandTree) -> None:
    @tree.command(description="Pong with a picture")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", file=png_file(160, 48), view=AgainView())

    @tree.command(description="Pick a fruit", guild=GUILD)
    async def pick(interaction: discord.Interaction, fruit: str) -> None:
        await interaction.response.send_message(f"you picked {fruit}")

    @pick.autocomplete("fruit")
    async def pick_fruit(interaction: discord.Interaction, current: str) -> list:
        return [app_commands.Choice(name=f.title(), value=f) for f in FRUITS if current in f]

    @tree.command(description="Defer, then edit and follow up")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.05)
        await interaction.edit_original_response(content="slow done")
        await interaction.followup.send("and one more thing", ephemeral=True)

    @tree.command(description="A select menu")
    async def menu(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick fruits", view=FruitView())

    @tree.command(description="Ephemeral with a button")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("psst", ephemeral=True, view=SecretView())

    @tree.command(description="Post in the channel")
    async def announce(interaction: discord.Interaction, text: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.channel.send(f"{text} (by {interaction.user.mention})")
        await interaction.response.send_message("posted", ephemeral=True)

    @tree.command(description="DM the caller")
    async def dm(interaction: discord.Interaction) -> None:
        await interaction.user.send("a private note")
        await interaction.response.send_message("sent", ephemeral=True)

    @tree.command(description="Create a game channel (needs Manage Channels)")
    async def setup(interaction: discord.Interaction) -> None:
        if not interaction.permissions.manage_channels:
            await interaction.response.send_message("need Manage Channels", ephemeral=True)
            return
        assert interaction.guild is not None
        channel = await interaction.guild.create_text_channel("game-1")
        await interaction.response.send_message(f"created {channel.mention}")

    @tree.command(description="Always fails")
    async def boom(interaction: discord.Interaction) -> None:
        raise RuntimeError("kaboom")

    game = app_commands.Group(name="game", description="Game commands")

    @game.command(description="Start a game")
    async def start(interaction: discord.Interaction, players: int, opponent: discord.Member):
        await interaction.response.send_message(f"{players} players vs {opponent.display_name}")

    tree.add_command(game)


@pytest.fixture
async def bot(fake_discord: FakeDiscord) -> AsyncIterator[ToyBot]:
    async with fake_discord.running(ToyBot()) as client:
        assert isinstance(client, ToyBot)
        yield client


async def test_login_sync_and_guild_create(fake_discord, bot, bot_errors):
    paths = [(r.method, r.path) for r in fake_discord.requests[:3]]
    assert paths[:2] == [("GET", "/users/@me"), ("GET", "/oauth2/applications/@me")]
    assert fake_discord.identify_payloads[0]["token"] == "fake-token"
    by_name = {c["name"]: c for c in fake_discord.commands}
    assert "guild_id" not in by_name["ping"]
    assert by_name["pick"]["guild_id"] == "1000"
    assert by_name["game"]["options"][0]["type"] == 1  # subcommand
    guild = bot.get_guild(1000)
    assert guild is not None and guild.me is not None
    assert [c.name for c in guild.text_channels] == ["general", "channel-1", "channel-2"]
    assert guild.me.guild_permissions.manage_channels  # the bot's role
    admin_role = guild.get_role(1001)  # members are not cached without the members intent
    assert admin_role is not None and admin_role.permissions.administrator
    assert bot_errors == []


async def test_ping_png_then_button_edits_same_message(fake_discord, bot, bot_errors):
    handle = await fake_discord.slash("ravi", "ping")
    callback = await handle.wait_response()
    assert callback.json["type"] == 4 and callback.query == {"with_response": "1"}
    assert callback.json["data"]["attachments"] == [{"id": 0, "filename": "board.png"}]
    assert [f.is_png for f in callback.files] == [True]
    assert Image.open(io.BytesIO(callback.files[0].data)).size == (160, 48)
    message = fake_discord.message_from_callback(callback)
    assert message["content"] == "pong" and message["flags"] == 0
    assert message["interaction_id"] == str(handle.id) and message["webhook_id"] == "900"
    (attachment,) = message["attachments"]
    async with aiohttp.ClientSession() as session, session.get(attachment["url"]) as resp:
        assert await resp.read() == fake_discord.attachment_bytes[int(attachment["id"])]

    message_id = int(message["id"])
    for expected in ("pong x1", "pong x2"):  # the view stays bound to response_message_id
        custom_id = fake_discord.custom_id_by_label(message, "Again")
        click = await fake_discord.click("meera", message_id, custom_id)
        edit = await click.wait_response()
        assert edit.json["type"] == 7
        assert fake_discord.message_from_callback(edit) is message
        assert message["content"] == expected
        (new_attachment,) = message["attachments"]
        png = fake_discord.attachment_bytes[int(new_attachment["id"])]
        assert Image.open(io.BytesIO(png)).size == (200, 60)
    assert bot_errors == []


async def test_autocomplete_and_guild_command(fake_discord, bot, bot_errors):
    choices = await fake_discord.autocomplete("arjun", "pick", {"fruit": "an"}, "fruit")
    assert choices == [{"name": "Mango", "value": "mango"}, {"name": "Banana", "value": "banana"}]
    handle = await fake_discord.slash("arjun", "pick", {"fruit": "lychee"})
    assert handle.payload["data"]["guild_id"] == "1000"
    assert handle.payload["data"]["options"] == [{"name": "fruit", "type": 3, "value": "lychee"}]
    await handle.wait_response()
    assert handle.original is not None and handle.original["content"] == "you picked lychee"
    assert bot_errors == []


@pytest.mark.slow
async def test_defer_then_edit_original_and_followup(fake_discord, bot, bot_errors):
    handle = await fake_discord.slash("ravi", "slow")
    callback = await handle.wait_response()
    assert callback.json["type"] == 5
    assert callback.response["interaction"]["response_message_loading"] is True
    requests = await handle.wait_done()
    assert [(r.method, r.path.split("/")[-1]) for r in requests[1:]] == [
        ("PATCH", "@original"), ("POST", handle.token)]
    assert handle.original is not None
    assert handle.original["content"] == "slow done" and handle.original["flags"] == 0
    (followup,) = handle.followups
    assert followup["content"] == "and one more thing" and followup["flags"] == 64
    assert bot_errors == []


async def test_string_select(fake_discord, bot, bot_errors):
    menu = await fake_discord.slash("meera", "menu")
    message = fake_discord.message_from_callback(await menu.wait_response())
    (custom_id,) = fake_discord.component_custom_ids(message)
    choice = await fake_discord.select("meera", int(message["id"]), custom_id, ["mango", "guava"])
    reply = await choice.wait_response()
    assert reply.json["type"] == 4 and reply.json["data"]["flags"] == 64
    assert fake_discord.message_from_callback(reply)["content"] == "chose mango, guava"
    assert bot_errors == []


async def test_ephemeral_reply_and_click_on_it(fake_discord, bot, bot_errors):
    handle = await fake_discord.slash("spectator", "secret")
    callback = await handle.wait_response()
    assert callback.response["interaction"]["response_message_ephemeral"] is True
    message = fake_discord.message_from_callback(callback)
    assert message["flags"] == 64
    click = await fake_discord.click(
        "spectator", int(message["id"]), fake_discord.custom_id_by_label(message, "Reveal")
    )
    assert click.payload["message"]["flags"] == 64
    assert (await click.wait_response()).json["type"] == 7
    assert message["content"] == "revealed" and message["components"] == []
    assert message["flags"] == 64
    with pytest.raises(ValueError, match="ephemeral"):  # nobody else can see it
        await fake_discord.click("ravi", int(message["id"]), "anything")
    with pytest.raises(LookupError):  # the button is gone now
        await fake_discord.click("spectator", int(message["id"]), "anything")
    assert bot_errors == []


async def test_subcommand_options_are_typed_from_synced_definitions(fake_discord, bot, bot_errors):
    handle = await fake_discord.slash(
        "ravi", "game", {"players": 3, "opponent": "meera"}, subcommand="start"
    )
    (sub,) = handle.payload["data"]["options"]
    assert sub["type"] == 1 and sub["name"] == "start"
    assert [(o["name"], o["type"], o["value"]) for o in sub["options"]] == [
        ("players", 4, 3), ("opponent", 6, "102")]
    await handle.wait_response()
    assert handle.original is not None and handle.original["content"] == "3 players vs meera"
    assert bot_errors == []


async def test_rate_limited_channel_post_is_retried_once(fake_discord, bot, bot_errors):
    fake_discord.fail_next("POST", r"^/channels/\d+/messages$", retry_after=0.1)
    handle = await fake_discord.slash("meera", "announce", {"text": "durbar at noon"})
    await handle.wait_response()
    posts = [r for r in fake_discord.requests if r.path == "/channels/2000/messages"]
    assert [r.status for r in posts] == [429, 200]
    assert posts[1].time - posts[0].time >= 0.1
    (message,) = [m for m in fake_discord.messages_in(2000) if "webhook_id" not in m]
    assert message["content"] == "durbar at noon (by <@102>)"
    assert [u["id"] for u in message["mentions"]] == ["102"]
    assert "webhook_id" not in message
    assert bot_errors == []


async def test_dm_and_gateway_reconnect(fake_discord, bot, bot_errors):
    handle = await fake_discord.slash("arjun", "dm")
    await handle.wait_response()
    (note,) = fake_discord.messages_in(fake_discord.dm_channel_id("arjun"))
    assert note["content"] == "a private note"

    await fake_discord.drop_gateway()
    assert len(fake_discord.identify_payloads) == 2 and len(fake_discord.resume_payloads) == 1
    again = await fake_discord.slash("arjun", "ping")
    assert (await again.wait_response()).json["type"] == 4
    assert bot_errors == []


async def test_admin_can_create_channel_member_cannot(fake_discord, bot, bot_errors):
    refused = await fake_discord.slash("meera", "setup")
    await refused.wait_response()
    assert refused.original is not None and refused.original["content"] == "need Manage Channels"
    done = await fake_discord.slash("ravi", "setup")
    await done.wait_response()
    (created,) = [c for c in fake_discord.channels.values() if c["name"] == "game-1"]
    assert done.original is not None and done.original["content"] == f"created <#{created['id']}>"
    assert bot_errors == []


async def test_handler_exception_is_visible_in_bot_errors(fake_discord, bot, bot_errors):
    handle = await fake_discord.slash("ravi", "boom")
    for _ in range(200):
        if bot_errors:
            break
        await asyncio.sleep(0.01)
    (record,) = bot_errors
    assert record.levelno == logging.ERROR and "boom" in record.getMessage()
    assert record.exc_info is not None and "kaboom" in str(record.exc_info[1])
    assert handle.requests == []  # the bot never answered: users would see "did not respond"


async def test_unknown_route_and_double_acknowledge(fake_discord, bot):
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{fake_discord.api_base}/nope") as resp:
            assert resp.status == 404 and resp.headers["Content-Type"] == "application/json"
            assert (await resp.json())["code"] == 0
        handle = await fake_discord.slash("ravi", "ping")
        await handle.wait_response()
        url = f"{fake_discord.api_base}/interactions/{handle.id}/{handle.token}/callback"
        async with session.post(url, json={"type": 4, "data": {"content": "x"}}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 40060


@pytest.mark.slow
async def test_server_error_is_retried_by_discord_py(fake_discord, bot, bot_errors):
    fake_discord.fail_next("POST", r"/callback$", status=500)  # discord.py sleeps 1 s, retries
    handle = await fake_discord.slash("ravi", "pick", {"fruit": "mango"})
    await handle.wait_response()
    assert [r.status for r in handle.requests] == [500, 200]
    assert handle.original is not None and handle.original["content"] == "you picked mango"
    assert bot_errors == []


# --- permissions, threads and deleted channels ---------------------------------------


async def _refused(send) -> discord.HTTPException:
    with pytest.raises(discord.HTTPException) as caught:
        await send
    return caught.value


async def test_app_permissions_are_the_bots_in_that_channel(fake_discord, bot, bot_errors):
    fake_discord.deny(2001, "attach_files", "embed_links")
    here = await fake_discord.slash("ravi", "pick", {"fruit": "mango"}, channel_id=2000)
    there = await fake_discord.slash("ravi", "pick", {"fruit": "mango"}, channel_id=2001)
    full = discord.Permissions(int(here.payload["app_permissions"]))
    less = discord.Permissions(int(there.payload["app_permissions"]))
    assert full.attach_files and full.embed_links and full.send_messages
    assert not less.attach_files and not less.embed_links and less.send_messages
    fake_discord.allow(2001, "attach_files")
    again = await fake_discord.slash("ravi", "pick", {"fruit": "mango"}, channel_id=2001)
    assert discord.Permissions(int(again.payload["app_permissions"])).attach_files
    # Without View Channel nothing else counts (Discord's implicit denial).
    fake_discord.deny(2002, "view_channel")
    blind = await fake_discord.slash("ravi", "pick", {"fruit": "mango"}, channel_id=2002)
    assert int(blind.payload["app_permissions"]) == 0
    for handle in (here, there, again, blind):
        await handle.wait_response()
    assert bot_errors == []


async def test_channel_posts_are_refused_as_discord_refuses_them(fake_discord, bot, bot_errors):
    general, second, third = (bot.get_channel(c) for c in (2000, 2001, 2002))
    assert isinstance(general, discord.TextChannel)
    assert isinstance(second, discord.TextChannel) and isinstance(third, discord.TextChannel)
    fake_discord.deny(2000, "view_channel")
    error = await _refused(general.send("hello"))
    assert (error.status, error.code) == (403, 50001)  # Missing Access
    fake_discord.deny(2001, "send_messages")
    error = await _refused(second.send("hello"))
    assert (error.status, error.code) == (403, 50013)  # Missing Permissions
    fake_discord.allow(2001, "send_messages")
    await second.send("hello again")
    fake_discord.deny(2002, "attach_files", "embed_links")
    error = await _refused(third.send("a picture", file=png_file(10, 10)))
    assert (error.status, error.code) == (403, 50013)
    # Embeds without Embed Links are dropped, the message itself posted.
    sent = await third.send("with an embed", embed=discord.Embed(title="link"))
    assert fake_discord.messages[sent.id]["embeds"] == [] and sent.embeds == []
    assert [m["content"] for m in fake_discord.messages_in(2002)] == ["with an embed"]
    assert bot_errors == []


async def test_interaction_answers_need_attach_files_but_not_send_messages(
        fake_discord, bot, bot_errors):
    # Discord answers an interaction through its webhook: no Send Messages or View Channel
    # needed, but the bot's own Attach Files (changelog, 2022-06-29).
    fake_discord.deny(2001, "view_channel")
    fake_discord.deny(2002, "send_messages", "attach_files")
    answered = await fake_discord.slash("ravi", "pick", {"fruit": "mango"}, channel_id=2001)
    await answered.wait_response()
    assert answered.original is not None and answered.original["content"] == "you picked mango"
    pictured = await fake_discord.slash("ravi", "ping", channel_id=2002)
    for _ in range(200):
        if bot_errors:
            break
        await asyncio.sleep(0.01)
    (callback,) = pictured.requests
    assert callback.status == 403 and callback.response["code"] == 50013
    assert "50013" in str(bot_errors[0].exc_info[1])  # the bot is told, as it would be


async def test_threads_archive_lock_and_delete(fake_discord, bot, bot_errors):
    deleted: list[int] = []

    async def on_raw_thread_delete(payload: discord.RawThreadDeleteEvent) -> None:
        deleted.append(payload.thread_id)

    bot.on_raw_thread_delete = on_raw_thread_delete  # type: ignore[attr-defined]
    thread_id = await fake_discord.add_thread(2000, "game-thread")
    for _ in range(100):
        if bot.get_channel(thread_id) is not None:
            break
        await asyncio.sleep(0.01)
    thread = bot.get_channel(thread_id)
    assert isinstance(thread, discord.Thread) and thread.parent_id == 2000
    here = await fake_discord.slash("ravi", "pick", {"fruit": "mango"}, channel_id=thread_id)
    assert here.payload["channel"]["type"] == 11
    await here.wait_response()
    # In a thread it is Send Messages in Threads that counts (the parent's mask holds).
    fake_discord.deny(2000, "send_messages_in_threads")
    error = await _refused(thread.send("in the thread"))
    assert (error.status, error.code) == (403, 50013)
    await bot.get_channel(2000).send("in the channel")  # type: ignore[union-attr]
    fake_discord.allow(2000, "send_messages_in_threads")
    # Archived: a post unarchives it; archived and locked: 50083.
    await fake_discord.archive_thread(thread_id)
    await thread.send("wakes it")
    assert not fake_discord.channels[thread_id]["thread_metadata"]["archived"]
    await fake_discord.archive_thread(thread_id, locked=True)
    error = await _refused(thread.send("knock"))
    assert (error.status, error.code) == (400, 50083)
    assert fake_discord.channels[thread_id]["thread_metadata"]["archived"]
    await fake_discord.unlock_thread(thread_id)
    await thread.send("open again")
    # Deleted: THREAD_DELETE on the gateway, then 10003 Unknown Channel.
    await fake_discord.delete_channel(thread_id)
    for _ in range(100):
        if deleted:
            break
        await asyncio.sleep(0.01)
    assert deleted == [thread_id]
    error = await _refused(thread.send("anyone?"))
    assert (error.status, error.code) == (404, 10003)
    assert [m["content"] for m in fake_discord.messages_in(thread_id)
            if "webhook_id" not in m] == ["wakes it", "open again"]
    assert bot_errors == []


async def test_a_deleted_channel_is_announced_then_unknown(fake_discord, bot, bot_errors):
    gone: list[int] = []

    async def on_guild_channel_delete(channel: discord.abc.GuildChannel) -> None:
        gone.append(channel.id)

    bot.on_guild_channel_delete = on_guild_channel_delete  # type: ignore[attr-defined]
    channel = bot.get_channel(2001)
    assert isinstance(channel, discord.TextChannel)
    thread_id = await fake_discord.add_thread(2001, "inside")
    await fake_discord.delete_channel(2001)
    for _ in range(100):
        if gone:
            break
        await asyncio.sleep(0.01)
    assert gone == [2001] and bot.get_channel(2001) is None
    error = await _refused(channel.send("hello?"))
    assert (error.status, error.code) == (404, 10003)
    assert thread_id not in fake_discord.channels  # its threads went with it
    assert bot_errors == []


async def refused(call) -> discord.HTTPException:
    try:
        await call
    except discord.HTTPException as error:
        return error
    raise AssertionError("Discord accepted it")


async def test_a_member_who_leaves_is_unknown_and_silent_without_the_intent(fake_discord, bot,
                                                                           bot_errors):
    fake = fake_discord
    arjun = fake.users["arjun"]
    assert (await bot.http.get_member(fake.guild_id, arjun))["user"]["id"] == str(arjun)
    await fake.remove_member("arjun")
    error = await refused(bot.http.get_member(fake.guild_id, arjun))
    assert isinstance(error, discord.NotFound) and error.code == 10007
    with pytest.raises(LookupError, match="left the guild"):
        await fake.slash("arjun", "ping")
    # No server shared: the bot cannot DM them either.
    user = await bot.fetch_user(arjun)
    error = await refused(user.send("still there?"))
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    await fake.drop_gateway()  # an event sent would have arrived before the new READY
    assert bot.removed == []  # GUILD_MEMBER_REMOVE needs the privileged members intent
    await fake.add_member("arjun")
    assert (await bot.http.get_member(fake.guild_id, arjun))["user"]["id"] == str(arjun)
    assert bot_errors == []


@pytest.mark.slow  # a second bot: about a third of a second
async def test_a_member_who_leaves_is_an_event_with_the_members_intent(fake_discord,
                                                                       bot_errors):
    fake = fake_discord
    async with fake.running(ToyBot(members=True)) as bot:
        assert fake.identify_payloads[-1]["intents"] & 1 << 1
        await fake.remove_member("meera")
        for _ in range(200):
            if bot.removed:
                break
            await asyncio.sleep(0.01)
        assert bot.removed == [(fake.guild_id, fake.users["meera"])]
    assert bot_errors == []


async def test_closed_dms_refuse_the_bot_with_50007(fake_discord, bot, bot_errors):
    fake = fake_discord
    fake.close_dms("arjun")
    handle = await fake.slash("arjun", "dm")  # the toy bot's command DMs the caller
    for _ in range(200):
        if any(r.status == 403 for r in fake.requests):
            break
        await asyncio.sleep(0.01)
    (dm,) = [r for r in fake.requests if r.path.endswith(
        f"/channels/{fake.dm_channel_id('arjun')}/messages")]
    assert dm.status == 403 and dm.response["code"] == 50007
    assert fake.messages_in(fake.dm_channel_id("arjun")) == []
    assert handle.requests == []  # the toy bot's command failed (it does not fall back)
    bot_errors.clear()
    fake.close_dms("arjun", closed=False)
    user = await bot.fetch_user(fake.users["arjun"])
    await user.send("open again")
    assert [m["content"] for m in fake.messages_in(fake.dm_channel_id("arjun"))] == [
        "open again"]


# --- several shards ----------------------------------------------------------------------

OTHER_GUILD = (1 << 22) | 7  # Discord's rule puts it on shard 1 of 2 (guild 1000: shard 0)


class ShardedToy(discord.AutoShardedClient):
    """Answers /where with the shards this client runs."""

    def __init__(self, **shards) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.1,
                         chunk_guilds_at_startup=False, **shards)
        self.tree = app_commands.CommandTree(self)

        @self.tree.command(description="Which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                f"shard {interaction.guild.shard_id if interaction.guild else '-'} "
                f"of client {sorted(self.shards)}")

    async def setup_hook(self) -> None:
        await self.tree.sync()


@pytest.fixture
async def fake_two_shards() -> AsyncIterator[FakeDiscord]:
    async with serving(shards=2) as fake:
        fake.add_guild(OTHER_GUILD, [3000, 3001], name="Other")
        yield fake


def answered(callback) -> str:
    return callback.json["data"]["content"]


async def test_gateway_bot_recommends_the_shard_count_and_each_shard_gets_its_guilds(
        fake_two_shards, bot_errors):
    fake = fake_two_shards
    async with fake.running(ShardedToy()) as client:  # the count from GET /gateway/bot
        assert client.shard_count == 2 and fake.shard_ids == [0, 1]
        assert [p["shard"] for p in fake.identify_payloads] in ([[0, 2], [1, 2]],
                                                                [[1, 2], [0, 2]])
        assert client.get_guild(1000).shard_id == 0
        assert client.get_guild(OTHER_GUILD).shard_id == 1
        assert [c.id for c in client.get_guild(OTHER_GUILD).text_channels] == [3000, 3001]
        for channel, shard in ((2000, 0), (3001, 1)):
            handle = await fake.slash("meera", "where", channel_id=channel)
            assert answered(await handle.wait_response()) == f"shard {shard} of client [0, 1]"
    assert bot_errors == []


@pytest.mark.slow  # two clients: a quarter of a second
async def test_two_clients_split_the_guilds_by_shard(fake_two_shards, bot_errors):
    fake = fake_two_shards
    first, second = ShardedToy(shard_count=2, shard_ids=[0]), ShardedToy(shard_count=2,
                                                                          shard_ids=[1])
    async with fake.running(first), fake.running(second):
        assert [g.id for g in first.guilds] == [1000]
        assert [g.id for g in second.guilds] == [OTHER_GUILD]
        handle = await fake.slash("ravi", "where", channel_id=3000)
        assert answered(await handle.wait_response()) == "shard 1 of client [1]"
        handle = await fake.slash("ravi", "where", channel_id=2001)
        assert answered(await handle.wait_response()) == "shard 0 of client [0]"
        handle = await fake.slash("ravi", "where", guild=False)  # a DM: shard 0
        assert answered(await handle.wait_response()) == "shard - of client [0]"
    assert bot_errors == []


async def test_roles_are_given_and_taken_as_discord_allows(fake_discord, bot, bot_errors):
    """A role below the bot's highest is given and taken off; one above it, or any role
    once the bot's role lacks Manage Roles, is refused with 403 (50013); the member's
    roles are in what the next interaction says of them."""
    fake = fake_discord
    low, high = fake.add_role("lfg"), fake.add_role("mods", above_bot=True)
    meera = fake.users["meera"]
    await bot.http.add_role(1000, meera, low)
    assert fake.roles_of("meera") == {low}
    handle = await fake.slash("meera", "ping")
    assert str(low) in handle.payload["member"]["roles"]
    await handle.wait_response()
    for role in (high, 12345):
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.add_role(1000, meera, role)
        assert (refused.value.status, refused.value.code) == (
            (403, 50013) if role == high else (404, 10011))
    fake.deny_in_guild("manage_roles")
    with pytest.raises(discord.Forbidden):
        await bot.http.remove_role(1000, meera, low)
    fake.bot_role_denied = 0
    await bot.http.remove_role(1000, meera, low)
    assert fake.roles_of("meera") == set()


async def test_threads_are_made_renamed_and_filled_as_discord_does(bot_errors):
    """``POST /channels/{id}/threads`` (Create Public Threads; 1 to 100 characters), a
    thread's creator renaming and archiving it, its members added and taken off; each with
    the gateway event discord.py keeps its cache by."""
    async with serving(threads=True) as fake, fake.running(ToyBot()) as bot:
        channel = bot.get_channel(2000)
        assert isinstance(channel, discord.TextChannel)
        error = await _refused(channel.create_thread(name="x" * 101,
                                                     type=discord.ChannelType.public_thread))
        assert (error.status, error.code) == (400, 50035)
        thread = await channel.create_thread(name="a game",
                                             type=discord.ChannelType.public_thread)
        assert fake.channels[thread.id]["owner_id"] == str(fake.bot_id)
        for _ in range(100):  # THREAD_CREATE reached the cache
            if bot.get_channel(thread.id) is not None:
                break
            await asyncio.sleep(0.01)
        assert bot.get_channel(thread.id) is not None
        await thread.add_user(discord.Object(101))
        assert fake.thread_members[thread.id] == {fake.bot_id, 101}
        await thread.remove_user(discord.Object(101))
        assert fake.thread_members[thread.id] == {fake.bot_id}
        await thread.edit(name="a game #1 · ravi")
        assert fake.channels[thread.id]["name"] == "a game #1 · ravi"
        await thread.edit(archived=True)
        assert fake.channels[thread.id]["thread_metadata"]["archived"]
        error = await _refused(thread.add_user(discord.Object(102)))  # archived: refused
        assert error.code == 50083
    async with serving() as fake, fake.running(ToyBot()) as bot:  # invited without it
        channel = bot.get_channel(2000)
        assert isinstance(channel, discord.TextChannel)
        error = await _refused(channel.create_thread(name="a game",
                                                     type=discord.ChannelType.public_thread))
        assert (error.status, error.code) == (403, 50013)
        assert fake.threads_of(2000) == []
    assert bot_errors == []
