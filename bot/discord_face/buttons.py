"""The catalogue's buttons (bot/clicks.py) as Discord's persistent items: one DynamicItem
class a button, matched by its custom id's template, so a button keeps working after a
restart and a stale click (a double click, an old panel) is refused politely by the table.

A click reads its custom id into the button's arguments, makes its table call for the one
who clicked, where they did, and is answered through the bot (``Face.respond``). views.py
draws these same items under the messages.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord

from bot.clicks import Click
from bot.commands import CLICKS
from bot.discord_face.context import actor_of, place_of
from bot.discord_face.face import face_of

Component = discord.ui.Button[Any] | discord.ui.Select[Any]


class Clicked(discord.ui.DynamicItem[Component], template=r"darbar:(?!)"):
    """A catalogue button under a post (its class per button: ``ITEMS``). The base
    template matches nothing: only the classes ``ITEMS`` makes are matched."""

    click: Click[Any]

    def __init__(self, item: Component, args: Any) -> None:
        super().__init__(item)
        self.args = args

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Clicked:
        if not isinstance(item, discord.ui.Button | discord.ui.Select):
            raise TypeError(f"a {type(item).__name__} with the id of a Darbar button")
        return cls(item, cls.click.read(match.groupdict()))

    async def callback(self, interaction: discord.Interaction) -> None:
        args = self.args
        if self.click.menu and isinstance(self.item, discord.ui.Select):
            args = replace(args, chosen=self.item.values[0])  # see Click.menu
        face = face_of(interaction)
        work = self.click.run(face.opened()[1], place_of(interaction), actor_of(interaction),
                              args)
        await face.respond(interaction, work, from_panel=self.click.from_panel,
                           edits_public=self.click.edits_public)


def _item_class(made: Click[Any]) -> type[Clicked]:
    class Item(Clicked, template=made.template):
        click = made

    Item.__name__ = Item.__qualname__ = f"Clicked[{made.key}]"
    return Item


# Every button's class, by its key (``s``, ``cf:resign``, ``pg:my_games``).
ITEMS: dict[str, type[Clicked]] = {click.key: _item_class(click) for click in CLICKS}


def button(click: Click[Any], args: Any, label: str, *,
           style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           emoji: str | None = None, row: int | None = None) -> Clicked:
    """``click``'s button for ``args``, as drawn under a message."""
    made = ITEMS[click.key](discord.ui.Button(label=label[:80], style=style, emoji=emoji,
                                              custom_id=click.custom_id(args)), args)
    made.row = row
    return made


def menu(click: Click[Any], args: Any, options: list[discord.SelectOption],
         placeholder: str) -> Clicked:
    """``click``'s select menu for ``args``."""
    return ITEMS[click.key](discord.ui.Select(placeholder=placeholder, options=options,
                                              custom_id=click.custom_id(args)), args)
