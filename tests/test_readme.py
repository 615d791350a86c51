"""The set-up guide's invite link asks for the permissions its table names, and no other;
the README keeps its two commands."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.features.mtt.discord_parts import NEEDED

REPO_ROOT = Path(__file__).resolve().parents[1]

#: Discord's names for the permissions (as the server settings show them) → discord.py's flag.
PERMISSION_FLAGS = {
    "View Channels": "view_channel",
    "Send Messages": "send_messages",
    "Embed Links": "embed_links",
    "Attach Files": "attach_files",
    "Send Messages in Threads": "send_messages_in_threads",
    "Manage Messages": "manage_messages",
    "Read Message History": "read_message_history",
    "Mention Everyone": "mention_everyone",
    "Create Public Threads": "create_public_threads",
    "Create Events": "create_events",
}


def invite_section() -> str:
    text = (REPO_ROOT / "docs" / "SETUP.md").read_text()
    start = text.index("## 3. Invite the bot to your server")
    return text[start : text.index("\n## ", start + 1)]


def test_the_invite_link_grants_each_permission_the_readme_names() -> None:
    section = invite_section()
    links = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", section)
    assert len(links) == 1, links
    granted = int(re.findall(r"[?&]permissions=(\d+)", links[0])[0])
    assert re.search(rf"Permissions \({granted}\)", section), "the text names another number"
    names = re.findall(r"^\| ([A-Z][^|]+?) \| ", section, re.MULTILINE)
    assert names == [
        "View Channels",
        "Send Messages",
        "Embed Links",
        "Attach Files",
        "Send Messages in Threads",
        "Create Public Threads",
        "Create Events",
    ]
    # every permission a multi-table tournament checks for is asked for by the link
    assert {name for _, name in NEEDED} <= set(names)
    wanted = discord.Permissions.none()
    for name in names:
        setattr(wanted, PERMISSION_FLAGS[name], True)
    assert granted == wanted.value
    bits = {name: getattr(discord.Permissions, PERMISSION_FLAGS[name]).flag for name in names}
    assert bits == {
        "View Channels": 1 << 10,
        "Send Messages": 1 << 11,
        "Embed Links": 1 << 14,
        "Attach Files": 1 << 15,
        "Send Messages in Threads": 1 << 38,
        "Create Public Threads": 1 << 35,
        "Create Events": 1 << 44,
    }
    assert all(granted & bit for bit in bits.values())
    # What the guide says is not needed is not asked for.
    _, _, not_needed = section.partition("Not needed:")
    for name, flag in PERMISSION_FLAGS.items():
        if name not in names and name in not_needed:
            assert not granted & getattr(discord.Permissions, flag).flag, name
    assert "coming" not in section  # the pictures are there


def test_the_readme_names_its_two_commands_near_the_top() -> None:
    """A newcomer finds how to run the bot and how to pass the tests at once."""
    text = (REPO_ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 80
    head = "\n".join(text.splitlines()[:40])
    assert "./scripts/run.sh" in head and "./scripts/test.sh" in head
    for linked in re.findall(r"\]\((docs/[^)]+)\)", text):
        assert (REPO_ROOT / linked).is_file(), linked
