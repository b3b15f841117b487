"""Help that is never clipped (issue 36), through the real discord.py client against the
local fake Discord: /help game:rajas is shown a page at a time, ◀ ▶ turn the pages of the
same private message, and a forged page button is refused politely."""

from __future__ import annotations

import pytest

from tests.e2e.test_discord_goat_tiger import EPHEMERAL, answer, content, flags, make_bot


@pytest.mark.slow
async def test_help_for_rajas_pages_through_with_buttons(fake_discord, db_url, bot_errors):
    fake = fake_discord
    async with fake.running(make_bot(db_url)):
        r = await answer(fake, await fake.slash("ravi", "help", {"game": "rajas"}))
        first = fake.message_from_callback(r)
        assert flags(r) & EPHEMERAL
        text = content(r)
        assert text.startswith("**Rajas of the Ganges**") and "(page 1 of 2)" in text
        assert len(text) <= 2000 and "…" not in text[-40:]
        assert fake.component_custom_ids(first) == ["darbar:pg:help_page:2:rajas"]

        # Next: the same message now shows the second page, with the topics whole.
        h = await fake.click("ravi", int(first["id"]),
                             fake.custom_id_by_label(first, "Next ▶"))
        second = fake.message_from_callback(await answer(fake, h))
        assert second["id"] == first["id"]
        assert "(page 2 of 2)" in second["content"]
        assert "`navaratnas`, `mango`, `reconstruction`." in second["content"]
        assert fake.component_custom_ids(second) == ["darbar:pg:help_page:1:rajas"]

        # And back.
        h = await fake.click("ravi", int(second["id"]),
                             fake.custom_id_by_label(second, "◀ Previous"))
        back = fake.message_from_callback(await answer(fake, h))
        assert back["content"] == text

        # /rules without a topic is the same help, paged the same way.
        r = await answer(fake, await fake.slash("meera", "rules", {"game": "rajas"}))
        assert content(r).replace("meera", "ravi") == text

        # A forged page button names a subject that does not exist: refused, in words.
        r = await answer(fake, await fake.forge_click(
            "ravi", int(first["id"]), "darbar:pg:help_page:2:elephants"))
        assert "I don't know `elephants`" in content(r) and flags(r) & EPHEMERAL
    assert bot_errors == []
