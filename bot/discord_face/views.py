"""Buttons and selects. All of them are DynamicItems: their custom ids carry
the game id and version, so they keep working after a restart and a stale
click (a double click, an old panel) is recognised and refused politely.

A click is a table call answered through the bot (``context.answer``); respond.py
puts these views under its messages."""

from __future__ import annotations

import re

import discord

from bot.discord_face.face import answer
from bot.replies import CONFIRMABLE, PAGED, Confirmation, Consent, Reply, Stepper

BUTTONS_MAX = 20  # 4 rows of 5; the fifth row holds Undo and Board
SELECT_MAX = 25


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"darbar:s:(?P<game>\d+):(?P<ver>\d+):(?P<tok>.+)",
):
    def __init__(self, game_id: int, version: int, token: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=(label or token)[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"darbar:s:{game_id}:{version}:{token}"[:100],
            )
        )
        self.game_id, self.version, self.token = game_id, version, token

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(int(match["game"]), int(match["ver"]), match["tok"], item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, p, a: t.click(p, a, self.game_id, self.version,
                                                          self.token), from_panel=True)


class StepSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"darbar:sel:(?P<game>\d+):(?P<ver>\d+):(?P<page>\d+)",
):
    def __init__(self, game_id: int, version: int, page: int,
                 options: list[discord.SelectOption] | None = None) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder="Choose a step…",
                options=options or [discord.SelectOption(label="…")],
                custom_id=f"darbar:sel:{game_id}:{version}:{page}",
            )
        )
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(int(match["game"]), int(match["ver"]), int(match["page"]), item.options)

    async def callback(self, interaction: discord.Interaction) -> None:
        token = self.item.values[0]
        await answer(interaction, lambda t, p, a: t.click(p, a, self.game_id, self.version,
                                                          token), from_panel=True)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=r"darbar:undo:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(label="Undo", style=discord.ButtonStyle.secondary, emoji="↩",
                              custom_id=f"darbar:undo:{game_id}")
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, p, a: t.undo(p, a, self.game_id))


class LookButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"darbar:(?P<what>board|hand):(?P<game>\d+)",
):
    """On a step panel: the clicker's board as it stands, their own move so far included
    (drawn only when asked, so a move made by clicks costs no image per step), or, in a
    game of hidden hands, their own hand. Only the table method named here is called,
    and it reads whose board or hand from the database, never from the click."""

    LOOKS = {"board": ("Board", "🗺"), "hand": ("Hand", "🂠")}

    def __init__(self, what: str, game_id: int) -> None:
        label, emoji = self.LOOKS[what]
        super().__init__(
            discord.ui.Button(label=label, style=discord.ButtonStyle.secondary, emoji=emoji,
                              custom_id=f"darbar:{what}:{game_id}")
        )
        self.what = what

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(match["what"], int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, p, a: getattr(t, self.what)(p, a))


class OpenPanelButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"darbar:panel:(?P<game>\d+)"
):
    """On every public post: opens the clicker's own step panel (ephemeral)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(
            discord.ui.Button(label="Make your move", style=discord.ButtonStyle.success,
                              emoji="🎲", custom_id=f"darbar:panel:{game_id}")
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, p, a: t.panel(p, a))


class UndoVoteButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"darbar:uv:(?P<req>\d+):(?P<yes>[yn])",
):
    """Agree / refuse under an undo request. The id names the request only: who asked and
    who agreed so far are kept in the database, so neither can be forged by a client."""

    def __init__(self, request_id: int, yes: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label="Agree to undo" if yes else "Refuse",
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                custom_id=f"darbar:uv:{request_id}:{'y' if yes else 'n'}",
            )
        )
        self.request_id, self.yes = request_id, yes

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(int(match["req"]), match["yes"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, p, a: t.undo_vote(p, a, self.request_id, self.yes),
                     from_panel=True, edits_public=True)


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"darbar:cf:(?P<action>{'|'.join(CONFIRMABLE)}):(?P<game>\d+):"
    r"(?:(?P<asked>\d+):)?(?P<yes>[yn])",
):
    """Yes / no under a question such as "Resign game #3?". The custom id carries the
    game it is about and whom it asked; the table checks both against the database and
    the person pressing when answered, so a click after a restart or an hour still works,
    and one about a replaced game, or by anyone else, is refused. (Buttons made before the
    question named whom it asked have no ``asked``: the table still checks the seat.)"""

    def __init__(self, action: str, game_id: int, yes: bool, label: str,
                 asked: str | None = None) -> None:
        who = f"{asked}:" if asked else ""
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.danger if yes else discord.ButtonStyle.secondary,
                custom_id=f"darbar:cf:{action}:{game_id}:{who}{'y' if yes else 'n'}",
            )
        )
        self.action, self.game_id, self.yes, self.asked = action, game_id, yes, asked

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(match["action"], int(match["game"]), match["yes"] == "y", item.label or "",
                   match["asked"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.yes:
            await answer(interaction, lambda t, p, a: getattr(t, self.action)(
                p, a, confirm=True, game_id=self.game_id, asked=self.asked), from_panel=True)
        else:
            await answer(interaction, lambda t, p, a: t.decline(
                p, a, game_id=self.game_id, asked=self.asked), from_panel=True)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"darbar:pg:(?P<what>{'|'.join(PAGED)}):(?P<page>\d+)(?::(?P<subject>[a-z0-9_.]+))?",
):
    """◀ / ▶ under a list or a text shown a page at a time (/mygames, /game list, /help,
    /rules). The id names the list and the page, and for a help text its subject (a game,
    a topic): whose games, or which server's, come from who clicks and where, and the
    table checks the rest (a moderator's list for a moderator, a subject that exists)."""

    def __init__(self, what: str, page: int, label: str = "",
                 subject: str | None = None) -> None:
        about = f":{subject}" if subject else ""
        super().__init__(discord.ui.Button(label=label or f"Page {page}",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"darbar:pg:{what}:{page}{about}"[:100]))
        self.what, self.page, self.subject = what, page, subject

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(match["what"], int(match["page"]), item.label or "", match["subject"])

    async def callback(self, interaction: discord.Interaction) -> None:
        about = (self.subject or "",) if PAGED[self.what] else ()
        await answer(interaction, lambda t, p, a: getattr(t, self.what)(p, a, self.page, *about),
                     from_panel=True)


class ReplayButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"darbar:rp:(?P<game>\d+):(?P<move>\d+)",
):
    """⏮ ◀ ▶ ⏭ under a finished game's replay (/replay): the same game at another move.
    The table checks again that the game is over and was played in the channel where the
    button is pressed, so a forged id shows nothing it would not show to anyone there."""

    def __init__(self, game_id: int, move: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label or f"Move {move}",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"darbar:rp:{game_id}:{move}"))
        self.game_id, self.move = game_id, move

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(int(match["game"]), int(match["move"]), item.label or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, p, a: t.replay(p, a, self.game_id, self.move),
                     from_panel=True)


def replay_buttons(stepper: Stepper) -> list[ReplayButton]:
    """To the start, back one, on one and to the end, each where it leads somewhere new
    (custom ids are unique in a message)."""
    n, last = stepper.move, stepper.moves
    wanted = [("⏮ Start", 0), (f"◀ {n - 1}", n - 1), (f"{n + 1} ▶", n + 1),
              (f"End ({last}) ⏭", last)]
    seen = {n}
    out = []
    for label, to in sorted(wanted, key=lambda x: x[1]):
        if 0 <= to <= last and to not in seen:
            seen.add(to)
            out.append(ReplayButton(stepper.game_id, to, label))
    return out


def extras(view: discord.ui.View | None, reply: Reply) -> discord.ui.View | None:
    """``view`` with the reply's page buttons, replay buttons and link buttons added (in
    rows of their own, below any others)."""
    if reply.page is None and not reply.links and reply.replay is None:
        return view
    view = view or discord.ui.View(timeout=None)
    if reply.replay is not None:
        for button in replay_buttons(reply.replay):
            button.row = 3
            view.add_item(button)
    page = reply.page
    if page is not None:
        for label, to in (("◀ Previous", page.page - 1), ("Next ▶", page.page + 1)):
            if 1 <= to <= page.pages:
                button = PageButton(page.command, to, label, page.subject)
                button.row = 4
                view.add_item(button)
    for label, url in reply.links[:3]:
        link = discord.ui.Button(label=label[:80], url=url, style=discord.ButtonStyle.link)
        link.row = 4
        view.add_item(link)
    return view


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"darbar:rm:(?P<game>\d+):(?P<how>rotate|keep|shuffle)",
):
    """Under a result post: the same game again with the same people. The id names the
    finished game and how to seat them; the table checks that the game is over, is this
    channel's, and that whoever presses played in it."""

    LABELS = {"rotate": "Rematch", "keep": "Rematch, same seats",
              "shuffle": "Rematch, seats shuffled"}

    def __init__(self, game_id: int, how: str) -> None:
        super().__init__(discord.ui.Button(
            label=self.LABELS[how], emoji="🔁" if how == "rotate" else None,
            style=discord.ButtonStyle.success if how == "rotate"
            else discord.ButtonStyle.secondary,
            custom_id=f"darbar:rm:{game_id}:{how}"))
        self.game_id, self.how = game_id, how

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(int(match["game"]), match["how"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, p, a: t.rematch(p, a, self.game_id, self.how))


class JoinButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"darbar:jn:(?P<game>\d+)"):
    """Under a rematch being set up: take the seat planned for you."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Join", emoji="🪑",
                                           style=discord.ButtonStyle.success,
                                           custom_id=f"darbar:jn:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, p, a: t.join(p, a, game_id=self.game_id))


class TakeButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"darbar:tk:(?P<offer>\d+)"):
    """Under an offer of a side (``/game reassign`` to a member): take it. The id names
    the offer only; the table reads from the database whom it is for and whether it still
    stands, and refuses anyone else."""

    def __init__(self, offer_id: int, label: str = "Take") -> None:
        super().__init__(discord.ui.Button(label=label[:80], emoji="🪑",
                                           style=discord.ButtonStyle.success,
                                           custom_id=f"darbar:tk:{offer_id}"))
        self.offer_id = offer_id

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]):  # noqa: ANN001
        return cls(int(match["offer"]), item.label or "Take")

    async def callback(self, interaction: discord.Interaction) -> None:
        await answer(interaction, lambda t, p, a: t.take(p, a, self.offer_id))


def confirm_view(question: Confirmation) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for yes, label in ((True, question.yes), (False, question.no)):
        view.add_item(ConfirmButton(question.action, question.game_id, yes, label,
                                    question.asked))
    return view


def consent_view(request: Consent) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVoteButton(request.request_id, True))
    view.add_item(UndoVoteButton(request.request_id, False))
    return view


DYNAMIC_ITEMS = (StepButton, StepSelect, UndoButton, LookButton, OpenPanelButton,
                 UndoVoteButton, ConfirmButton, PageButton, ReplayButton, RematchButton,
                 JoinButton, TakeButton)


def panel_view(reply: Reply) -> discord.ui.View:
    """Buttons for a short list of steps, select menus for a long one."""
    view = discord.ui.View(timeout=None)
    gid, ver = reply.game_id, reply.version
    if len(reply.choices) <= BUTTONS_MAX:
        for i, c in enumerate(reply.choices):
            button = StepButton(gid, ver, c.token, c.label)
            button.row = i // 5
            view.add_item(button)
    else:
        for page in range(0, min(len(reply.choices), 4 * SELECT_MAX), SELECT_MAX):
            chunk = reply.choices[page:page + SELECT_MAX]
            options = [discord.SelectOption(label=c.label[:100], value=c.token) for c in chunk]
            view.add_item(StepSelect(gid, ver, page // SELECT_MAX, options))
    looks = ("board", "hand") if reply.hand else ("board",)
    for button in (UndoButton(gid), *(LookButton(what, gid) for what in looks)):
        button.row = 4
        view.add_item(button)
    return view


def public_view(reply: Reply) -> discord.ui.View | None:
    """The 'Make your move' button under a public post while someone must act, the
    vote buttons under an undo request, yes / no under a question, Rematch under a
    result post, Join under a rematch being set up, Take under an offer of a side."""
    if reply.confirm is not None:
        return confirm_view(reply.confirm)
    if reply.consent is not None:
        return consent_view(reply.consent)
    if reply.offer is not None:
        view = discord.ui.View(timeout=None)
        view.add_item(TakeButton(reply.offer.offer_id, reply.offer.label))
        return view
    if reply.rematch is not None or reply.join is not None:
        view = discord.ui.View(timeout=None)
        if reply.rematch is not None:
            for how in RematchButton.LABELS:
                view.add_item(RematchButton(reply.rematch, how))
        if reply.join is not None:
            view.add_item(JoinButton(reply.join))
        return view
    if reply.game_id is None or not reply.awaiting:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(OpenPanelButton(reply.game_id))
    return view
