"""A local fake Discord (REST + gateway websocket) for end-to-end tests of discord.py bots.

The real, unmodified discord.py client logs in against it over 127.0.0.1, syncs its app commands
and receives slash commands, autocomplete, button clicks and select choices injected by the test.
Every REST call is recorded (``FakeDiscord.requests``) with its decoded JSON / multipart files,
and the messages the bot created are kept with their current content (``FakeDiscord.messages``).

Message dicts mirror Discord's API: snowflakes inside them are strings (``msg["id"]``), while the
keys of ``messages`` / ``attachment_bytes`` are ints. It implements the subset of the protocol
that discord.py's client uses for slash commands, components and messages.

    async with FakeDiscord(admins=["ravi"]) as fake:
        with fake.patch_client_urls():
            async with fake.running(MyBot(guild_ready_timeout=0.1)):
                handle = await fake.slash("ravi", "ping")
                callback = await handle.wait_response()          # POST .../callback, type 4
                message = fake.message_from_callback(callback)
                click = await fake.click("meera", int(message["id"]),
                                         fake.custom_id_by_label(message, "Again"))
                assert (await click.wait_response()).json["type"] == 7
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import secrets
import struct
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import discord
import yarl
from aiohttp import BodyPartReader, WSMsgType, web

JSON = dict[str, Any]
_log = logging.getLogger(__name__)
EPHEMERAL = 1 << 6
MAX_CONTENT = 2000  # Discord refuses longer message content (400, code 50035)
MAX_CHOICES, MAX_CHOICE_TEXT = 25, 100  # autocomplete: choices, and a name's or value's length
LOADING = 1 << 7
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
_P = discord.Permissions
MEMBER_PERMISSIONS = _P(
    create_instant_invite=True, add_reactions=True, view_channel=True, send_messages=True,
    embed_links=True, attach_files=True, read_message_history=True, use_external_emojis=True,
    connect=True, speak=True, change_nickname=True, use_application_commands=True,
    create_public_threads=True, send_messages_in_threads=True,
).value
ADMIN_ROLE_PERMISSIONS = _P(
    administrator=True, manage_channels=True, manage_guild=True, manage_roles=True,
    manage_messages=True,
).value
NONCE_WINDOW = 120.0  # seconds a nonce is remembered (Discord: "a few minutes")
BOT_PERMISSIONS = MEMBER_PERMISSIONS | _P(
    manage_channels=True, manage_roles=True, manage_messages=True, manage_threads=True,
    mention_everyone=True,
).value
_OPTION_TYPES = {bool: 5, int: 4, float: 10, str: 3}
THREAD = 11  # a public thread's channel type
MAX_THREAD_NAME = 100  # Discord refuses a longer thread name (400, code 50035)
# Discord's answers to a post the bot may not make (JSON error codes).
UNKNOWN_CHANNEL, MISSING_ACCESS, MISSING_PERMISSIONS, THREAD_ARCHIVED = 10003, 50001, 50013, 50083
GUILD_MEMBERS_INTENT = 1 << 1  # privileged: member events are sent only to a bot that asks


@dataclass
class RecordedFile:
    filename: str
    data: bytes
    is_png: bool

    @property
    def png_size(self) -> tuple[int, int] | None:
        """(width, height) read from the PNG header, without Pillow."""
        if not self.is_png or len(self.data) < 24:
            return None
        width, height = struct.unpack(">II", self.data[16:24])
        return width, height


@dataclass
class RecordedRequest:
    method: str
    path: str  # after /api/v10, e.g. "/channels/2000/messages"
    query: dict[str, str]
    json: Any  # decoded JSON body, or payload_json of a multipart body
    files: list[RecordedFile]
    status: int  # what the fake answered
    time: float  # time.monotonic() when it was answered
    response: Any = None  # snapshot of the JSON the fake answered
    # A message the bot posted in a channel while answering an interaction there: that
    # interaction's id (the latest one answered in the channel; see InteractionHandle).
    for_interaction: int | None = None

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


class _ApiError(Exception):
    def __init__(self, status: int, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.status, self.message, self.code = status, message, code


@dataclass
class _Call:
    method: str
    args: tuple[str, ...]
    json: Any
    files: list[RecordedFile]
    query: dict[str, str]


@dataclass
class _Failure:
    method: str
    pattern: re.Pattern[str]
    status: int
    retry_after: float
    times: int
    after: bool = False  # the request is carried out first, then answered with ``status``


@dataclass
class _Limit:
    method: str
    pattern: re.Pattern[str]
    limit: int
    per: float
    global_: bool
    sent: dict[str, list[float]] = field(default_factory=dict)  # bucket -> times allowed


@dataclass
class _Interaction:
    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    message_id: int | None = None  # the message a component lives on
    original_id: int | None = None
    responded: bool = False
    answer_type: int | None = None  # the callback's type (4 a message, 5 deferred, ...)
    followup_ids: list[int] = field(default_factory=list)


class InteractionHandle:
    """What the fake knows about one injected interaction."""

    def __init__(self, fake: FakeDiscord, state: _Interaction, payload: JSON) -> None:
        self._fake, self._state = fake, state
        self.id, self.token, self.payload = state.id, state.token, payload

    def __repr__(self) -> str:
        return f"<InteractionHandle id={self.id} type={self._state.type}>"

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every REST request that used this interaction's token (callback, followups, edits),
        and the channel messages the bot posted while this was the latest interaction
        answered in its channel (a move's post sent as a channel message, with a nonce)."""
        return [r for r in self._fake.requests
                if self.token in r.path or r.for_interaction == self.id]

    @property
    def original(self) -> JSON | None:
        """Current content of the message the callback created or edited (@original)."""
        return self._fake.messages.get(self._state.original_id or 0)

    @property
    def followups(self) -> list[JSON]:
        messages = self._fake.messages
        return [messages[i] for i in self._state.followup_ids if i in messages]

    async def wait_response(self, timeout: float = 5.0) -> RecordedRequest:
        """The accepted callback request (its ``json["type"]`` is 4, 5, 6, 7, 8 or 9)."""
        path = f"/interactions/{self.id}/{self.token}/callback"
        return await self._fake.wait_for(
            lambda r: r.path == path and r.status == 200, timeout=timeout
        )

    async def wait_done(self, *, quiet: float = 0.1,
                        timeout: float = 15.0) -> list[RecordedRequest]:
        """Wait for the callback, for the edit or followup that ends a deferral (type 5, or 6: a
        deferred update of a component's message), then until no request used the token for
        ``quiet`` seconds. Returns this interaction's requests. The timeout only bounds a
        test that fails: a deferred reply (a replay's pictures) may take seconds on a busy
        machine, and speed is measured by `darbar bench`, not here."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        response = await self.wait_response(timeout)
        if response.json.get("type") in (5, 6):
            await self._fake.wait_for(
                lambda r: (self.token in r.path or r.for_interaction == self.id)
                and r.method in ("PATCH", "POST", "DELETE") and "/callback" not in r.path,
                timeout=max(deadline - loop.time(), 0.01),
            )
        count = -1
        while count != len(self.requests) and loop.time() < deadline:
            count = len(self.requests)
            await asyncio.sleep(quiet)
        return self.requests


def content(req: RecordedRequest) -> str:
    return (req.json.get("data") or req.json).get("content") or ""


async def answer(fake: FakeDiscord, handle: InteractionHandle) -> RecordedRequest:
    """What the user was answered, once every followup and edit settled: the callback, or,
    when the bot deferred ("thinking…", type 5), what followed: the public post, else the
    edit of the placeholder."""
    done = await handle.wait_done(quiet=0.03)
    first = await handle.wait_response()
    if first.json.get("type") != 5:
        return first
    later = [r for r in done if r is not first and r.status == 200
             and r.method in ("POST", "PATCH")]
    return next((r for r in later if r.method == "POST"), later[0])


def _now() -> str:
    return datetime.now(UTC).isoformat()


def _json_response(status: int, body: Any, headers: dict[str, str] | None = None) -> web.Response:
    if status == 204:
        return web.Response(status=204, headers=headers)
    # Exactly "application/json": discord.py compares the header for equality (no charset!).
    return web.Response(
        status=status,
        body=json.dumps(body).encode(),
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


def _walk_components(node: Any) -> Iterator[JSON]:
    if isinstance(node, list):
        for item in node:
            yield from _walk_components(item)
    elif isinstance(node, dict):
        if "type" in node:
            yield node
        for key in ("components", "accessory", "component"):
            if key in node:
                yield from _walk_components(node[key])


class FakeDiscord:
    """A fake Discord API + gateway on 127.0.0.1 (random free port)."""

    def __init__(
        self,
        *,
        guild_id: int = 1000,
        channel_ids: Sequence[int] = (2000, 2001, 2002),
        users: dict[str, int] | None = None,
        admins: Iterable[str] = (),
        bot_id: int = 900,
        bot_name: str = "Darbar",
        guild_name: str = "Darbar Test Server",
        shards: int = 1,
        threads: bool = False,
    ) -> None:
        self.guild_id = guild_id  # the first guild; add_guild adds more
        self.guild_names = {guild_id: guild_name}
        self.shards = shards  # the shard count GET /gateway/bot recommends
        self.users = dict(users or {"ravi": 101, "meera": 102, "arjun": 103, "spectator": 104})
        self.nicks: dict[int, str] = {}  # user id -> server nickname (the member's display name)
        self.admin_ids = {self.users[name] for name in admins}
        self.bot_id = self.application_id = bot_id
        self.bot_name, self.guild_name = bot_name, guild_name
        self.admin_role_id, self.bot_role_id = guild_id + 1, guild_id + 2
        self.channels: dict[int, JSON] = {}
        for position, cid in enumerate(channel_ids):
            self._add_channel(cid, "general" if position == 0 else f"channel-{position}", position)
        self.dm_channels: dict[int, JSON] = {}  # user id -> DM channel
        # Permissions taken from the bot, per channel (a thread also has its parent's).
        self.bot_denied: dict[int, int] = {}
        # ``threads``: the bot was invited with Create Public Threads (docs/hosting.md asks
        # for it since issue 41); without it, as a bot invited before, a game stays in its
        # channel, as the tests written before threads expect.
        self.bot_lacks = 0 if threads else _flags(["create_public_threads"])
        self.thread_members: dict[int, set[int]] = {}  # thread id -> user ids (its members)
        self.gone: set[int] = set()  # users who left the guild (remove_member)
        # Roles a test added (add_role): (id, name, above the bot's role); each member's
        # own roles given through the API; server-wide permissions taken from the bot's role.
        self.extra_roles: list[tuple[int, str, bool]] = []
        self.member_roles: dict[int, set[str]] = {}
        self.bot_role_denied = 0
        self.dms_closed: set[int] = set()  # users whose DMs refuse the bot (close_dms)
        self.requests: list[RecordedRequest] = []
        self.messages: dict[int, JSON] = {}
        self.deleted_message_ids: list[int] = []
        self.attachment_bytes: dict[int, bytes] = {}
        self.identify_payloads: list[JSON] = []
        self.resume_payloads: list[JSON] = []
        self.synced_commands: dict[int | None, list[JSON]] = {}  # None = global, else guild id
        self.api_base = self.gateway_url = self.base_url = ""
        self._interactions: dict[int, _Interaction] = {}
        self._failures: list[_Failure] = []
        self._limits: list[_Limit] = []
        self._nonces: dict[tuple[int, str], tuple[int, float]] = {}  # -> (message, when)
        self._changed = asyncio.Event()
        self._gateway_ready = asyncio.Event()
        self._ws: web.WebSocketResponse | None = None  # the latest gateway connection
        # Each identified connection by its shard id, and the shard count it identified with.
        self._shard_ws: dict[int, web.WebSocketResponse] = {}
        self._shard_count = 1
        # Gateway faults (close_gateway, refuse_identify): interactions made while the
        # connection is down wait here for the next READY; the close code the next
        # IDENTIFY is answered with; Discord's 3 s to answer an interaction, when kept.
        self._held: list[JSON] = []
        self._down = False
        self._refuse_identify: int | None = None
        self.answer_window: float | None = None
        self._made_ago = 0.0  # seconds the next interaction's id is dated back (late)
        self._seq = 0
        self._next_id = ((int(time.time() * 1000) - 1_420_070_400_000) << 22) + 1
        self._joined_at = _now()
        self._runner: web.AppRunner | None = None
        self._routes = self._build_routes()

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_get("/attachments/{channel}/{attachment}/{filename}", self._attachment)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"
        self.api_base = f"{self.base_url}/api/v10"
        self.gateway_url = f"ws://127.0.0.1:{port}/gateway"

    async def close(self) -> None:
        """Stop the server. Close the discord.py client first, or it will try to reconnect."""
        for ws in {*self._shard_ws.values(), *([self._ws] if self._ws else [])}:
            await ws.close(code=1001)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @contextlib.contextmanager
    def patch_client_urls(self) -> Iterator[FakeDiscord]:
        """Point discord.py's class-level REST base and gateway URL at the fake; restore on exit."""
        old_base = discord.http.Route.BASE
        old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
        discord.http.Route.BASE = self.api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield self
        finally:
            discord.http.Route.BASE = old_base
            discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    @contextlib.asynccontextmanager
    async def running(
        self,
        client: discord.Client,
        *,
        token: str = "fake-token",
        timeout: float = 5.0,
        instant_reidentify: bool = True,
    ) -> AsyncIterator[discord.Client]:
        """Run ``client`` in this event loop until it is ready; on exit close it, stop its views
        and cancel the discord.py tasks it left behind. Needs ``patch_client_urls`` active.

        discord.py sleeps 5 s before every non-initial IDENTIFY (``before_identify_hook``);
        ``instant_reidentify`` replaces that hook on this instance so reconnects are instant."""
        if instant_reidentify:

            async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
                return None

            client.before_identify_hook = no_wait  # type: ignore[method-assign]
        before = asyncio.all_tasks()
        task = asyncio.create_task(client.start(token), name="fake-discord-client")
        try:
            deadline = asyncio.get_running_loop().time() + timeout
            while not client.is_ready():
                if task.done():
                    task.result()
                    raise RuntimeError("discord.py client stopped before it was ready")
                if asyncio.get_running_loop().time() > deadline:
                    raise TimeoutError(f"client not ready after {timeout}s: {self.requests}")
                await asyncio.sleep(0.01)
            yield client
        finally:
            await client.close()
            store = getattr(client._connection, "_view_store", None)
            for items in list(getattr(store, "_views", {}).values()):
                for item in list(items.values()):
                    if item.view is not None:
                        item.view.stop()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(task, timeout)
            left = [t for t in asyncio.all_tasks() - before if _is_discord_task(t)]
            for leftover in left:
                leftover.cancel()
            await asyncio.gather(*left, return_exceptions=True)

    # ------------------------------------------------------------------ queries
    @property
    def commands(self) -> list[JSON]:
        """App commands last synced, global first, then per guild (those carry guild_id)."""
        scopes = sorted(self.synced_commands, key=lambda scope: (scope is not None, scope or 0))
        return [command for scope in scopes for command in self.synced_commands[scope]]

    @property
    def env(self) -> dict[str, str]:
        """Environment variables for a bot subprocess that reads its endpoints from the env."""
        return {"DISCORD_API_BASE": self.api_base, "DISCORD_GATEWAY_URL": self.gateway_url}

    def messages_in(self, channel_id: int) -> list[JSON]:
        return [m for m in self.messages.values() if int(m["channel_id"]) == channel_id]

    def dm_channel_id(self, user: str | int) -> int:
        return int(self._dm_channel(self._user_id(user))["id"])

    # ------------------------------------------------------------------ permissions, threads
    def deny(self, channel_id: int, *names: str) -> None:
        """Take permissions (discord.Permissions flag names: ``"attach_files"``) from the bot
        in a channel (and its threads), as a channel overwrite for its role would."""
        self.bot_denied[channel_id] = self.bot_denied.get(channel_id, 0) | _flags(names)

    def allow(self, channel_id: int, *names: str) -> None:
        """Give back permissions taken with ``deny``."""
        self.bot_denied[channel_id] = self.bot_denied.get(channel_id, 0) & ~_flags(names)

    def bot_permissions(self, channel_id: int) -> int:
        """The bot's permissions in a guild channel or thread, as ``app_permissions`` carries
        them. Without View Channel it has none there (Discord's implicit denial)."""
        channel = self.channels.get(channel_id, {})
        denied = self.bot_denied.get(channel_id, 0)
        if channel.get("parent_id") and channel.get("type") == THREAD:
            denied |= self.bot_denied.get(int(channel["parent_id"]), 0)
        allowed = BOT_PERMISSIONS & ~denied & ~self.bot_lacks
        return allowed if allowed & _P(view_channel=True).value else 0

    def add_role(self, name: str, *, above_bot: bool = False) -> int:
        """A role of the first guild, without permissions, below the bot's own role (or
        above it, where Discord lets the bot neither give nor take it); added before the
        bot connects, as GUILD_CREATE carries the roles."""
        rid = self._snowflake()
        self.extra_roles.append((rid, name, above_bot))
        return rid

    def deny_in_guild(self, *names: str) -> None:
        """Take server-wide permissions (flag names: ``"manage_roles"``) from the bot's
        role, before the bot connects."""
        self.bot_role_denied |= _flags(names)

    def roles_of(self, user: str | int) -> set[int]:
        """The roles given to ``user`` through the API (add_role's)."""
        return {int(r) for r in self.member_roles.get(self._user_id(user), ())}

    async def add_thread(self, parent_id: int, name: str = "thread", *,
                         auto_archive_duration: int = 1440) -> int:
        """A public thread (type 11) in ``parent_id`` that the bot made (its first
        member), announced with THREAD_CREATE."""
        thread = self._add_channel(
            self._snowflake(), name, 0, type=THREAD, parent_id=str(parent_id),
            guild_id=self.channels[parent_id]["guild_id"],
            owner_id=str(self.bot_id), member_count=1, message_count=0,
            thread_metadata={"archived": False, "locked": False,
                             "auto_archive_duration": auto_archive_duration,
                             "archive_timestamp": _now()})
        self.thread_members[int(thread["id"])] = {self.bot_id}
        await self._dispatch("THREAD_CREATE", {**thread, "newly_created": True})
        return int(thread["id"])

    def threads_of(self, parent_id: int) -> list[JSON]:
        """The threads of a channel, oldest first."""
        return [c for c in self.channels.values() if c.get("type") == THREAD
                and c.get("parent_id") == str(parent_id)]

    async def archive_thread(self, thread_id: int, *, locked: bool = False) -> None:
        """Archive a thread (``locked``: only members with Manage Threads may reopen it)."""
        await self._set_thread(thread_id, archived=True, locked=locked)

    async def unlock_thread(self, thread_id: int) -> None:
        """A moderator unlocks (and so reopens) a thread."""
        await self._set_thread(thread_id, archived=False, locked=False)

    async def _set_thread(self, thread_id: int, **metadata: bool) -> None:
        thread = self.channels[thread_id]
        thread["thread_metadata"].update(metadata, archive_timestamp=_now())
        await self._dispatch("THREAD_UPDATE", thread)

    async def delete_channel(self, channel_id: int) -> None:
        """Delete a channel (its threads with it) or a thread, announced on the gateway
        (CHANNEL_DELETE, THREAD_DELETE); later calls to it answer 10003 Unknown Channel."""
        channel = self.channels.pop(channel_id)
        if channel["type"] == THREAD:
            await self._dispatch("THREAD_DELETE", {k: channel[k] for k in (
                "id", "guild_id", "parent_id", "type")})
            return
        for tid in [i for i, c in self.channels.items() if c.get("parent_id") == str(channel_id)
                    and c["type"] == THREAD]:
            del self.channels[tid]
        await self._dispatch("CHANNEL_DELETE", channel)

    async def _may_post(self, channel_id: int, payload: JSON, files: list[RecordedFile], *,
                        answer: bool = False, ephemeral: bool = False) -> JSON:
        """Refuse a message as Discord would, or return its payload as Discord keeps it.
        ``answer``: an interaction's answer (callback, followup, edit), sent through the
        interaction's webhook: it needs neither View Channel nor Send Messages, but the
        bot's own Attach Files and Embed Links (Discord's changelog, 2022-06-29)."""
        channel = self.channels.get(channel_id)
        if channel is None:  # a DM
            return payload
        perms = _P(self.bot_permissions(channel_id))
        thread = channel["type"] == THREAD
        if not answer and not perms.view_channel:
            raise _ApiError(403, "Missing Access", MISSING_ACCESS)
        if thread and not ephemeral and channel["thread_metadata"]["archived"]:
            if channel["thread_metadata"]["locked"]:
                raise _ApiError(400, "Thread is archived", THREAD_ARCHIVED)
            await self._set_thread(channel_id, archived=False)  # a post reopens it
        if not answer and not (perms.send_messages_in_threads if thread else perms.send_messages):
            raise _ApiError(403, "Missing Permissions", MISSING_PERMISSIONS)
        if files and not perms.attach_files:
            raise _ApiError(403, "Missing Permissions", MISSING_PERMISSIONS)
        if payload.get("embeds") and not perms.embed_links:
            payload = {**payload, "embeds": []}  # dropped without a word, as Discord does
        return payload

    # ------------------------------------------------------------------ people
    async def remove_member(self, user: str | int) -> None:
        """``user`` leaves the guild (or is kicked): their member fetch answers 404 *Unknown
        Member* (10007), they can no longer interact in it, the bot can no longer DM them
        (no server shared), and GUILD_MEMBER_REMOVE reaches a bot that identified with the
        privileged GUILD_MEMBERS intent, and no other (as Discord does)."""
        uid = self._user_id(user)
        self.gone.add(uid)
        await self._member_event("GUILD_MEMBER_REMOVE", {
            "guild_id": str(self.guild_id), "user": self._user(uid)})

    async def add_member(self, user: str | int) -> None:
        """``user`` joins the guild again (GUILD_MEMBER_ADD only with the intent)."""
        uid = self._user_id(user)
        self.gone.discard(uid)
        await self._member_event("GUILD_MEMBER_ADD", {
            **self._member(uid), "guild_id": str(self.guild_id)})

    def close_dms(self, user: str | int, closed: bool = True) -> None:
        """``user`` refuses direct messages from the server's members (Discord's privacy
        setting): a message to their DM channel answers 403, code 50007 *Cannot send
        messages to this user*."""
        (self.dms_closed.add if closed else self.dms_closed.discard)(self._user_id(user))

    async def _member_event(self, event: str, data: JSON) -> None:
        intents = int((self.identify_payloads or [{}])[-1].get("intents", 0))
        if intents & GUILD_MEMBERS_INTENT:
            await self._dispatch(event, data)

    def add_guild(self, guild_id: int, channel_ids: Sequence[int], name: str = "") -> None:
        """Another guild with its channels (every user is a member of every guild). With
        several shards, a guild's events go to the connection of its shard (``shard_of``)."""
        self.guild_names[guild_id] = name or f"Guild {guild_id}"
        for position, cid in enumerate(channel_ids):
            self._add_channel(cid, "general" if position == 0 else f"channel-{position}",
                              position, guild_id=str(guild_id))

    @staticmethod
    def shard_of(guild_id: int, shard_count: int) -> int:
        """Discord's rule: which of ``shard_count`` shards carries a guild."""
        return (guild_id >> 22) % shard_count

    @property
    def shard_ids(self) -> list[int]:
        """The shards identified now (each an open gateway connection)."""
        return sorted(self._shard_ws)

    def component_custom_ids(self, message: JSON) -> list[str]:
        """custom_ids of every component in a message (action rows and components v2)."""
        return [c["custom_id"] for c in _walk_components(message.get("components", []))
                if "custom_id" in c]

    def custom_id_by_label(self, message: JSON, label: str) -> str:
        for component in _walk_components(message.get("components", [])):
            if component.get("label") == label and "custom_id" in component:
                return str(component["custom_id"])
        raise LookupError(f"no component labelled {label!r} in message {message.get('id')}")

    def message_from_callback(self, req: RecordedRequest) -> JSON:
        """Current content of the message a callback (or followup / webhook edit) created or
        edited."""
        resp, mid = req.response, None
        if isinstance(resp, dict) and "interaction" in resp:
            message = resp.get("resource", {}).get("message")
            mid = message["id"] if message else resp["interaction"].get("response_message_id")
        elif isinstance(resp, dict):
            mid = resp.get("id")
        if mid is None or int(mid) not in self.messages:
            raise LookupError(f"{req!r} did not create or edit a stored message")
        return self.messages[int(mid)]

    async def wait_for(
        self,
        predicate: Callable[[RecordedRequest], bool],
        *,
        timeout: float = 20.0,
        after: int = 0,
    ) -> RecordedRequest:
        """First request at index >= ``after`` matching ``predicate`` (a predicate raising
        KeyError/TypeError/IndexError/AttributeError counts as no match). The timeout only
        bounds a test that fails, as ``wait_done``'s: on a loaded 2-core machine the
        computer's workers once took over 5 s to start after a restart."""
        loop = asyncio.get_running_loop()
        deadline, index = loop.time() + timeout, after
        while True:
            while index < len(self.requests):
                req, index = self.requests[index], index + 1
                with contextlib.suppress(KeyError, TypeError, IndexError, AttributeError):
                    if predicate(req):
                        return req
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"no matching request in {timeout}s; got {self.requests[-15:]}")
            changed = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    def fail_next(
        self,
        method: str,
        path_regex: str,
        *,
        status: int = 429,
        retry_after: float = 0.2,
        times: int = 1,
        after: bool = False,
    ) -> None:
        """Answer the next ``times`` requests whose method matches (``*`` = any) and whose path
        (after /api/v10) matches ``path_regex`` (re.search) with a 429 (retried by discord.py
        after ``retry_after``) or a 5xx (retried after 1, 3, 5 ... s: slow!). ``after``: the
        request is carried out first (a message is stored) and only its answer is the
        failure, as when Discord times out behind its proxy."""
        self._failures.append(
            _Failure(method.upper(), re.compile(path_regex), status, retry_after, times, after)
        )

    def rate_limit(self, method: str, path_regex: str, *, limit: int, per: float,
                   global_: bool = False) -> None:
        """Discord's rate limits: at most ``limit`` requests matching ``method`` and
        ``path_regex`` in any ``per`` seconds, per path (a route's bucket for each channel,
        as Discord keys them) or, with ``global_``, all together (the bot's global limit);
        beyond, a 429 whose Retry-After is the time until one is allowed again."""
        self._limits.append(_Limit(method.upper(), re.compile(path_regex), limit, per,
                                   global_))

    def _over_limit(self, method: str, path: str) -> tuple[int, JSON, dict[str, str]] | None:
        """The 429 (status, body, headers) of a rate limit the request is over, if any."""
        now = time.monotonic()
        for limit in self._limits:
            if limit.method not in ("*", method) or not limit.pattern.search(path):
                continue
            sent = limit.sent.setdefault("" if limit.global_ else path, [])
            sent[:] = [t for t in sent if t > now - limit.per]
            if len(sent) >= limit.limit:
                wait = str(round(sent[0] + limit.per - now, 3) + 0.001)
                scope = "global" if limit.global_ else "user"
                return 429, {"message": "You are being rate limited.", "global": limit.global_,
                             "retry_after": float(wait)}, {
                    "Retry-After": wait, "X-RateLimit-Limit": str(limit.limit),
                    "X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": wait,
                    "X-RateLimit-Scope": scope, "Via": "1.1 google",
                    **({"X-RateLimit-Global": "true"} if limit.global_ else {})}
            sent.append(now)
        return None

    async def drop_gateway(self, *, wait: bool = True, timeout: float = 5.0) -> None:
        """Close the websocket; the client tries to RESUME, gets INVALID_SESSION and re-identifies.
        With ``wait`` return once the new READY and GUILD_CREATE were sent."""
        if self._ws is None:
            raise RuntimeError("no gateway connection to drop")
        identified = len(self.identify_payloads)
        self._gateway_ready.clear()
        await self._ws.close(code=4000, message=b"fake drop")
        if wait:
            deadline = asyncio.get_running_loop().time() + timeout
            while len(self.identify_payloads) <= identified or not self._gateway_ready.is_set():
                if asyncio.get_running_loop().time() > deadline:
                    raise TimeoutError("client did not re-identify after drop_gateway()")
                await asyncio.sleep(0.01)

    async def close_gateway(self, code: int) -> None:
        """Close the websocket with a gateway close code, as Discord does: a 4000-range
        code that allows reconnecting (4000 unknown error, 4009 session timed out, …)
        makes the client RESUME (this fake answers INVALID_SESSION) and IDENTIFY again;
        4004 (authentication failed) and 4010–4014 (shards, intents) end the client.
        Interactions injected until the next READY are held and sent after it."""
        if self._ws is None:
            raise RuntimeError("no gateway connection to close")
        self._down = True
        self._gateway_ready.clear()
        await self._ws.close(code=code, message=b"fake close")

    def refuse_identify(self, code: int) -> None:
        """Answer the next IDENTIFY by closing the websocket with ``code`` (4014: the
        bot asked for a privileged intent the application may not use)."""
        self._refuse_identify = code

    async def late_slash(self, made_ago: float, user: str, name: str,
                         options: dict[str, Any] | None = None, **kwargs: Any
                         ) -> InteractionHandle:
        """A slash command Discord made ``made_ago`` seconds ago that reaches the bot only
        now (its id dated back: past 3 s, Discord refuses any first answer to it)."""
        self._made_ago = made_ago
        try:
            return await self.slash(user, name, options, **kwargs)
        finally:
            self._made_ago = 0.0

    # ------------------------------------------------------------------ injection
    async def slash(
        self,
        user: str,
        name: str,
        options: dict[str, Any] | None = None,
        *,
        subcommand: str | None = None,
        channel_id: int | None = None,
        guild: bool = True,
    ) -> InteractionHandle:
        """Inject a slash command. ``subcommand`` may be "sub" or "group sub"."""
        data = self._command_data(name, options or {}, subcommand, None, guild)
        return await self._inject(2, user, channel_id, guild, data)

    async def autocomplete(
        self,
        user: str,
        name: str,
        options: dict[str, Any],
        focused: str,
        *,
        subcommand: str | None = None,
        channel_id: int | None = None,
        guild: bool = True,
        timeout: float = 5.0,
    ) -> list[JSON]:
        """Inject an autocomplete request and return the choices the bot answered (type 8)."""
        data = self._command_data(name, options, subcommand, focused, guild)
        handle = await self._inject(4, user, channel_id, guild, data)
        req = await handle.wait_response(timeout)
        if req.json.get("type") != 8:
            raise AssertionError(f"autocomplete answered with callback type {req.json.get('type')}")
        return list(req.json["data"]["choices"])

    async def click(
        self, user: str, message_id: int, custom_id: str, *, channel_id: int | None = None
    ) -> InteractionHandle:
        return await self._component(user, message_id, custom_id, 2, None, channel_id)

    async def forge_click(self, user: str, message_id: int, custom_id: str) -> InteractionHandle:
        """A click a modified client could send: any custom id, on any message the user can
        see, whether or not that message carries such a button. The bot must check every
        custom id and who presses it, never trusting that Discord only sends its own."""
        message = json.loads(json.dumps(self.messages[message_id]))
        # The interaction's copy of the message carries the forged button, as a tampering
        # client would claim; the stored message does not change.
        message.setdefault("components", []).append({"type": 1, "components": [
            {"type": 2, "style": 2, "label": "forged", "custom_id": custom_id}]})
        data: JSON = {"custom_id": custom_id, "component_type": 2}
        channel = int(message["channel_id"])
        return await self._inject(3, user, channel, channel in self.channels, data, message)

    async def select(
        self,
        user: str,
        message_id: int,
        custom_id: str,
        values: list[str],
        *,
        channel_id: int | None = None,
        component_type: int = 3,
    ) -> InteractionHandle:
        return await self._component(
            user, message_id, custom_id, component_type, values, channel_id
        )

    async def _component(
        self,
        user: str,
        message_id: int,
        custom_id: str,
        component_type: int,
        values: list[str] | None,
        channel_id: int | None,
    ) -> InteractionHandle:
        message = self.messages.get(message_id)
        if message is None:
            raise LookupError(f"message {message_id} is not stored (deleted or never sent)")
        owner = message.get("interaction_metadata", {}).get("user", {}).get("id")
        if message["flags"] & EPHEMERAL and owner != str(self._user_id(user)):
            raise ValueError(f"message {message_id} is ephemeral; only user {owner} can see it")
        found = [c for c in _walk_components(message.get("components", []))
                 if c.get("custom_id") == custom_id]
        if not found:
            raise LookupError(f"{custom_id!r} not in {self.component_custom_ids(message)}")
        if found[0].get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled; a user cannot use it")
        data: JSON = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        channel = channel_id or int(message["channel_id"])
        return await self._inject(
            3, user, channel, channel in self.channels, data, json.loads(json.dumps(message))
        )

    async def _inject(
        self,
        itype: int,
        user: str | int,
        channel_id: int | None,
        guild: bool,
        data: JSON,
        message: JSON | None = None,
        timeout: float = 5.0,
    ) -> InteractionHandle:
        channel = channel_id or next(iter(self.channels))
        gid = int(self.channels[channel]["guild_id"]) if guild and channel in self.channels \
            else None
        if not self._down:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._gateway_ready.wait(), timeout)
                await asyncio.wait_for(self._connected(gid), timeout)
        if not self._down and (self._ws_for(gid) is None or not self._gateway_ready.is_set()):
            raise RuntimeError("no identified gateway connection (is the bot running?)")
        uid, iid = self._user_id(user), self._snowflake()
        payload: JSON = {
            "id": str(iid), "type": itype, "token": f"tok{iid}{secrets.token_hex(8)}",
            "version": 1, "application_id": str(self.application_id), "data": data,
            "attachment_size_limit": 25 * 1024 * 1024,
            "app_permissions": str(self.bot_permissions(channel)),
            "locale": "en-US", "entitlements": [], "entitlement_sku_ids": [],
        }
        if guild:
            if channel not in self.channels:
                raise LookupError(f"unknown guild channel {channel}")
            if uid in self.gone:
                raise LookupError(f"user {user!r} left the guild: they cannot interact in it")
            member = self._member(uid, with_permissions=True, guild_id=gid)
            payload.update(
                guild_id=str(gid), member=member, guild_locale="en-US",
                guild={"id": str(gid), "locale": "en-US", "features": []},
                channel={**self.channels[channel], "permissions": member["permissions"]},
                channel_id=str(channel), context=0,
                authorizing_integration_owners={"0": str(gid)},
            )
        else:
            dm = self._dm_channel(uid)
            channel = int(dm["id"])
            payload.update(user=self._user(uid), channel=dm, channel_id=dm["id"], context=1,
                           authorizing_integration_owners={"1": str(uid)})
        if message is not None:
            payload["message"] = message
        state = _Interaction(iid, payload["token"], itype, uid, channel)
        state.message_id = int(message["id"]) if message is not None else None
        self._interactions[iid] = state
        if self._down:  # sent after the next READY (close_gateway)
            self._held.append(payload)
        else:
            await self._dispatch("INTERACTION_CREATE", payload)
        return InteractionHandle(self, state, payload)

    def _command_data(
        self,
        name: str,
        options: dict[str, Any],
        subcommand: str | None,
        focused: str | None,
        guild: bool,
    ) -> JSON:
        scopes = [self.guild_id, None] if guild else [None]
        command, scope = None, None
        for scope in scopes:
            command = next((c for c in self.synced_commands.get(scope, [])
                            if c["name"] == name and c.get("type", 1) == 1), None)
            if command is not None:
                break
        data: JSON = {"id": command["id"] if command else str(self._snowflake()),
                      "name": name, "type": 1}
        if command is not None and scope is not None:
            data["guild_id"] = str(scope)
        definitions = command.get("options", []) if command else []
        chain: list[tuple[str, int]] = []
        parts = subcommand.split() if subcommand else []
        for i, part in enumerate(parts):
            found = next((o for o in definitions if o["name"] == part), None)
            chain.append((part, found["type"] if found else (1 if i == len(parts) - 1 else 2)))
            definitions = found.get("options", []) if found else []
        resolved: JSON = {}
        values = dict(options)
        if focused is not None:
            values.setdefault(focused, "")
        built = []
        for key, value in values.items():
            spec = next((o for o in definitions if o["name"] == key), None)
            otype = spec["type"] if spec else _OPTION_TYPES.get(type(value), 3)
            option: JSON = {"name": key, "type": otype}
            if key == focused:
                option.update(value=str(value), focused=True)
            else:
                option["value"] = self._option_value(otype, value, resolved)
            built.append(option)
        for part, ptype in reversed(chain):
            built = [{"name": part, "type": ptype, "options": built}]
        data["options"] = built
        if resolved:
            data["resolved"] = resolved
        return data

    def _option_value(self, otype: int, value: Any, resolved: JSON) -> Any:
        if otype == 6 or (otype == 9 and value in {*self.users, *self.users.values()}):
            uid = self._user_id(value)
            resolved.setdefault("users", {})[str(uid)] = self._user(uid)
            member = self._member(uid, with_permissions=True)
            del member["user"]
            resolved.setdefault("members", {})[str(uid)] = member
            return str(uid)
        if otype == 7:
            cid = next((i for i, c in self.channels.items() if value in (i, c["name"])), None)
            if cid is None:
                raise LookupError(f"unknown channel {value!r}")
            channel = {**self.channels[cid], "permissions": str(MEMBER_PERMISSIONS)}
            resolved.setdefault("channels", {})[str(cid)] = channel
            return str(cid)
        if otype in (8, 9):
            role = next((r for r in self._roles() if value in (int(r["id"]), r["name"])), None)
            if role is None:
                raise LookupError(f"unknown user or role {value!r}")
            resolved.setdefault("roles", {})[role["id"]] = role
            return role["id"]
        converters: dict[int, Callable[[Any], Any]] = {3: str, 4: int, 5: bool, 10: float}
        return converters.get(otype, lambda v: v)(value)

    # ------------------------------------------------------------------ model
    def _snowflake(self) -> int:
        """A new id that, like Discord's, holds the time it was made (an interaction's age is
        read from its id), and is greater than every id before it."""
        now = (int(time.time() * 1000) - 1_420_070_400_000) << 22
        if self._made_ago:  # an interaction made earlier (late): its id, dated back
            return now - (int(self._made_ago * 1000) << 22) + secrets.randbelow(1 << 22)
        self._next_id = max(self._next_id + 1, now)
        return self._next_id

    def _user_id(self, user: str | int) -> int:
        if isinstance(user, int) and (user in self.users.values() or user == self.bot_id):
            return user
        if isinstance(user, str) and user in self.users:
            return self.users[user]
        raise LookupError(f"unknown fake user {user!r}; known: {sorted(self.users)}")

    def _user(self, uid: int) -> JSON:
        if uid == self.bot_id:
            return {"id": str(uid), "username": self.bot_name, "global_name": None, "avatar": None,
                    "discriminator": "0", "bot": True, "public_flags": 0}
        name = next((n for n, i in self.users.items() if i == uid), f"user{uid}")
        return {"id": str(uid), "username": name, "global_name": name, "avatar": None,
                "discriminator": "0", "bot": False, "public_flags": 0}

    def _member(self, uid: int, *, with_permissions: bool = False,
                guild_id: int | None = None) -> JSON:
        gid = guild_id or self.guild_id  # each guild's roles: @everyone, then gid + 1 and 2
        roles = [str(gid + 1)] if uid in self.admin_ids else []
        roles += sorted(self.member_roles.get(uid, ()))
        if uid == self.bot_id:
            roles = [str(gid + 2)]
        member: JSON = {"user": self._user(uid), "roles": roles, "flags": 0,
                        "nick": self.nicks.get(uid),
                        "avatar": None, "joined_at": self._joined_at, "premium_since": None,
                        "deaf": False, "mute": False, "pending": False,
                        "communication_disabled_until": None}
        if with_permissions:
            perms = _P.all().value if uid in self.admin_ids else MEMBER_PERMISSIONS
            member["permissions"] = str(BOT_PERMISSIONS & ~self.bot_role_denied
                                        if uid == self.bot_id else perms)
        return member

    def _roles(self, guild_id: int | None = None) -> list[JSON]:
        def role(rid: int, name: str, perms: int, position: int) -> JSON:
            return {"id": str(rid), "name": name, "permissions": str(perms), "position": position,
                    "color": 0, "colors": {"primary_color": 0}, "hoist": False, "managed": False,
                    "mentionable": False, "flags": 0, "icon": None, "unicode_emoji": None}

        gid = guild_id or self.guild_id
        # Lowest first: @everyone, the roles added below the bot's, the bot's, Admin, the
        # roles added above the bot's (each position its place in that order).
        ordered = [(gid, "@everyone", MEMBER_PERMISSIONS)]
        ordered += [(rid, name, 0) for rid, name, above in self.extra_roles if not above]
        ordered += [(gid + 2, self.bot_name, BOT_PERMISSIONS & ~self.bot_role_denied),
                    (gid + 1, "Admin", ADMIN_ROLE_PERMISSIONS)]
        ordered += [(rid, name, 0) for rid, name, above in self.extra_roles if above]
        return [role(rid, name, perms, i) for i, (rid, name, perms) in enumerate(ordered)]

    def _add_channel(self, cid: int, name: str, position: int, **extra: Any) -> JSON:
        channel = {"id": str(cid), "type": 0, "guild_id": str(self.guild_id), "name": name,
                   "position": position, "permission_overwrites": [], "nsfw": False,
                   "parent_id": None, "topic": None, "rate_limit_per_user": 0,
                   "last_message_id": None, "flags": 0, **extra}
        self.channels[cid] = channel
        return channel

    def _dm_channel(self, uid: int) -> JSON:
        if uid not in self.dm_channels:
            self.dm_channels[uid] = {"id": str(self._snowflake()), "type": 1, "flags": 0,
                                     "recipients": [self._user(uid)], "last_message_id": None}
        return self.dm_channels[uid]

    def _guild_channels(self, guild_id: int) -> list[JSON]:
        return [c for c in self.channels.values() if c.get("guild_id") == str(guild_id)]

    def _guild(self, *, full: bool, guild_id: int | None = None) -> JSON:
        gid = guild_id or self.guild_id
        owner = min(self.admin_ids) if self.admin_ids else self.bot_id
        channels = self._guild_channels(gid)
        guild: JSON = {
            "id": str(gid), "name": self.guild_names.get(gid, self.guild_name),
            "owner_id": str(owner),
            "roles": self._roles(gid), "features": [], "emojis": [], "stickers": [],
            "icon": None,
            "preferred_locale": "en-US", "verification_level": 0, "mfa_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0, "nsfw_level": 0,
            "premium_tier": 0, "system_channel_id": channels[0]["id"] if channels else None,
        }
        if full:
            members = [self._member(uid, guild_id=gid)
                       for uid in [self.bot_id, *self.users.values()] if uid not in self.gone]
            threads = [c for c in channels if c["type"] == THREAD]
            guild.update(
                channels=sorted((c for c in channels if c["type"] != THREAD),
                                key=lambda c: c["position"]),
                members=members, member_count=len(members), presences=[],
                threads=[t for t in threads if not t["thread_metadata"]["archived"]],
                voice_states=[], stage_instances=[], guild_scheduled_events=[],
                soundboard_sounds=[], large=False, unavailable=False, joined_at=self._joined_at,
            )
        return guild

    def _mentions(self, content: str, allowed: JSON | None = None) -> tuple[list[JSON], list[str]]:
        """Who the message pings: mentions in the content (a backslash-escaped one is text),
        limited by ``allowed_mentions`` as Discord does (absent: everything parses)."""
        known = {*self.users.values(), self.bot_id}
        ids = dict.fromkeys(int(i) for i in re.findall(r"(?<!\\)<@!?(\d+)>", content or ""))
        roles = {r["id"] for r in self._roles()}
        role_ids = [i for i in dict.fromkeys(re.findall(r"(?<!\\)<@&(\d+)>", content or ""))
                    if i in roles]
        if allowed is not None:
            parse = allowed.get("parse") or []
            if "users" not in parse:
                ids = {i: None for i in ids if str(i) in map(str, allowed.get("users") or [])}
            if "roles" not in parse:
                role_ids = [i for i in role_ids if i in map(str, allowed.get("roles") or [])]
        return [self._user(i) for i in ids if i in known], role_ids

    def _attachments(
        self, channel_id: int, spec: list[JSON] | None, files: list[RecordedFile],
        existing: list[JSON],
    ) -> list[JSON]:
        """Apply a payload's ``attachments`` list: existing ids are kept, small ints index files."""
        if spec is None:
            return existing + [self._new_attachment(channel_id, f, {}) for f in files]
        by_id = {a["id"]: a for a in existing}
        result = []
        for entry in spec:
            key = str(entry.get("id"))
            if key in by_id:
                result.append(by_id[key])
            elif key.isdigit() and int(key) < len(files):
                result.append(self._new_attachment(channel_id, files[int(key)], entry))
        return result

    def _new_attachment(self, channel_id: int, file: RecordedFile, entry: JSON) -> JSON:
        aid = self._snowflake()
        self.attachment_bytes[aid] = file.data
        filename = entry.get("filename") or file.filename
        url = f"{self.base_url}/attachments/{channel_id}/{aid}/{filename}"
        attachment = {"id": str(aid), "filename": filename, "size": len(file.data), "url": url,
                      "proxy_url": url, "description": entry.get("description"),
                      "content_type": "image/png" if file.is_png else "application/octet-stream"}
        if file.png_size:
            attachment["width"], attachment["height"] = file.png_size
        return attachment

    def _create_message(
        self,
        channel_id: int,
        payload: JSON,
        files: list[RecordedFile],
        *,
        flags: int | None = None,
        interaction: _Interaction | None = None,
        original: bool = False,
    ) -> JSON:
        content = payload.get("content") or ""
        self._check_content(content)
        mid = self._snowflake()
        mentions, mention_roles = self._mentions(content, payload.get("allowed_mentions"))
        message: JSON = {
            "id": str(mid), "channel_id": str(channel_id), "author": self._user(self.bot_id),
            "type": 20 if original and interaction and interaction.type == 2 else 0,
            "content": content, "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "attachments": self._attachments(channel_id, payload.get("attachments"), files, []),
            "flags": int(payload.get("flags") or 0) if flags is None else flags,
            "mentions": mentions, "mention_roles": mention_roles, "mention_everyone": False,
            "pinned": False, "tts": bool(payload.get("tts")), "timestamp": _now(),
            "edited_timestamp": None,
        }
        if "message_reference" in payload:
            message["message_reference"] = payload["message_reference"]
        if payload.get("nonce") is not None:
            message["nonce"] = str(payload["nonce"])
            self._nonces[(channel_id, message["nonce"])] = (mid, time.monotonic())
        if interaction is not None:
            message.update(
                webhook_id=str(self.application_id), application_id=str(self.application_id),
                interaction_id=str(interaction.id),
                interaction_metadata={"id": str(interaction.id), "type": interaction.type,
                                      "user": self._user(interaction.user_id),
                                      "authorizing_integration_owners": {}},
            )
        self.messages[mid] = message
        return message

    @staticmethod
    def _check_choices(choices: list[JSON]) -> None:
        """Discord refuses the whole autocomplete answer (the user sees "Loading options
        failed") if it has more than 25 choices or any name or value over 100 characters."""
        if len(choices) > MAX_CHOICES or any(
                not 1 <= len(str(c.get("name", ""))) <= MAX_CHOICE_TEXT
                or len(str(c.get("value", ""))) > MAX_CHOICE_TEXT for c in choices):
            raise _ApiError(400, "Invalid Form Body (data.choices: Must be 25 or fewer in "
                            "length, names and values 1 to 100 characters.)", 50035)

    @staticmethod
    def _check_content(content: str | None) -> None:
        if content and len(content) > MAX_CONTENT:
            raise _ApiError(400, "Invalid Form Body (content: Must be 2000 or fewer in length.)",
                            50035)

    def _edit_message(self, message: JSON, payload: JSON, files: list[RecordedFile]) -> JSON:
        self._check_content(payload.get("content"))
        for key, empty in (("content", ""), ("embeds", []), ("components", [])):
            if key in payload:
                message[key] = payload[key] if payload[key] is not None else empty
        if payload.get("flags") is not None:
            message["flags"] = (int(payload["flags"]) & ~EPHEMERAL) | (message["flags"] & EPHEMERAL)
        message["flags"] &= ~LOADING
        if "attachments" in payload or files:
            message["attachments"] = self._attachments(
                int(message["channel_id"]), payload.get("attachments"), files,
                message["attachments"],
            )
        message["mentions"], message["mention_roles"] = self._mentions(
            message["content"], payload.get("allowed_mentions"))
        message["edited_timestamp"] = _now()
        return message

    def _delete_message(self, mid: int) -> None:
        del self.messages[mid]
        self.deleted_message_ids.append(mid)

    async def delete_message(self, mid: int, *, announce: bool = True) -> None:
        """Delete a channel's message, as its author, a moderator or the bot would: later
        edits of it answer 10008 Unknown Message, and the gateway says MESSAGE_DELETE
        (not ``announce``: says nothing, as to a bot that was offline then)."""
        message = self.messages[mid]
        self._delete_message(mid)
        if not announce:
            return
        cid = int(message["channel_id"])
        data: JSON = {"id": str(mid), "channel_id": str(cid)}
        if (guild := self.channels.get(cid, {}).get("guild_id")) is not None:
            data["guild_id"] = guild
        await self._dispatch("MESSAGE_DELETE", data)

    def edits_of(self, mid: int, after: int = 0) -> list[RecordedRequest]:
        """The edits (PATCH) made to a channel's message since request ``after``."""
        return [r for r in self.requests[after:] if r.method == "PATCH"
                and r.path.endswith(f"/messages/{mid}") and "/webhooks/" not in r.path]

    # ------------------------------------------------------------------ HTTP plumbing
    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        query = dict(request.query)
        body, files = await self._read_body(request)
        headers: dict[str, str] = {}
        limited = self._over_limit(request.method, path)
        failure = next((f for f in self._failures if f.method in ("*", request.method)
                        and f.pattern.search(path)), None)
        if limited is not None:
            status, response, headers = limited
        elif failure is not None:
            failure.times -= 1
            if failure.times <= 0:
                self._failures.remove(failure)
            if failure.after:
                with contextlib.suppress(_ApiError):
                    await self._route(_Call(request.method, (), body, files, query), path)
            status, response = failure.status, {"message": f"{failure.status}: fake", "code": 0}
            if status == 429:
                response = {"message": "You are being rate limited.", "global": False,
                            "retry_after": failure.retry_after}
                headers = {"Retry-After": str(failure.retry_after), "X-RateLimit-Limit": "5",
                           "X-RateLimit-Remaining": "0", "X-RateLimit-Scope": "user",
                           "X-RateLimit-Reset-After": str(failure.retry_after),
                           "Via": "1.1 google"}
        else:
            try:
                status, response = await self._route(_Call(request.method, (), body, files, query),
                                                     path)
            except _ApiError as error:
                status, response = error.status, {"message": error.message, "code": error.code}
            except Exception as error:  # a bug in the fake: answer 400 (5xx would be retried)
                _log.exception("fake_discord failed on %s %s", request.method, path)
                status, response = 400, {"message": f"fake_discord error: {error!r}", "code": 0}
        reply = _json_response(status, response, headers)
        # What was sent, as the client reads it (a copy: the fake's state changes on).
        snapshot = json.loads(json.dumps(response)) if status != 204 else None
        self.requests.append(RecordedRequest(request.method, path, query, body, files, status,
                                             time.monotonic(), snapshot,
                                             self._answering(request.method, path)))
        self._changed.set()
        self._changed = asyncio.Event()
        return reply

    @staticmethod
    async def _read_body(request: web.Request) -> tuple[Any, list[RecordedFile]]:
        if request.content_type.startswith("multipart/"):
            payload: Any = None
            indexed: dict[int, RecordedFile] = {}
            async for part in await request.multipart():
                if not isinstance(part, BodyPartReader):
                    continue
                data = bytes(await part.read())
                match = re.fullmatch(r"files\[(\d+)\]", part.name or "")
                if part.name == "payload_json":
                    payload = json.loads(data)
                elif match:
                    indexed[int(match[1])] = RecordedFile(
                        part.filename or "", data, data.startswith(PNG_MAGIC)
                    )
            return payload, [indexed[i] for i in sorted(indexed)]
        raw = await request.read()
        if not raw:
            return None, []
        try:
            return json.loads(raw), []
        except ValueError:
            return raw.decode(errors="replace"), []

    async def _route(self, call: _Call, path: str) -> tuple[int, Any]:
        path_matched = False
        for methods, pattern, handler in self._routes:
            match = pattern.fullmatch(path)
            if match is None:
                continue
            path_matched = True
            if call.method in methods.split("|"):
                call.args = tuple(match.groups())
                return await handler(call)
        if path_matched:
            raise _ApiError(405, "405: Method Not Allowed")
        raise _ApiError(404, "404: Not Found")

    def _build_routes(
        self,
    ) -> list[tuple[str, re.Pattern[str], Callable[[_Call], Awaitable[tuple[int, Any]]]]]:
        table: list[tuple[str, str, Callable[[_Call], Awaitable[tuple[int, Any]]]]] = [
            ("GET", r"/gateway(?:/bot)?", self._h_gateway),
            ("GET", r"/users/@me", self._h_me),
            ("POST", r"/users/@me/channels", self._h_create_dm),
            ("GET", r"/users/(\d+)", self._h_user),
            ("GET", r"/oauth2/applications/@me", self._h_application),
            ("GET|PUT", r"/applications/\d+(?:/guilds/(\d+))?/commands", self._h_commands),
            ("POST", r"/interactions/(\d+)/([^/]+)/callback", self._h_callback),
            ("POST", r"/webhooks/\d+/([^/]+)", self._h_followup),
            ("GET|PATCH|DELETE", r"/webhooks/\d+/([^/]+)/messages/(@original|\d+)",
             self._h_webhook_message),
            ("GET|POST", r"/channels/(\d+)/messages", self._h_channel_messages),
            ("GET|PATCH|DELETE", r"/channels/(\d+)/messages/(\d+)", self._h_channel_message),
            ("PUT|DELETE", r"/channels/(\d+)/permissions/(\d+)", self._h_permissions),
            ("GET|PATCH|DELETE", r"/channels/(\d+)", self._h_channel),
            ("POST", r"/channels/(\d+)/threads", self._h_create_thread),
            ("PUT|DELETE", r"/channels/(\d+)/thread-members/(\d+|@me)", self._h_thread_member),
            ("GET", r"/guilds/(\d+)", self._h_guild),
            ("GET|POST", r"/guilds/(\d+)/channels", self._h_guild_channels),
            ("GET", r"/guilds/(\d+)/members/(\d+)", self._h_member),
            ("PUT|DELETE", r"/guilds/(\d+)/members/(\d+)/roles/(\d+)", self._h_member_role),
        ]
        return [(methods, re.compile(rx), handler) for methods, rx, handler in table]

    # ------------------------------------------------------------------ REST handlers
    async def _h_gateway(self, call: _Call) -> tuple[int, Any]:
        return 200, {"url": self.gateway_url, "shards": self.shards, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}}

    async def _h_me(self, call: _Call) -> tuple[int, Any]:
        return 200, {**self._user(self.bot_id), "verified": True, "mfa_enabled": False, "flags": 0}

    async def _h_user(self, call: _Call) -> tuple[int, Any]:
        uid = int(call.args[0])
        if uid not in {*self.users.values(), self.bot_id}:
            raise _ApiError(404, "Unknown User", 10013)
        return 200, self._user(uid)

    async def _h_create_dm(self, call: _Call) -> tuple[int, Any]:
        try:
            return 200, self._dm_channel(self._user_id(int(call.json["recipient_id"])))
        except LookupError:
            raise _ApiError(400, "Invalid Recipient(s)", 50033) from None

    async def _h_application(self, call: _Call) -> tuple[int, Any]:
        owner = self._user(min(self.admin_ids) if self.admin_ids else self.bot_id)
        return 200, {"id": str(self.application_id), "name": self.bot_name, "icon": None,
                     "description": "fake application", "bot_public": True, "flags": 0,
                     "bot_require_code_grant": False, "owner": owner, "verify_key": "0" * 64,
                     "team": None, "summary": "", "bot": self._user(self.bot_id)}

    async def _h_commands(self, call: _Call) -> tuple[int, Any]:
        scope = int(call.args[0]) if call.args[0] else None
        if call.method == "GET":
            return 200, self.synced_commands.get(scope, [])
        previous = {(c["name"], c.get("type", 1)): c for c in self.synced_commands.get(scope, [])}
        result = []
        for command in call.json or []:
            old = previous.get((command["name"], command.get("type", 1)))
            item = {"type": 1, "description": "", **command,
                    "id": old["id"] if old else str(self._snowflake()),
                    "application_id": str(self.application_id), "version": str(self._snowflake())}
            if scope is not None:
                item["guild_id"] = str(scope)
            result.append(item)
        self.synced_commands[scope] = result
        return 200, result

    async def _h_callback(self, call: _Call) -> tuple[int, Any]:
        state = self._interactions.get(int(call.args[0]))
        if state is None or state.token != call.args[1] or (
                self.answer_window is not None and not state.responded
                and _age(state.id) > self.answer_window):
            raise _ApiError(404, "Unknown interaction", 10062)
        if state.responded:
            raise _ApiError(400, "Interaction has already been acknowledged.", 40060)
        body = call.json if isinstance(call.json, dict) else {}
        rtype, data = body.get("type"), body.get("data") or {}
        message: JSON | None = None
        if rtype in (4, 5):
            flags = int(data.get("flags") or 0)
            data = await self._may_post(state.channel_id, data, call.files, answer=True,
                                        ephemeral=bool(flags & EPHEMERAL))
            if rtype == 5:
                data, flags = {}, (flags & EPHEMERAL) | LOADING
            message = self._create_message(state.channel_id, data, call.files, flags=flags,
                                           interaction=state, original=True)
            state.original_id = int(message["id"])
        elif rtype in (6, 7) and state.message_id is not None:
            if state.message_id not in self.messages:
                raise _ApiError(404, "Unknown Message", 10008)
            state.original_id = state.message_id
            if rtype == 7:
                message = self._edit_message(self.messages[state.message_id], data, call.files)
        elif rtype not in (8, 9) or (rtype == 8) != (state.type == 4):
            raise _ApiError(400, f"Invalid callback type {rtype} for interaction type "
                                 f"{state.type}", 50035)
        if rtype == 8:
            self._check_choices(data.get("choices") or [])
        state.responded, state.answer_type = True, rtype
        interaction: JSON = {"id": str(state.id), "type": state.type}
        if state.original_id is not None:
            flags = self.messages[state.original_id]["flags"]
            interaction.update(response_message_id=str(state.original_id),
                               response_message_loading=rtype == 5,
                               response_message_ephemeral=bool(flags & EPHEMERAL))
        resource: JSON = {"type": rtype}
        if message is not None:
            resource["message"] = message
        return 200, {"interaction": interaction, "resource": resource}

    def _token_state(self, token: str) -> _Interaction:
        state = next((s for s in self._interactions.values() if s.token == token), None)
        if state is None or not state.responded:
            raise _ApiError(404, "Unknown Webhook", 10015)
        return state

    async def _h_followup(self, call: _Call) -> tuple[int, Any]:
        state = self._token_state(call.args[0])
        self._known_channel(state.channel_id)
        body = call.json or {}
        body = await self._may_post(state.channel_id, body, call.files, answer=True,
                                    ephemeral=bool(int(body.get("flags") or 0) & EPHEMERAL))
        message = self._create_message(state.channel_id, body, call.files, interaction=state)
        state.followup_ids.append(int(message["id"]))
        return (200, message) if call.query.get("wait") in ("1", "true", "True") else (204, None)

    async def _h_webhook_message(self, call: _Call) -> tuple[int, Any]:
        state = self._token_state(call.args[0])
        mid = state.original_id if call.args[1] == "@original" else int(call.args[1])
        if mid is None or mid not in self.messages or (
            mid != state.original_id and mid not in state.followup_ids
        ):
            raise _ApiError(404, "Unknown Message", 10008)
        if call.method == "DELETE":
            self._delete_message(mid)
            return 204, None
        if call.method == "PATCH":
            self._edit_message(self.messages[mid], call.json or {}, call.files)
        return 200, self.messages[mid]

    def _known_channel(self, cid: int) -> None:
        if cid not in self.channels and all(int(c["id"]) != cid for c in self.dm_channels.values()):
            raise _ApiError(404, "Unknown Channel", 10003)

    async def _h_channel_messages(self, call: _Call) -> tuple[int, Any]:
        cid = int(call.args[0])
        self._known_channel(cid)
        if call.method == "POST":
            self._check_dm_open(cid)
            payload = await self._may_post(cid, call.json or {}, call.files)
            if (twin := self._same_nonce(cid, payload)) is not None:
                return 200, twin
            return 200, self._create_message(cid, payload, call.files)
        public = [m for m in self.messages_in(cid) if not m["flags"] & EPHEMERAL]
        if "before" in call.query:
            public = [m for m in public if int(m["id"]) < int(call.query["before"])]
        if "after" in call.query:
            public = [m for m in public if int(m["id"]) > int(call.query["after"])]
        public.sort(key=lambda m: int(m["id"]), reverse=True)
        return 200, public[: int(call.query.get("limit", 50))]

    def _answering(self, method: str, path: str) -> int | None:
        """The interaction a channel message belongs to: the latest in that channel whose
        answer is still to come (deferred, or a component's message updated), as a
        move's post is sent after its first answer (tests do one such at a time in a
        channel; a command answered at once, /board or /log, is not waiting for one)."""
        match = re.fullmatch(r"/channels/(\d+)/messages", path)
        if method != "POST" or match is None:
            return None
        cid = int(match[1])
        waiting = [s.id for s in self._interactions.values()
                   if s.channel_id == cid and s.answer_type in (5, 6, 7)]
        return max(waiting, default=None)

    def _same_nonce(self, cid: int, payload: JSON) -> JSON | None:
        """With ``enforce_nonce``, Discord answers a message whose nonce the same author
        used in the channel within the last few minutes with that message, and stores
        nothing new."""
        nonce = payload.get("nonce")
        if nonce is None or not payload.get("enforce_nonce"):
            return None
        mid, made = self._nonces.get((cid, str(nonce)), (0, 0.0))
        if mid in self.messages and time.monotonic() - made < NONCE_WINDOW:
            return self.messages[mid]
        return None

    def _check_dm_open(self, cid: int) -> None:
        """A DM to someone whose DMs are closed, or who shares no server with the bot."""
        to = next((uid for uid, c in self.dm_channels.items() if int(c["id"]) == cid), None)
        if to is not None and to in self.dms_closed | self.gone:
            raise _ApiError(403, "Cannot send messages to this user", 50007)

    async def _h_channel_message(self, call: _Call) -> tuple[int, Any]:
        cid, mid = int(call.args[0]), int(call.args[1])
        self._known_channel(cid)
        message = self.messages.get(mid)
        if message is None or int(message["channel_id"]) != cid:
            raise _ApiError(404, "Unknown Message", 10008)
        if call.method == "DELETE":
            await self.delete_message(mid)
            return 204, None
        if call.method == "PATCH":
            self._edit_message(message, call.json or {}, call.files)
        return 200, message

    async def _h_channel(self, call: _Call) -> tuple[int, Any]:
        cid = int(call.args[0])
        self._known_channel(cid)
        if cid not in self.channels:
            return 200, next(c for c in self.dm_channels.values() if int(c["id"]) == cid)
        channel = self.channels[cid]
        if call.method == "PATCH" and channel["type"] == THREAD:
            return 200, await self._edit_thread(channel, call.json or {})
        if call.method == "PATCH":
            allowed = ("name", "topic", "position", "permission_overwrites", "parent_id", "nsfw")
            channel.update({k: v for k, v in (call.json or {}).items() if k in allowed})
            await self._dispatch("CHANNEL_UPDATE", channel)
        elif call.method == "DELETE":
            await self.delete_channel(cid)
        return 200, channel

    async def _h_create_thread(self, call: _Call) -> tuple[int, Any]:
        """Start a thread without a message (``POST /channels/{id}/threads``): a public one
        needs Create Public Threads in the channel; THREAD_CREATE, its creator a member."""
        cid = int(call.args[0])
        self._known_channel(cid)
        body = call.json or {}
        if self.channels[cid]["type"] != 0:
            raise _ApiError(400, "Cannot start a thread here", 50024)
        if not _P(self.bot_permissions(cid)).create_public_threads:
            raise _ApiError(403, "Missing Permissions", MISSING_PERMISSIONS)
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= MAX_THREAD_NAME:
            raise _ApiError(400, "Invalid Form Body (name: Must be between 1 and 100 in "
                            "length.)", 50035)
        thread_id = await self.add_thread(cid, name, auto_archive_duration=int(
            body.get("auto_archive_duration") or 4320))
        return 201, self.channels[thread_id]

    async def _edit_thread(self, thread: JSON, body: JSON) -> JSON:
        """``PATCH /channels/{thread}``: its name, archived, locked or auto-archive time.
        Only its creator or a member with Manage Threads may (the bot is the one here);
        a locked thread only with Manage Threads. THREAD_UPDATE."""
        perms = _P(self.bot_permissions(int(thread["id"])))
        if thread["owner_id"] != str(self.bot_id) and not perms.manage_threads:
            raise _ApiError(403, "Missing Permissions", MISSING_PERMISSIONS)
        if "name" in body and not 1 <= len(str(body["name"])) <= MAX_THREAD_NAME:
            raise _ApiError(400, "Invalid Form Body (name: Must be between 1 and 100 in "
                            "length.)", 50035)
        meta = thread["thread_metadata"]
        if "locked" in body and not perms.manage_threads:
            raise _ApiError(403, "Missing Permissions", MISSING_PERMISSIONS)
        if "name" in body:
            thread["name"] = str(body["name"])
        for key in ("archived", "locked", "auto_archive_duration"):
            if key in body:
                meta[key] = body[key]
        meta["archive_timestamp"] = _now()
        await self._dispatch("THREAD_UPDATE", thread)
        return thread

    async def _h_thread_member(self, call: _Call) -> tuple[int, Any]:
        """Add (``PUT``) or remove (``DELETE``) a thread's member: adding needs Send
        Messages in Threads, removing its creator or Manage Threads; the thread must not
        be archived. THREAD_MEMBERS_UPDATE."""
        tid = int(call.args[0])
        self._known_channel(tid)
        thread = self.channels[tid]
        if thread.get("type") != THREAD:
            raise _ApiError(400, "Not a thread", 50024)
        if thread["thread_metadata"]["archived"]:
            raise _ApiError(400, "Thread is archived", THREAD_ARCHIVED)
        uid = self.bot_id if call.args[1] == "@me" else self._user_id(int(call.args[1]))
        if not _P(self.bot_permissions(tid)).send_messages_in_threads:
            raise _ApiError(403, "Missing Permissions", MISSING_PERMISSIONS)
        members = self.thread_members.setdefault(tid, set())
        change: JSON = {"id": str(tid), "guild_id": thread["guild_id"]}
        if call.method == "PUT" and uid not in members:
            members.add(uid)
            change["added_members"] = [{"id": str(tid), "user_id": str(uid), "flags": 0,
                                        "join_timestamp": _now()}]
        elif call.method == "DELETE" and uid in members:
            members.discard(uid)
            change["removed_member_ids"] = [str(uid)]
        else:
            return 204, None
        thread["member_count"] = len(members)
        await self._dispatch("THREAD_MEMBERS_UPDATE", {**change, "member_count": len(members)})
        return 204, None

    async def _h_permissions(self, call: _Call) -> tuple[int, Any]:
        cid, target = int(call.args[0]), call.args[1]
        if cid not in self.channels:
            raise _ApiError(404, "Unknown Channel", 10003)
        channel = self.channels[cid]
        overwrites = [o for o in channel["permission_overwrites"] if o["id"] != target]
        if call.method == "PUT":
            overwrites.append({"id": target, **(call.json or {})})
        channel["permission_overwrites"] = overwrites
        await self._dispatch("CHANNEL_UPDATE", channel)
        return 204, None

    def _check_guild(self, gid: str) -> int:
        if int(gid) not in self.guild_names:
            raise _ApiError(404, "Unknown Guild", 10004)
        return int(gid)

    async def _h_guild(self, call: _Call) -> tuple[int, Any]:
        return 200, self._guild(full=False, guild_id=self._check_guild(call.args[0]))

    async def _h_guild_channels(self, call: _Call) -> tuple[int, Any]:
        gid = self._check_guild(call.args[0])
        if call.method == "GET":
            return 200, [c for c in self._guild_channels(gid) if c["type"] != THREAD]
        body = dict(call.json or {})
        name = body.pop("name", "new-channel")
        position = body.pop("position", None)
        if position is None:
            position = max((c["position"] for c in self.channels.values()), default=-1) + 1
        channel = self._add_channel(self._snowflake(), name, position,
                                    **{**body, "guild_id": str(gid)})
        await self._dispatch("CHANNEL_CREATE", channel)
        return 201, channel

    async def _h_member(self, call: _Call) -> tuple[int, Any]:
        gid = self._check_guild(call.args[0])
        uid = int(call.args[1])
        if uid not in {*self.users.values(), self.bot_id} or uid in self.gone:
            raise _ApiError(404, "Unknown Member", 10007)
        return 200, self._member(uid, guild_id=gid)

    async def _h_member_role(self, call: _Call) -> tuple[int, Any]:
        """A role given to a member (PUT) or taken off (DELETE), as Discord allows it: the
        bot needs Manage Roles, and the role must be below the bot's highest role."""
        gid = self._check_guild(call.args[0])
        uid, rid = int(call.args[1]), call.args[2]
        roles = {r["id"]: r for r in self._roles(gid)}
        if uid not in self.users.values() or uid in self.gone:
            raise _ApiError(404, "Unknown Member", 10007)
        if rid not in roles:
            raise _ApiError(404, "Unknown Role", 10011)
        bot_role = roles[str(gid + 2)]
        if not int(bot_role["permissions"]) & _P(manage_roles=True).value \
                or roles[rid]["position"] >= bot_role["position"]:
            raise _ApiError(403, "Missing Permissions", MISSING_PERMISSIONS)
        given = self.member_roles.setdefault(uid, set())
        (given.add if call.method == "PUT" else given.discard)(rid)
        return 204, None

    async def _attachment(self, request: web.Request) -> web.Response:
        data = self.attachment_bytes.get(int(request.match_info["attachment"]))
        if data is None:
            return web.Response(status=404)
        kind = "image/png" if data.startswith(PNG_MAGIC) else "application/octet-stream"
        return web.Response(body=data, headers={"Content-Type": kind})

    # ------------------------------------------------------------------ gateway
    def _ws_for(self, guild_id: int | str | None) -> web.WebSocketResponse | None:
        """The connection of the shard that carries the guild (DMs: shard 0)."""
        if not self._shard_ws:
            return self._ws
        shard = self.shard_of(int(guild_id), self._shard_count) if guild_id else 0
        return self._shard_ws.get(shard)

    async def _connected(self, guild_id: int | None) -> None:
        while self._ws_for(guild_id) is None:
            await asyncio.sleep(0.01)

    async def _dispatch(self, event: str, data: JSON,
                        ws: web.WebSocketResponse | None = None) -> None:
        """Send an event to ``ws``, else to the connection of its guild's shard."""
        ws = ws or self._ws_for(data.get("guild_id"))
        if ws is None or ws.closed:
            return
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "t": event, "s": self._seq, "d": data}))

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        self._ws = ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        try:
            async for frame in ws:
                if frame.type is not WSMsgType.TEXT:
                    continue
                message = json.loads(frame.data)
                op, data = message.get("op"), message.get("d")
                if op == 1:
                    await ws.send_str(json.dumps({"op": 11, "d": None}))
                elif op == 2:
                    self.identify_payloads.append(data)
                    await self._identify(data, ws)
                elif op == 6:  # RESUME: not supported -> make the client re-identify
                    self.resume_payloads.append(data)
                    await ws.send_str(json.dumps({"op": 9, "d": False}))
                elif op == 8:
                    gid = int(data.get("guild_id") or self.guild_id)
                    await self._dispatch("GUILD_MEMBERS_CHUNK", {
                        "guild_id": str(gid), "chunk_index": 0, "chunk_count": 1,
                        "members": self._guild(full=True, guild_id=gid)["members"],
                        "nonce": data.get("nonce")}, ws)
        finally:
            for shard in [s for s, open_ws in self._shard_ws.items() if open_ws is ws]:
                del self._shard_ws[shard]
            if self._ws is ws:  # another shard's connection, if one is left, is the latest
                self._ws = next(iter(self._shard_ws.values()), None)
                if self._ws is None:
                    self._gateway_ready.clear()
        return ws

    async def _identify(self, identify: JSON, ws: web.WebSocketResponse) -> None:
        """READY with the guilds of the shard identified (``shard: [id, count]``, absent for
        one shard), then a GUILD_CREATE for each; later events of those guilds go here;
        then the interactions held while the gateway was down (``close_gateway``)."""
        if (code := self._refuse_identify) is not None:
            self._refuse_identify = None
            await ws.close(code=code, message=b"fake refusal")
            return
        self._seq = 0
        shard, count = identify.get("shard") or [0, 1]
        self._shard_count, self._shard_ws[shard] = count, ws
        mine = [g for g in self.guild_names if self.shard_of(g, count) == shard]
        await self._dispatch("READY", {
            "v": 10, "user": {**self._user(self.bot_id), "verified": True, "flags": 0},
            "guilds": [{"id": str(g), "unavailable": True} for g in mine],
            "session_id": secrets.token_hex(16), "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.application_id), "flags": 0},
            "shard": [shard, count], "private_channels": [], "relationships": [],
        }, ws)
        for gid in mine:
            await self._dispatch("GUILD_CREATE", self._guild(full=True, guild_id=gid), ws)
        self._down = False
        held, self._held = self._held, []
        for payload in held:
            await self._dispatch("INTERACTION_CREATE", payload)
        self._gateway_ready.set()


def _flags(names: Iterable[str]) -> int:
    """The bits of discord.Permissions flags named like its attributes."""
    unknown = [n for n in names if n not in _P.VALID_FLAGS]
    if unknown:
        raise ValueError(f"not discord.Permissions flags: {unknown}")
    return _P(**dict.fromkeys(names, True)).value


def _age(snowflake: int) -> float:
    """Seconds since Discord made the object with this id (its timestamp, ms)."""
    return time.time() - ((snowflake >> 22) + 1_420_070_400_000) / 1000


def _is_discord_task(task: asyncio.Task[Any]) -> bool:
    code = getattr(task.get_coro(), "cr_code", None)
    return code is not None and f"{os.sep}discord{os.sep}" in code.co_filename
