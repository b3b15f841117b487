"""The buttons and menus under Darbar's messages, drawn from the catalogue's buttons
(bot/clicks.py, made Discord's persistent items in buttons.py): their custom ids carry
the game id and version, so they keep working after a restart and a stale click (a double
click, an old panel) is recognised and refused politely. respond.py puts these views
under its messages; what a click does is the catalogue's (buttons.py answers it)."""

from __future__ import annotations

import discord

from bot import clicks
from bot.commands import PAGES, QUESTIONS
from bot.discord_face.buttons import Clicked, button, menu
from bot.replies import Confirmation, Consent, Reply, SeatCard, Stepper

BUTTONS_MAX = 20  # 4 rows of 5; the fifth row holds Undo and Board
SELECT_MAX = 25
LOOKS = {"board": (clicks.BOARD, "Board", "🗺"), "hand": (clicks.HAND, "Hand", "🂠")}
REMATCHES = {"rotate": "Rematch", "keep": "Rematch, same seats",
             "shuffle": "Rematch, seats shuffled"}


def replay_buttons(stepper: Stepper) -> list[Clicked]:
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
            out.append(button(clicks.REPLAY, clicks.AtMove(stepper.game_id, to), label,
                              row=3))
    return out


def extras(view: discord.ui.View | None, reply: Reply) -> discord.ui.View | None:
    """``view`` with the reply's page buttons, replay buttons and link buttons added (in
    rows of their own, below any others)."""
    if reply.page is None and not reply.links and reply.replay is None:
        return view
    view = view or discord.ui.View(timeout=None)
    if reply.replay is not None:
        for item in replay_buttons(reply.replay):
            view.add_item(item)
    page = reply.page
    if page is not None:
        for label, to in (("◀ Previous", page.page - 1), ("Next ▶", page.page + 1)):
            if 1 <= to <= page.pages:
                view.add_item(button(PAGES[page.command], clicks.PageOf(to, page.subject),
                                     label, row=4))
    for label, url in reply.links[:3]:
        link: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label=label[:80], url=url, style=discord.ButtonStyle.link)
        link.row = 4
        view.add_item(link)
    return view


def confirm_view(question: Confirmation) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for yes, label in ((True, question.yes), (False, question.no)):
        view.add_item(button(QUESTIONS[question.action],
                             clicks.Answer(question.game_id, yes, question.asked), label,
                             style=discord.ButtonStyle.danger if yes
                             else discord.ButtonStyle.secondary))
    return view


def consent_view(request: Consent) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(button(clicks.UNDO_VOTE, clicks.Vote(request.request_id, True),
                         "Agree to undo", style=discord.ButtonStyle.success))
    view.add_item(button(clicks.UNDO_VOTE, clicks.Vote(request.request_id, False), "Refuse",
                         style=discord.ButtonStyle.danger))
    return view


def card_view(card: SeatCard) -> discord.ui.View:
    """**Take the seat** under a seat's card while it is open; none once it is asked for,
    taken or withdrawn (an empty view takes the button away from an edited card)."""
    view = discord.ui.View(timeout=None)
    if card.open:
        view.add_item(button(clicks.TAKE_SEAT, clicks.OnSeat(card.sub_id), "Take the seat",
                             emoji="🪑", style=discord.ButtonStyle.success))
    return view


def seat_vote_view(sub_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(button(clicks.SEAT_VOTE, clicks.SeatVote(sub_id, True), "Agree",
                         style=discord.ButtonStyle.success))
    view.add_item(button(clicks.SEAT_VOTE, clicks.SeatVote(sub_id, False), "Refuse",
                         style=discord.ButtonStyle.danger))
    return view


def panel_view(reply: Reply) -> discord.ui.View:
    """Buttons for a short list of steps, select menus for a long one."""
    view = discord.ui.View(timeout=None)
    gid, ver = reply.game_id, reply.version
    assert gid is not None and ver is not None, "the steps offered are a game's at a version"
    if len(reply.choices) <= BUTTONS_MAX:
        for i, c in enumerate(reply.choices):
            view.add_item(button(clicks.STEP, clicks.Step(gid, ver, c.token), c.label or c.token,
                                 style=discord.ButtonStyle.primary, row=i // 5))
    else:
        for page in range(0, min(len(reply.choices), 4 * SELECT_MAX), SELECT_MAX):
            chunk = reply.choices[page:page + SELECT_MAX]
            options = [discord.SelectOption(label=c.label[:100], value=c.token) for c in chunk]
            view.add_item(menu(clicks.STEP_MENU, clicks.Chosen(gid, ver, page // SELECT_MAX),
                               options, "Choose a step…"))
    looks = ("board", "hand") if reply.hand else ("board",)
    view.add_item(button(clicks.UNDO, clicks.OnGame(gid), "Undo", emoji="↩", row=4))
    for what in looks:
        click, label, emoji = LOOKS[what]
        view.add_item(button(click, clicks.OnGame(gid), label, emoji=emoji, row=4))
    return view


def public_view(reply: Reply) -> discord.ui.View | None:
    """The 'Make your move' button under a public post while someone must act, the
    vote buttons under an undo request, yes / no under a question, Rematch under a
    result post, Join under a rematch being set up, Take under an offer of a side, Agree /
    Refuse under a candidate for a seat, and Put the seat up under a timeout's notice."""
    if reply.confirm is not None:
        return confirm_view(reply.confirm)
    if reply.consent is not None:
        return consent_view(reply.consent)
    if reply.seat_vote is not None:
        return seat_vote_view(reply.seat_vote)
    view = discord.ui.View(timeout=None)
    if reply.offer is not None:
        view.add_item(button(clicks.TAKE, clicks.Offer(reply.offer.offer_id),
                             reply.offer.label, emoji="🪑", style=discord.ButtonStyle.success))
        return view
    if reply.rematch is not None or reply.join is not None:
        if reply.rematch is not None:
            for how, label in REMATCHES.items():
                view.add_item(button(
                    clicks.REMATCH, clicks.Again(reply.rematch, how), label,
                    emoji="🔁" if how == "rotate" else None,
                    style=discord.ButtonStyle.success if how == "rotate"
                    else discord.ButtonStyle.secondary))
        if reply.join is not None:
            view.add_item(button(clicks.JOIN, clicks.OnGame(reply.join), "Join", emoji="🪑",
                                 style=discord.ButtonStyle.success))
        return view
    if reply.put_up is not None and reply.game_id is not None:
        view.add_item(button(clicks.PUT_UP, clicks.SideOf(reply.game_id, reply.put_up),
                             "Put the seat up for a substitute", emoji="🪑"))
    if reply.follow is not None:  # a game's opening post
        view.add_item(button(clicks.FOLLOW, clicks.OnGame(reply.follow), "Follow",
                             emoji="👀", style=discord.ButtonStyle.secondary))
    if reply.game_id is None or not reply.awaiting:
        return view if view.children else None
    view.add_item(button(clicks.PANEL, clicks.OnGame(reply.game_id), "Make your move",
                         emoji="🎲", style=discord.ButtonStyle.success))
    return view
