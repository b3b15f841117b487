"""The slash commands Discord is sent at sync, byte for byte as they were recorded: a change
to how the catalogue is declared or made into commands must not change what players see
(``tests/data/slash_commands.json``; record it again only for a change meant to show)."""

from __future__ import annotations

import json
from pathlib import Path

import discord
from discord import app_commands
from discord.utils import _to_json

from bot.discord_face.commands import add_commands

RECORDED = Path(__file__).parent / "data" / "slash_commands.json"


def synced_payload() -> str:
    """What ``CommandTree.sync`` sends, laid out one value a line to read and compare: the
    same keys, values and order give the same bytes from discord.py's compact JSON."""
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    add_commands(tree)
    sent = _to_json([command.to_dict(tree) for command in tree.get_commands()])
    return json.dumps(json.loads(sent), indent=1, ensure_ascii=False) + "\n"


def test_the_synced_commands_are_the_recorded_ones():
    assert synced_payload() == RECORDED.read_text()


if __name__ == "__main__":  # python -m tests.test_synced_commands: record them again
    RECORDED.write_text(synced_payload())
