"""Slash commands: /game (seating), /play and friends (moves), /help."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_face.context import actor_of, place_of
from bot.discord_face.respond import run_and_respond, say
from bot.reminders import MAX_IDLE_HOURS
from bot.replies import Actor
from bot.table import parse_options, playable_ids
from engine import games


def _game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=games.get(g).NAME[:100], value=g) for g in playable_ids()]


async def _side_autocomplete(interaction: discord.Interaction, current: str):
    """Sides of the game being chosen in /game new, or of the channel's game."""
    game_id = getattr(interaction.namespace, "game", None)
    if not game_id:
        game = await interaction.client.table.repo.live_game(str(interaction.channel_id))
        game_id = game.game if game else None
    if game_id not in playable_ids():
        return []
    g = games.get(game_id)
    return [app_commands.Choice(name=g.ROLE_NAMES[r], value=r)
            for r in g.ROLES if r.startswith(current.lower())][:25]


@app_commands.guild_only()
class GameCog(commands.GroupCog, group_name="game", group_description="Set up a game here"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a new game in this channel")
    @app_commands.describe(
        game="Which game", side="The side you want (default: dealt at random)",
        opponent="Play against the computer", options="Game options, e.g. goats=12",
    )
    @app_commands.choices(
        game=_game_choices(),
        opponent=[app_commands.Choice(name="another player", value="none"),
                  app_commands.Choice(name="the computer", value="computer")],
    )
    @app_commands.autocomplete(side=_side_autocomplete)
    async def new(self, interaction: discord.Interaction, game: str, side: str | None = None,
                  opponent: str | None = None, options: str | None = None) -> None:
        table = self.bot.table
        try:
            opts = parse_options(options or "")
        except ValueError as e:
            await say(interaction, str(e))
            return
        await run_and_respond(interaction, table.new(
            place_of(interaction), actor_of(interaction), game,
            role=side, opponent=opponent, options=opts))

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(side="The side you want (default: dealt at random)")
    @app_commands.autocomplete(side=_side_autocomplete)
    async def join(self, interaction: discord.Interaction, side: str | None = None) -> None:
        await run_and_respond(interaction, self.bot.table.join(
            place_of(interaction), actor_of(interaction), side))

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await run_and_respond(interaction, self.bot.table.leave(
            place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="start", description="Deal the sides and begin")
    @app_commands.describe(fill_with_computer="Seat the computer in any empty seat")
    async def start(self, interaction: discord.Interaction,
                    fill_with_computer: bool = False) -> None:
        await run_and_respond(interaction, self.bot.table.start(
            place_of(interaction), actor_of(interaction), fill_with_computer=fill_with_computer))

    @app_commands.command(name="status", description="Who plays what, and whose turn it is")
    async def status(self, interaction: discord.Interaction) -> None:
        await run_and_respond(interaction, self.bot.table.status(
            place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="abort", description="End this channel's game without a result")
    async def abort(self, interaction: discord.Interaction) -> None:
        await run_and_respond(interaction, self.bot.table.abort(
            place_of(interaction), actor_of(interaction)))


    @app_commands.command(name="remind", description="How this game reminds whoever must move")
    @app_commands.describe(mode="How to remind (empty: show the setting)",
                           after_hours="Hours without a move before each reminder")
    @app_commands.choices(mode=[
        app_commands.Choice(name="a mention in this channel", value="channel"),
        app_commands.Choice(name="a direct message", value="dm"),
        app_commands.Choice(name="no reminders", value="off"),
    ])
    async def remind(self, interaction: discord.Interaction, mode: str | None = None,
                     after_hours: app_commands.Range[int, 1, MAX_IDLE_HOURS] | None = None,
                     ) -> None:
        await run_and_respond(interaction, self.bot.table.remind(
            place_of(interaction), actor_of(interaction), mode, after_hours))

    @app_commands.command(name="reassign",
                          description="Hand a side to another member or the computer "
                          "(creator or moderators)")
    @app_commands.describe(side="The side that changes hands", player="Who takes it over",
                           computer="Let the computer play it")
    @app_commands.autocomplete(side=_side_autocomplete)
    async def reassign(self, interaction: discord.Interaction, side: str,
                       player: discord.Member | None = None, computer: bool = False) -> None:
        problem = None
        if computer and player is not None:
            problem = "Choose a player or the computer, not both."
        elif not computer and player is None:
            problem = "Name the member who takes the seat, or choose `computer: True`."
        elif player is not None and player.bot:
            problem = "That is a bot account: to let Darbar play the side, use `computer: True`."
        if problem:
            await say(interaction, problem)
            return
        to = None if computer else Actor(str(player.id), player.display_name)
        await run_and_respond(interaction, self.bot.table.reassign(
            place_of(interaction), actor_of(interaction), side, to))


@app_commands.guild_only()
class PlayCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Make your move (no move: open a panel)")
    @app_commands.describe(move="Steps separated by spaces, e.g. `c3 d3`")
    async def play(self, interaction: discord.Interaction, move: str | None = None) -> None:
        await run_and_respond(interaction, self.bot.table.play(
            place_of(interaction), actor_of(interaction), move or ""))

    @play.autocomplete("move")
    async def play_autocomplete(self, interaction: discord.Interaction, current: str):
        pairs = await self.bot.table.autocomplete(place_of(interaction), actor_of(interaction),
                                                  current)
        return [app_commands.Choice(name=n, value=v) for n, v in pairs]

    @app_commands.command(name="board", description="Show the current board")
    @app_commands.describe(public="Post it for everyone (default: only you)",
                           text="The position in words instead of the image",
                           side="Whose own board to show, where the picture shows one "
                           "(Rajas: a province)")
    @app_commands.autocomplete(side=_side_autocomplete)
    async def board(self, interaction: discord.Interaction, public: bool = False,
                    text: bool = False, side: str | None = None) -> None:
        await run_and_respond(interaction, self.bot.table.board(
            place_of(interaction), actor_of(interaction), public=public, words=text,
            side=side))

    @app_commands.command(name="card", description="The current card and the cards played")
    async def card(self, interaction: discord.Interaction) -> None:
        await run_and_respond(interaction, self.bot.table.card(
            place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="score", description="Victory points as they stand")
    async def score(self, interaction: discord.Interaction) -> None:
        await run_and_respond(interaction, self.bot.table.score(
            place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="hand", description="Your hidden cards (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await run_and_respond(interaction, self.bot.table.hand(
            place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="undo", description="Take back your last move")
    async def undo(self, interaction: discord.Interaction) -> None:
        await run_and_respond(interaction, self.bot.table.undo(
            place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="resign", description="Concede the game")
    async def resign(self, interaction: discord.Interaction) -> None:
        # The table asks first; its question comes with persistent yes / no buttons.
        await run_and_respond(interaction, self.bot.table.resign(
            place_of(interaction), actor_of(interaction)))

    @app_commands.command(name="log", description="The game's recent log")
    @app_commands.describe(lines="How many lines (1–100)")
    async def log(self, interaction: discord.Interaction,
                  lines: app_commands.Range[int, 1, 100] = 15) -> None:
        await run_and_respond(interaction, self.bot.table.log(
            place_of(interaction), actor_of(interaction), lines))


HELP = (
    "**Darbar** hosts board games in this channel. One game per channel or thread.\n"
    "- `/game new` opens a game (`opponent: the computer` to play the bot); others `/game join`.\n"
    "- `/play` opens your move panel; `/play move: c3 d3` types a whole move or part of one "
    "(autocomplete shows the legal steps). Your steps stay private until your move is "
    "complete, then the whole move is posted; the panel's Board button shows your move so far.\n"
    "- A line stops at a step that rolls dice or reveals a card: what came before is played "
    "and stands, you see the outcome, then go on.\n"
    "- `/board`, `/log`, `/game status`, `/card`, `/score` to look; `/hand` shows your "
    "hidden cards, to you alone, in a game that has them. `/undo` takes back one step "
    "of a move under way, or your last move (and the computer's reply) while nobody has "
    "answered it; past dice or a new card the others vote, once per request, and what "
    "was hidden is then dealt anew; against the computer what you have seen stands. "
    "`/resign` concedes (asks first, saying what happens: with 3+ sides the computer "
    "takes yours and the others play on); `/game abort` (creator or moderators).\n"
    "- A game left waiting reminds whoever must move (`/game remind`: channel, DM or off, and "
    "after how many hours); the creator or a moderator can `/game reassign` a side to another "
    "member or the computer (someone must stay seated).\n"
    "- Each person may have a limited number of open games per server.\n"
    "- `/help game:<name>` shows that game's rules in short and its options "
    "(`/game new … options:players=3`); `/rules topic:` one topic."
)


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play here, and each game's rules")
    @app_commands.choices(game=_game_choices())
    async def help(self, interaction: discord.Interaction, game: str | None = None) -> None:
        reply = self.bot.table.rules(game)
        await say(interaction, reply.private if game else HELP + "\n\n" + reply.private)

    @app_commands.command(name="rules", description="A short summary of one rule topic")
    @app_commands.describe(topic="e.g. sequence, attack, victory (empty: the list)")
    @app_commands.choices(game=_game_choices())
    async def rules(self, interaction: discord.Interaction, game: str | None = None,
                    topic: str | None = None) -> None:
        await run_and_respond(interaction, self.bot.table.rules_here(
            place_of(interaction), game, topic))
