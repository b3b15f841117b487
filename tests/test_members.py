"""How the Discord face finds out who left a server (bot/discord_face/members.py): by a
member fetch, only where it would matter, and never on a failure that proves nothing."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.discord_face.members import PRESENT_FOR, Members
from bot.replies import Ping, Reply


def error(kind: type[discord.HTTPException], status: int, code: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="")
    return kind(response, {"code": code, "message": "fake"})


class FakeHttp:
    def __init__(self, answers: dict[int, discord.HTTPException | None]) -> None:
        self.answers, self.asked = answers, []

    async def get_member(self, guild_id: int, user_id: int) -> dict:
        self.asked.append(user_id)
        if (e := self.answers.get(user_id)) is not None:
            raise e
        return {"user": {"id": str(user_id)}}


class FakeTable:
    def __init__(self) -> None:
        self.left, self.back = [], []

    async def left_server(self, guild_id: str, user_id: str) -> list:
        self.left.append(user_id)
        return []

    async def came_back(self, guild_id: str, user_id: str) -> int:
        self.back.append(user_id)
        return 1


def members(answers, now):
    http, table = FakeHttp(answers), FakeTable()
    return Members(http, lambda: table, clock=lambda: now[0]), http, table


async def test_only_unknown_member_means_gone_and_the_rest_are_pinged():
    now = [0.0]
    m, http, table = members({1: error(discord.NotFound, 404, 10007),
                              2: error(discord.Forbidden, 403, 50001),
                              3: error(discord.NotFound, 404, 10008)}, now)
    reply = Reply(public="x", pings=[Ping(str(u), f"p{u}", "Goats") for u in (1, 2, 3, 4)])
    told: list = []
    reply = await m.checked("1000", reply, told, spare="4")
    assert [p.quiet for p in reply.pings] == [True, False, False, False]
    assert table.left == ["1"] and http.asked == [1, 2, 3]  # the one acting is not asked


async def test_someone_seen_lately_is_not_asked_and_a_return_is_noted_once_an_hour():
    now = [0.0]
    m, http, table = members({}, now)
    await m.arrived("1000", "5")
    await m.arrived("1000", "5")
    assert table.back == ["5"]
    assert await m.gone("1000", ["5"]) == set() and http.asked == []
    assert await m.gone("1000", ["5"], always=True) == set() and http.asked == [5]
    now[0] = PRESENT_FOR + 1
    await m.arrived("1000", "5")
    assert table.back == ["5", "5"]
    assert await m.gone(None, ["5"], always=True) == set()  # a DM: no server to leave
