"""One command catalogue (bot/commands.py) for both faces: Discord's slash commands are
made from it, and the sandbox reads typed lines against it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import discord
import pytest
from discord import app_commands

from bot import clicks, commands
from bot.command_kit import BadInput
from bot.commands import COMMANDS
from bot.discord_face.commands import add_commands
from bot.guide import HELP
from bot.replies import Actor
from bot.sandbox import read_values
from bot.table import Table, playable_ids
from db import Repository


@pytest.fixture
async def table(tmp_path):
    repo = await Repository.open(f"sqlite+aiosqlite:///{tmp_path / 'commands.sqlite3'}")
    yield Table(repo)
    await repo.close()


def slash_commands() -> dict[str, app_commands.Command]:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    add_commands(tree)
    return {command.qualified_name: command for command in tree.walk_commands()
            if isinstance(command, app_commands.Command)}


def test_every_command_of_the_catalogue_is_a_slash_command_with_its_options():
    made = slash_commands()
    assert list(made) == [c.path for c in COMMANDS]
    for command in COMMANDS:
        slash = made[command.path]
        assert slash.description == command.description
        params = [p for p in command.params if p.discord]
        assert [o.name for o in slash.parameters] == [p.name for p in params]
        for param, option in zip(params, slash.parameters, strict=True):
            assert option.required == param.required, (command.path, param.name)
            assert option.autocomplete == (param.suggest is not None)
            if param.choices is not None:
                assert [(c.name, c.value) for c in option.choices] == param.choices()
            if param.low is not None:
                assert (option.min_value, option.max_value) == (param.low, param.high)
    member = made["game reassign"].get_parameter("player")
    assert member.type is discord.AppCommandOptionType.user
    assert made["game new"].parent.guild_only


def read(line: str) -> dict:
    """What the sandbox reads from ``line`` for its command."""
    words = shlex.split(line)
    path = [w.lstrip("/") for w in words[:2]]
    command = commands.find(*path) if path[0] in commands.GROUPS else commands.find(None,
                                                                                  path[0])
    rest = words[2:] if command.group else words[1:]
    return read_values(command, rest, line)


@pytest.mark.parametrize("line, values", [
    ("/game new goat_tiger side:goats goats=12 threefold_draw:off",
     {"game": "goat_tiger", "side": "goats", "options": "goats=12 threefold_draw=off"}),
    ("/game new goat_tiger options:goats=12 opponent:computer",
     {"game": "goat_tiger", "options": "goats=12", "opponent": "computer"}),
    ("/game join tigers", {"side": "tigers"}),
    ("/game start fill:computer", {"fill_with_computer": True}),
    ("/game start fill_with_computer:no", {"fill_with_computer": False}),
    ("/game remind", {}),
    ("/game remind dm after:12", {"mode": "dm", "after_hours": 12}),
    ("/game remind channel 1.5", {"mode": "channel", "after_hours": 1.5}),
    ("/game reassign tigers @sam", {"side": "tigers", "player": Actor("sandbox:sam", "sam")}),
    ("/game reassign tigers computer", {"side": "tigers", "computer": True}),
    ("/board text side:red", {"text": True, "side": "red"}),
    ("/board public", {"public": True}),
    ("/log 20", {"lines": 20}),
    ("/help vijayanagara attack", {"game": "vijayanagara", "topic": "attack"}),
    ("/rules attack", {"topic": "attack"}),
    ("/rules vijayanagara battle of talikota", {"game": "vijayanagara",
                                                 "topic": "battle of talikota"}),
    ("/rules topic:victory", {"topic": "victory"}),
    # A move is the rest of the line as typed (after an optional `move:`).
    ("/play move: b3 d3", {"move": "b3 d3"}),
    ("/play c3  d3", {"move": "c3  d3"}),
    ("/play", {"move": ""}),
])
def test_the_sandbox_reads_a_line_against_the_catalogue(line, values):
    assert read(line) == values


@pytest.mark.parametrize("line, said", [
    ("/game new side:goats", "Which game? e.g. /game new goat_tiger"),
    ("/game remind dm after:soon", "`after_hours` is a number, e.g. /game remind dm after:12"),
    ("/log many", "`lines` is a number, e.g. /log 20"),
])
def test_what_the_sandbox_cannot_read_is_said_before_the_table_is_asked(line, said):
    with pytest.raises(BadInput, match=said.replace("?", r"\?")):
        read(line)


def test_a_command_that_cannot_use_its_values_says_so_before_the_table_is_asked(table):
    reassign = commands.find("game", "reassign")
    for values in ({"side": "tigers"}, {"side": "tigers", "computer": True,
                                        "player": Actor("1", "sam")}):
        with pytest.raises(BadInput):
            reassign.call(table, None, None, values)
    with pytest.raises(BadInput, match="name=value"):
        commands.find("game", "new").call(table, None, None,
                                          {"game": "goat_tiger", "options": "goats"})


async def test_help_says_how_to_play_and_lists_the_games(table):
    reply = await commands.find(None, "help").call(table, None, None, {})
    assert reply.private.startswith(HELP) and len(reply.private) <= 2000
    if reply.page is not None:  # the games on the next page (◀ ▶ in Discord)
        reply = await table.help_page(None, None, 2, reply.page.subject)
    assert Table.rules().private in reply.private
    assert all(f"`{g}`" in reply.private for g in playable_ids())
    reply = await commands.find(None, "help").call(table, None, None, {"game": "goat_tiger"})
    assert reply.private == Table.rules("goat_tiger").private


def _type_errors(source: str, folder: Path) -> str:
    """mypy's errors in ``source`` as a module of its own (what it imports taken as
    unknown, so only the catalogue's own declarations are checked: a second or two)."""
    from mypy import api

    module = folder / "catalogue.py"
    module.write_text(source)
    out, _, status = api.run([str(module), "--follow-imports=skip", "--no-error-summary",
                              "--cache-dir", str(folder / "cache")])
    return out if status else ""


@pytest.mark.slow
def test_renaming_a_commands_parameter_where_it_is_declared_is_a_type_error(tmp_path):
    """A parameter renamed in its declaration (so the slash command's option is renamed)
    but not in the table call that reads it is caught by mypy, not by a player."""
    source = Path(commands.__file__).read_text()
    assert _type_errors(source, tmp_path) == ""
    renamed = source.replace("fill_with_computer", "fill_with_the_computer", 1)
    assert "fill_with_computer" in _type_errors(renamed, tmp_path)


def _template(item: type) -> re.Pattern[str]:
    """The pattern discord.py matches a clicked custom id against."""
    return item.__discord_ui_compiled_template__


def test_every_button_of_the_catalogue_is_a_persistent_item_that_reads_its_own_ids():
    """Each button is declared once, under its command; the bot registers an item for each
    (and none other), and what a button's id carries comes back as it was made."""
    from bot.discord_face.buttons import ITEMS

    assert sorted(ITEMS) == sorted(c.key for c in commands.CLICKS)
    samples = {clicks.OnGame: clicks.OnGame(7), clicks.Step: clicks.Step(7, 3, "c3"),
               clicks.Chosen: clicks.Chosen(7, 3, 1), clicks.Vote: clicks.Vote(9, False),
               clicks.Answer: clicks.Answer(7, True, "123"), clicks.PageOf: clicks.PageOf(2),
               clicks.AtMove: clicks.AtMove(7, 0), clicks.Again: clicks.Again(7, "keep"),
               clicks.Offer: clicks.Offer(5), clicks.OnSeat: clicks.OnSeat(6),
               clicks.SeatVote: clicks.SeatVote(6, True),
               clicks.SideOf: clicks.SideOf(7, "tigers")}
    for click in commands.CLICKS:
        made = click.custom_id(samples[click.args])
        matched = [key for key, item in ITEMS.items() if _template(item).fullmatch(made)]
        assert matched == [click.key], made
        found = _template(ITEMS[click.key]).fullmatch(made)
        assert click.read(found.groupdict()) == samples[click.args]


@pytest.mark.parametrize("custom_id, key, args", [
    ("darbar:s:12:40:c3 d3", "s", clicks.Step(12, 40, "c3 d3")),
    ("darbar:sel:12:40:1", "sel", clicks.Chosen(12, 40, 1)),
    ("darbar:undo:12", "undo", clicks.OnGame(12)),
    ("darbar:board:12", "board", clicks.OnGame(12)),
    ("darbar:hand:12", "hand", clicks.OnGame(12)),
    ("darbar:panel:12", "panel", clicks.OnGame(12)),
    ("darbar:uv:4:y", "uv", clicks.Vote(4, True)),
    ("darbar:cf:resign:12:n", "cf:resign", clicks.Answer(12, False)),  # before it named whom
    ("darbar:cf:resign:12:555:y", "cf:resign", clicks.Answer(12, True, "555")),
    ("darbar:pg:my_games:2", "pg:my_games", clicks.PageOf(2)),
    ("darbar:pg:list_games:3", "pg:list_games", clicks.PageOf(3)),
    ("darbar:pg:help_page:2:vijayanagara.attack", "pg:help_page",
     clicks.PageOf(2, "vijayanagara.attack")),
    ("darbar:rp:12:5", "rp", clicks.AtMove(12, 5)),
    ("darbar:rm:12:shuffle", "rm", clicks.Again(12, "shuffle")),
    ("darbar:jn:12", "jn", clicks.OnGame(12)),
    ("darbar:tk:8", "tk", clicks.Offer(8)),
    ("darbar:lj:12", "lj", clicks.OnGame(12)),
    ("darbar:lfg:12", "lfg", clicks.OnGame(12)),
    ("darbar:pg:open_seats:2", "pg:open_seats", clicks.PageOf(2)),
    ("darbar:sub:6", "sub", clicks.OnSeat(6)),
    ("darbar:sv:6:n", "sv", clicks.SeatVote(6, False)),
    ("darbar:sup:12:red", "sup", clicks.SideOf(12, "red")),
])
def test_buttons_under_old_posts_are_read_as_they_were_made(custom_id, key, args):
    """Persistent buttons stay under posts for good: each id ever made is still matched by
    the same button, and read into what it carried."""
    from bot.discord_face.buttons import ITEMS

    matched = [k for k, item in ITEMS.items() if _template(item).fullmatch(custom_id)]
    assert matched == [key]
    click = ITEMS[key].click
    assert click.read(_template(ITEMS[key]).fullmatch(custom_id).groupdict()) == args
    assert click.custom_id(args) == custom_id


def test_a_click_calls_the_table_by_its_declaration_not_by_a_name_it_carries():
    """No ``getattr(table, what_the_id_said)``: a click's table call is the catalogue's, in
    Discord and in the sandbox's stand-ins for the buttons."""
    import ast

    root = Path(commands.__file__).parent
    named = []
    face = root / "discord_face"
    for path in [face / "views.py", face / "buttons.py", face / "commands.py",
                 root / "clicks.py", root / "commands.py", root / "sandbox.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "getattr"
                    and not isinstance(node.args[1], ast.Constant)):
                named.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    assert named == []
