"""Succession cards (2.5): each card's steps in order, and Lords of the Deccan (2.5.3)."""

from __future__ import annotations

from engine import grammar
from engine.games.vijayanagara import commands, decrees, upkeep
from engine.games.vijayanagara import machine as m
from engine.games.vijayanagara import pieces as pc
from engine.games.vijayanagara.cards import end_turn
from engine.games.vijayanagara.data import BAHMANI, DELHI, VIJAYANAGARA


def start(state: dict, card: str) -> None:
    m.push(state, "succession", card=card, step=0)


SUCCESSION_STEPS = {
    "s1": ["tughlaq", "campaign", "b_cavalry", "v_resources"],
    "s2": ["campaign", "b_limited", "b_gain", "v_limited", "v_gain"],
    "s3": ["lords_d", "lords_b", "lords_v"],
}


def _succession_auto(state: dict, f: dict) -> bool:
    steps = SUCCESSION_STEPS[f["card"]]
    if f["step"] >= len(steps):
        m.pop(state, f)
        end_turn(state)
        return True
    step = steps[f["step"]]
    f["step"] += 1
    if step == "tughlaq":
        state["dynasty"] = "tughlaq"
        state["log"].append("The Tughlaq Dynasty takes the throne: Rebel is now allowed (2.7).")
    elif step == "campaign":
        opts = (["campaign", "skip"] if decrees.campaign_origins(state, restricted=True)
                else ["skip"])
        m.ask_choice(state, DELHI, "Delhi: you may Campaign (4.2.2) using only Delhi and "
                     "Provinces: `campaign` or `skip` (2.5).", opts, "succession_campaign")
    elif step == "b_cavalry":
        upkeep.gain_cavalry(state, BAHMANI, state["influence"][BAHMANI]
                            + pc.structures_on_map(state, BAHMANI))
    elif step == "v_resources":
        got = pc.gain(state, VIJAYANAGARA, state["influence"][VIJAYANAGARA]
                      + pc.structures_on_map(state, VIJAYANAGARA))
        state["log"].append(f"Vijayanagara gains {grammar.count(got, 'Resource')}.")
    elif step in ("b_limited", "v_limited"):
        faction = BAHMANI if step[0] == "b" else VIJAYANAGARA
        opts = ["limited", "skip"] if commands.has_location(state, faction, free=True) else ["skip"]
        m.ask_choice(state, faction, f"{pc.fname(faction)}: you may take a free Limited Command "
                     "(2.5.2): `limited` or `skip`.", opts, "succession_limited", faction=faction)
    elif step in ("b_gain", "v_gain"):
        faction = BAHMANI if step[0] == "b" else VIJAYANAGARA
        amount = min(3, pc.controlled_prosperity(state, faction))
        m.ask_count(state, faction, f"{pc.fname(faction)}: you gain {amount} in any mix of "
                    f"Resources and Cavalry (2.5.2): how many as Cavalry? (0-{amount})",
                    0, amount, "succession_gain", faction=faction, amount=amount)
    else:
        faction = {"d": DELHI, "b": BAHMANI, "v": VIJAYANAGARA}[step[-1]]
        m.push(state, "lords", faction, left=3)
    return True


@m.callback
def succession_campaign(state: dict, choice: str) -> None:
    if choice == "campaign":
        decrees.start_campaign(state, restricted=True)


@m.callback
def succession_limited(state: dict, choice: str, *, faction: str) -> None:
    if choice == "limited":
        m.push(state, "cmd_pick", faction, limited=True, free=True, optional=False)


@m.callback
def succession_gain(state: dict, cavalry: int, *, faction: str, amount: int) -> None:
    got = pc.gain(state, faction, amount - cavalry)
    if amount:
        state["log"].append(f"{pc.says(faction, 'gains')} {grammar.count(got, 'Resource')}.")
    upkeep.gain_cavalry(state, faction, cavalry)


m.frame("succession", auto=_succession_auto)

SHIFTS = ("bahmani+", "bahmani-", "vijayanagara+", "vijayanagara-")


def _lords_shifts(state: dict, f: dict) -> list[str]:
    if f["left"] <= 0 or state["resources"][f["role"]] < 3:
        return []
    return [s for s in SHIFTS if 0 <= state["influence"][s[:-1]] + (1 if s[-1] == "+" else -1)
            <= 4]


def _lords_auto(state: dict, f: dict) -> bool:
    if not _lords_shifts(state, f):
        m.pop(state, f)
        return True
    return False


def _lords_prompt(state: dict, f: dict) -> tuple[str, dict]:
    return (f"{pc.fname(f['role'])}: Lords of the Deccan (2.5.3): pay 3 Resources to shift an "
            f"Influence track by one ({grammar.count(f['left'], 'time')} left), or `done`."), {
        "shift": _lords_shifts(state, f), "done": None}


def _lords_act(state: dict, f: dict, action: str, arg) -> None:
    if action == "done":
        m.pop(state, f)
        return
    f["left"] -= 1
    target = arg[:-1]
    pc.gain(state, f["role"], -3)
    pc.shift_influence(state, target, 1 if arg[-1] == "+" else -1)
    state["log"].append(f"{pc.says(f['role'], 'pays')} 3 Resources: {pc.fname(target)} Influence "
                        f"{arg[-1]}1 (now {state['influence'][target]}).")
    upkeep.refill_slots(state, target)


m.frame("lords", prompt=_lords_prompt, act=_lords_act, auto=_lords_auto)
