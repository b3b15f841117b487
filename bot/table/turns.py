"""Whose turn it is, and the mover's panel: what they may do next."""

from __future__ import annotations

from bot.replies import Actor, Choice, Reply
from bot.table.loaded import Loaded, Refusal
from bot.table.wording import waiting_for
from engine import games
from engine.contract import State


def acting_role(lg: Loaded, actor: Actor, state: State) -> str:
    """The role the actor plays now, or a refusal that says who is awaited."""
    if lg.game.status != "active":
        raise Refusal("The game has not started yet." if lg.game.status == "setup"
                      else "This game is over.")
    g = lg.module
    active = lg.active(state)
    if not active:
        raise Refusal("This game is over.")
    mine = lg.roles_of(actor)
    if not mine:
        raise Refusal("You are not seated in this game: spectators can watch but not play.")
    for role in active:
        if role in mine:
            return role
    waiting = waiting_for(lg, active)
    # What a game lets a side it is not waiting for do (Vijayanagara: give, 1.5.2).
    offstage = [r for r in mine if g.view(state, r)["actions"]]
    if offstage and lg.in_move and state is lg.state:
        raise Refusal(f"{waiting} is in the middle of a move: you can act once it is "
                      "complete.")
    if offstage:
        return offstage[0]
    raise Refusal(f"It is not your turn: waiting for {waiting}.")


def panel_reply(lg: Loaded, actor: Actor, note: str) -> Reply:
    """The caller's panel: ``note``, the prompt, their hand where the game hides one, and
    their legal steps as choices."""
    g = lg.module
    state = lg.started()
    role = acting_role(lg, actor, state)
    view = g.view(state, role)
    choices = [Choice(g.token(a, arg), g.describe(a, arg))
               for a, arg in games.legal_steps(g, view)]
    hand_text = g.hand_text
    hand = hand_text(view) if hand_text else ""
    text = "\n".join(x for x in (note, view["prompt"], hand) if x)
    return Reply(private=text, prompt=view["prompt"], choices=choices,
                 game_id=lg.game.id, version=lg.game.version, hand=bool(hand_text))
