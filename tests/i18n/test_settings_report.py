"""``/pokeradmin settings``: a line per declared setting that names one, in every language."""

from __future__ import annotations

import dataclasses

import pytest

from bot.features.settings.report import LINES, ReportContext, own_line, settings_lines
from bot.messages import LANGUAGES, bundle, t
from bot.store import SERVER_SETTING, SERVER_SETTINGS, Settings, SettingsReport

OWN_LINES = [spec for spec in SERVER_SETTINGS if spec.report and spec.report not in LINES]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_declared_report_line_is_in_every_catalogue(language: str) -> None:
    catalogue = bundle(language)
    missing = [
        spec.report
        for spec in SERVER_SETTINGS
        if spec.report and not catalogue.has_message(spec.report)
    ]
    assert missing == []


def test_a_setting_with_a_line_of_its_own_shows_its_value_and_source() -> None:
    assert [spec.name for spec in OWN_LINES] == ["tables_per_member"]
    server = dataclasses.replace(Settings(), tables_per_member=5)
    report = SettingsReport(server=server, table=server, sources={"tables_per_member": "server"})
    line = own_line(ReportContext(report, None, None, None), SERVER_SETTING["tables_per_member"])
    assert line == (
        "**Open tables per member** 5 that they opened (admins: no limit) — " + t("source_server")
    )


def test_the_report_has_a_line_per_declared_report_key_in_declaration_order() -> None:
    report = SettingsReport(server=Settings(), table=Settings())
    lines = settings_lines(ReportContext(report, None, None, None))
    keys = [spec.report for spec in SERVER_SETTINGS if spec.report]
    assert lines[:2] == [t("settings_intro"), ""]
    assert len(lines) == 2 + len(keys)  # no channel stakes, nobody seated
    assert lines[2].startswith(
        t("settings_stakes", small_bet=10, big_bet=20, small_blind=5, source=t("source_default"))
    )
    assert lines[-3].startswith("**Open tables per member** 2 ")
    assert lines[-2] == "**Gates** No gates: any member may claim daily chips and play. — default"
    assert lines[-1].startswith("**Leaderboard** The leaderboard ranks every member. — ")


def test_the_gates_line_names_both_minimums_and_their_source() -> None:
    server = dataclasses.replace(Settings(), gate_account_days=7, gate_member_days=1)
    sources = {"gate_account_days": "server", "gate_member_days": "server"}
    report = SettingsReport(server=server, table=server, sources=sources)
    lines = settings_lines(ReportContext(report, None, None, None))
    assert (
        "**Gates** Daily chips, tables and tournaments need a Discord account 7 days old and "
        "1 day in this server. — " + t("source_server")
    ) in lines


def test_a_gate_left_at_zero_is_not_named() -> None:
    for account, member, words in (
        (7, 0, "need a Discord account 7 days old."),
        (0, 1, "need 1 day in this server."),
    ):
        server = dataclasses.replace(Settings(), gate_account_days=account, gate_member_days=member)
        report = SettingsReport(server=server, table=server)
        line = settings_lines(ReportContext(report, None, None, None))[-2]
        assert line.startswith("**Gates** Daily chips, tables and tournaments " + words), line
