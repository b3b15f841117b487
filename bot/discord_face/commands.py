"""The slash commands, made from the catalogue (bot/commands.py).

discord.py reads a command's options from its callback's signature: each parameter's
name, type annotation and default. Here one callback per command is made from the
catalogue, with that signature set as ``__signature__`` and the catalogue's descriptions,
choices and autocomplete attached with discord.py's own decorators. Thin cog methods
forwarding to the catalogue were the other way: each would have repeated every option's
name, type and default, so a command would again be written twice. Every callback does
the same: read what Discord sent into the catalogue's values (a member becomes an
``Actor``), make the table call (``Command.run``) and answer with its reply.
"""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands

from bot.command_kit import BadInput, Channel, Command, Param, Role, Suggest
from bot.commands import COMMANDS, GROUPS
from bot.discord_face.context import actor_of, place_of, take_up
from bot.discord_face.face import face_of
from bot.discord_face.respond import closing, say, since_made
from bot.metrics import FIRST_ANSWER, INTERACTIONS
from bot.replies import Actor
from db.outage import unavailable

# A parameter's kind as Discord knows it (an ``Actor`` is a member of the server).
KINDS: dict[type, Any] = {str: str, int: int, bool: bool, Actor: discord.Member,
                          Role: discord.Role, Channel: discord.TextChannel}


def add_commands(tree: app_commands.CommandTree) -> None:
    """Every command of the catalogue on ``tree``, in the catalogue's order."""
    groups: dict[str, app_commands.Group] = {}
    for command in COMMANDS:
        parent = None
        if command.group is not None:
            parent = groups.get(command.group)
            if parent is None:
                # A game is set up in a server's channel: the group is not offered in DMs.
                parent = groups[command.group] = app_commands.Group(
                    name=command.group, description=GROUPS[command.group], guild_only=True)
                tree.add_command(parent)
        made = slash_command(command, parent)
        if parent is None:
            tree.add_command(made)
        else:
            parent.add_command(made)


def slash_command(command: Command[Any], parent: app_commands.Group | None = None
                  ) -> app_commands.Command:
    params = [p for p in command.params if p.discord]

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        try:
            work = command.call(face_of(interaction).opened()[1], place_of(interaction),
                                actor_of(interaction),
                                {p.name: _read(p, values.get(p.name, p.default))
                                 for p in params})
        except BadInput as e:
            await say(interaction, str(e))
            return
        # Through the bot, as the buttons are: it checks whom the reply pings (members.py).
        await face_of(interaction).respond(interaction, work)

    callback.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                          annotation=discord.Interaction),
        *(inspect.Parameter(p.name, inspect.Parameter.KEYWORD_ONLY, annotation=_annotation(p),
                            default=inspect.Parameter.empty if p.required else p.default)
          for p in params)])
    described = {p.name: p.description for p in params if p.description}
    if described:
        app_commands.describe(**described)(callback)
    chosen = {p.name: [app_commands.Choice(name=name, value=value) for name, value in p.choices()]
              for p in params if p.choices is not None}
    if chosen:
        app_commands.choices(**chosen)(callback)
    suggested = {p.name: _autocomplete(p.suggest, p.kind) for p in params
                 if p.suggest is not None}
    if suggested:
        app_commands.autocomplete(**suggested)(callback)
    return app_commands.Command(name=command.name, description=command.description,
                                callback=callback, parent=parent)


def _annotation(param: Param) -> Any:
    """The type discord.py reads an option from: its kind, within its range, optional
    unless required or given a default."""
    kind = KINDS[param.kind]
    if param.low is not None or param.high is not None:
        kind = app_commands.Range[kind, param.low, param.high]
    return kind if param.required or param.default is not None else kind | None


def _read(param: Param, value: Any) -> Any:
    """A value Discord sent, as the catalogue takes it."""
    if param.kind is Actor and value is not None:
        if value.bot:
            raise BadInput("That is a bot account: to let Darbar play the side, use "
                           "`computer: True`.")
        return Actor(str(value.id), value.display_name)
    if param.kind is Role and value is not None:
        return Role(str(value.id), value.name)
    if param.kind is Channel and value is not None:
        return Channel(str(value.id), value.name)
    return value


def _autocomplete(suggest: Suggest, kind: type) -> Any:
    """Discord's autocomplete callback for a parameter of ``kind``: a choice's value has the
    option's type (a game's number for an int)."""
    async def complete(interaction: discord.Interaction,
                       current: Any) -> list[app_commands.Choice[Any]]:
        what_kind, what = take_up(interaction)
        if closing(interaction):  # nothing new is taken up while the bot closes
            INTERACTIONS.labels(what_kind, what, "restarting").inc()
            return []
        # The values given so far (a Namespace answers None to any attribute, ``keys``
        # included, so it is read as the (name, value) pairs it yields).
        given = {name: value for name, value in interaction.namespace}
        outcome = "failed"
        try:
            pairs = await suggest(face_of(interaction).opened()[1], place_of(interaction),
                                  actor_of(interaction), "" if current is None else str(current),
                                  given)
            outcome = "ok"
        except Exception as e:  # the database does not answer: nothing to offer just now
            if not unavailable(e):
                raise
            pairs, outcome = [], "unavailable"
        finally:
            INTERACTIONS.labels(what_kind, what, outcome).inc()
            # discord.py sends the choices next: timed here, just before.
            FIRST_ANSWER.labels(what_kind).observe(since_made(interaction))
        return [app_commands.Choice(name=name, value=int(value) if kind is int else value)
                for name, value in pairs]

    return complete
