"""Making a move: a typed line (``/play``), a click on the panel, the panel itself, and
autocomplete's legal continuations of a partly typed line."""

from __future__ import annotations

from bot.drafts import UnknownDraft
from bot.replies import Actor, Place, Reply, clip, echo, escape, jump_link
from bot.table.core import TableCore, refusals
from bot.table.loaded import Loaded, Refusal
from bot.table.turns import acting_role, panel_reply
from bot.table.wording import said_by, waiting_for
from db import MoveReads, NewStep, id_of
from engine import IllegalAction, games
from engine.contract import State
from engine.errors import possible

MAX_LINE = 1000  # characters in a typed line; a long Vijayanagara turn needs ~300
MAX_CHOICES = 25  # Discord's cap on autocomplete and select options
CHOICE_MAX = 100  # Discord's cap on an autocomplete choice's name and value


class Moves(TableCore):
    @refusals
    async def play(self, place: Place, actor: Actor, line: str) -> Reply:
        """Apply a typed line of step tokens, all or nothing, except that a step which rolls
        dice or reveals a card ends the line: what came before it is played (the outcome is
        then committed), and what follows is not tried, so no reply can show an outcome
        the player could still take back."""
        line = (line or "").strip()
        if not line:
            return await self.panel(place, actor)
        if len(line) > MAX_LINE:
            raise Refusal(f"That move is too long ({len(line)} characters).")
        lg = await self._load(place, followers=True)
        tokens = self._expand(lg, actor, line).lower().split()
        state = lg.started()
        mark = games.reveal_mark(lg.module, state)
        new_steps: list[NewStep] = []
        role = ""
        for i, tok in enumerate(tokens):
            try:
                role = acting_role(lg, actor, state)
            except Refusal:
                if not new_steps:
                    raise
                raise Refusal(self._line_reason(lg, new_steps, role, tokens)
                              or f"Your move was complete before {echo(' '.join(tokens[i:]))}; "
                              "nothing was played.") from None
            try:
                state, step = self._apply_token(lg, state, role, actor, tok)
            except Refusal as e:
                if len(tokens) == 1:
                    raise
                raise Refusal(self._line_reason(lg, new_steps, role, tokens)
                              or f"Step {i + 1} of {len(tokens)} ({echo(tok)}): {e} "
                              "Nothing was played.") from None
            new_steps.append(step)
            if i + 1 < len(tokens) and games.reveal_mark(lg.module, state) != mark:
                rest = " ".join(tokens[i + 1:])
                reply = await self._commit(lg, actor, state, new_steps, note=(
                    f"{echo(tok)} rolled dice or revealed a card, so your line stopped "
                    f"there: {echo(rest)} was not played. See the outcome, then go on."))
                reply.error = True  # part of what was asked was not done
                return reply
        return await self._commit(lg, actor, state, new_steps)

    @staticmethod
    def _line_reason(lg: Loaded, steps: list[NewStep], role: str,
                     tokens: list[str]) -> str | None:
        """The game's own reason for refusing the whole line (its optional
        ``explain_line``, given the state before the line and the role that began it),
        where token-by-token play would blame the wrong token; else None."""
        explain = lg.module.explain_line
        why = explain(lg.started(), steps[0].role if steps else role, tokens) if explain else None
        return f"{why} Nothing was played." if why else None

    @refusals
    async def click(self, place: Place, actor: Actor, game_id: int, version: int,
                    token: str) -> Reply:
        """One step from a panel button built at ``version`` of ``game_id``."""
        lg = await self._load(place, followers=True)
        if lg.game.id != game_id:
            raise Refusal("That panel belongs to a game that has ended.")
        if lg.game.version != version:
            return await self._moved_on(place, actor, "That panel is out of date — the game "
                                        "has moved on, so nothing was changed.")
        state = lg.started()
        role = acting_role(lg, actor, state)
        state, step = self._apply_token(lg, state, role, actor, token)
        return await self._commit(lg, actor, state, [step])

    @staticmethod
    def _apply_token(lg: Loaded, state: State, role: str, actor: Actor,
                     tok: str) -> tuple[State, NewStep]:
        g = lg.module
        waiting = lg.active(state)
        if role not in waiting:  # a side the game is not waiting for: only what it offers
            offered = games.tokens(g, g.view(state, role))
            if tok.strip().lower() not in offered:
                head = f"It is not your turn: waiting for {waiting_for(lg, waiting)}."
                try:  # the game's own reason, where it has one (Maharaja: who may submit)
                    g.act(state, role, *games.step_for_token(g, state, role, tok))
                    why = ""
                except IllegalAction as e:
                    why = str(e)
                if why.startswith("It is not your turn"):  # said already, and no better
                    why = ""
                if "Possible:" not in why:
                    why = " ".join(x for x in (why, possible(offered)) if x)
                raise Refusal(f"{head} {why}")
        try:
            action, arg = games.step_for_token(g, state, role, tok)
            state = g.act(state, role, action, arg)
        except IllegalAction as e:
            raise Refusal(str(e)) from None
        return state, NewStep(role=role, user_id=actor.user_id, action=action, arg=arg)

    async def _commit(self, lg: Loaded, actor: Actor, state: State, steps: list[NewStep],
                      note: str = "") -> Reply:
        new = await self._store(lg, steps, state, mover=actor.user_id)
        reads = new.reads  # the mover's next game waiting on them, read with the move
        if new.in_move:
            # A step inside a move: only the mover sees it (with what it did, dice
            # included) until the move is complete; the board on request (/board).
            done = new.current_view()["log"][len(lg.current_view()["log"]):]
            return panel_reply(new, actor, note="\n".join(x for x in (
                " ".join(done), note) if x))
        # The whole move, however many lines or clicks it took: everything since the
        # position the others last saw.
        since = len(lg.public_view()["log"])
        lines = new.public_view()["log"][since:]
        new, bot_lines = await self._run_bots(new)
        reply = await self._post(new, "\n".join([
            said_by(f"**{escape(actor.name)}**", lines), *bot_lines]), since=since)
        reply.private = note or None
        reply.move_done = True
        if (link := await self.next_game_link(actor, after_game=id_of(new.game),
                                              reads=reads)) is not None:
            reply.links.append(link)
        return reply

    async def next_game_link(self, actor: Actor, after_game: int | None = None,
                             reads: MoveReads | None = None) -> tuple[str, str] | None:
        """The game that has waited longest on ``actor`` (not ``after_game``), as a link
        button, for the confirmation of a move (as ``reads``, their move's write, read it)."""
        found = reads.next_up if reads is not None and reads.read and \
            reads.mover == actor.user_id else \
            await self.repo.next_awaiting(actor.user_id, not_game=after_game)
        return None if found is None else ("Next game waiting on you", jump_link(*found))

    def _expand(self, lg: Loaded, actor: Actor, line: str) -> str:
        try:
            return self.drafts.expand(actor.user_id, id_of(lg.game), line)
        except UnknownDraft:
            raise Refusal("I no longer have the start of that shortened line (the bot "
                          "restarted since it was suggested): please type the move again."
                          ) from None

    @refusals
    async def panel(self, place: Place, actor: Actor) -> Reply:
        lg = await self._load(place)
        acting_role(lg, actor, lg.started())
        return panel_reply(lg, actor, note="")

    # --- autocomplete ----------------------------------------------------------------

    async def autocomplete(self, place: Place, actor: Actor, text: str) -> list[tuple[str, str]]:
        """Legal continuations of a partly typed line, as (shown name, value) pairs, each
        within Discord's 100 characters (a long line's head is kept in ``self.drafts``).
        A refusal becomes a single entry that explains it, keeping what was typed."""
        text = (text or "")[:MAX_LINE]
        try:
            return await self._continuations(place, actor, text)
        except Refusal as e:
            return [(clip(str(e), CHOICE_MAX), text.strip()[:CHOICE_MAX] or "?")]

    async def _continuations(self, place: Place, actor: Actor, text: str) -> list[tuple[str, str]]:
        # Never the computer's search: autocomplete must answer at once (it cannot be
        # deferred), and while the computer thinks it says so ("waiting for Computer").
        lg = await self._load(place, run_bots=False)
        g = lg.module
        full = self._expand(lg, actor, text)
        words = full.lower().split()
        partial = "" if (not full or full[-1].isspace()) else words.pop()
        state = lg.started()
        mark = games.reveal_mark(g, state)
        for i, tok in enumerate(words):
            role = acting_role(lg, actor, state)
            state, _ = self._apply_token(lg, state, role, actor, tok)
            if games.reveal_mark(g, state) != mark:
                # Nothing past a roll or a reveal: what follows would show the outcome.
                return [self._choice(lg, actor, words[:i + 1],
                                     "rolls dice or reveals a card: send this much first")]
        try:
            role = acting_role(lg, actor, state)
        except Refusal:
            if not words:
                raise
            return [self._choice(lg, actor, words, "complete move")]
        out = []
        for action, arg in games.legal_steps(g, g.view(state, role)):
            tok = g.token(action, arg)
            if tok.startswith(partial):
                out.append(self._choice(lg, actor, [*words, tok], g.describe(action, arg)))
                if len(out) == MAX_CHOICES:
                    break
        if not out:
            return [(clip(f"`{partial}` is not a legal step here", CHOICE_MAX),
                     self.drafts.shorten(actor.user_id, id_of(lg.game), words) or partial[:100])]
        return out

    def _choice(self, lg: Loaded, actor: Actor, words: list[str], about: str) -> tuple[str, str]:
        """One autocomplete entry: the line's end and what the last step does, shown; the
        whole line, or a reference to its head plus its end, as the value."""
        value = self.drafts.shorten(actor.user_id, id_of(lg.game), words)
        line = " ".join(words)
        shown = f"{line}   ({about})"
        if len(shown) > CHOICE_MAX:
            shown = "…" + shown[len(shown) - CHOICE_MAX + 1:]
        return shown, value
