"""The server's settings as a form, built from their declarations (``models.SERVER_SETTINGS``:
type, range or choices, default, whether None is a value), the same ones the slash commands
take their option ranges from: one definition, two surfaces.

``fields`` lists a field per declared setting; ``read_form`` turns a posted form into the
values that changed, checked by the declarations themselves (``SettingSpec.check``, with the
deployment's floors) before the store checks them again, with their relations, as it writes
them. A refusal names the setting to blame and says why in the reader's language; nothing is
written then. Pure: no store, no request.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.features.settings.report import CARD_STYLE_KEYS
from bot.messages import t
from bot.replies import private_sentence
from bot.store import InvalidSetting, Settings
from bot.store.models import SERVER_SETTINGS, SettingSpec

LABELS = {
    "small_bet": "web_set_small_bet",
    "small_blind": "web_set_small_blind",
    "cap": "web_set_cap",
    "buyin_min": "web_set_buyin_min",
    "buyin_max": "web_set_buyin_max",
    "buyin_default": "web_set_buyin_default",
    "action_timer": "web_set_action_timer",
    "draw_timer": "web_set_draw_timer",
    "hand_pause": "web_set_hand_pause",
    "alert_delay": "web_set_alert_delay",
    "card_style": "web_set_card_style",
    "language": "web_set_language",
    "start_wallet": "web_set_start_wallet",
    "daily_amount": "web_set_daily_amount",
    "daily_cooldown": "web_set_daily_cooldown",
    "seats": "web_set_seats",
    "sitout_keep": "web_set_sitout_keep",
    "time_bank": "web_set_time_bank",
    "time_bank_add": "web_set_time_bank_add",
    "time_bank_every": "web_set_time_bank_every",
    "time_bank_max": "web_set_time_bank_max",
    "idle_close": "web_set_idle_close",
    "tables_per_member": "web_set_tables_per_member",
    "sng_members": "web_set_sng_members",
    "gate_account_days": "web_set_gate_account_days",
    "gate_member_days": "web_set_gate_member_days",
    "leaderboard_hide": "web_set_leaderboard_hide",
}
"""Each setting's label on the form (a catalogue key; a test checks every declared setting
has one)."""

UNSET = ""
"""A nullable setting's form value for None (the small blind's "half the small bet", the
language's "the server's Discord language")."""

INPUT_MAX = 20
"""The longest value a field takes (a number of ten digits and some)."""


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class Field:
    """One setting's field: its name, label, the range the form offers (``minimum`` with the
    deployment's floor) or its choices, and its default as the form writes it."""

    spec: SettingSpec
    label: str
    minimum: int
    maximum: int
    choices: tuple[Choice, ...]
    default: str

    @property
    def name(self) -> str:
        return self.spec.name


@dataclass(frozen=True)
class Refusal:
    """A refused change: the setting to blame (None: several) and why."""

    setting: str | None
    text: str


def _choices(spec: SettingSpec) -> tuple[Choice, ...]:
    if spec.kind is str:
        if spec.name == "card_style":
            found = [Choice(c, t(CARD_STYLE_KEYS[c])) for c in spec.choices]
        else:
            found = [Choice(c, t("language_name", language=c)) for c in spec.choices]
        if spec.nullable:
            found.insert(0, Choice(UNSET, t("source_discord")))
        return tuple(found)
    if spec.minimum == 0 and spec.maximum == 1:  # a yes or no
        return (Choice("0", t("web_no")), Choice("1", t("web_yes")))
    return ()


def form_value(value: object) -> str:
    """A setting's value as its field holds it."""
    return UNSET if value is None else str(value)


def fields(minimums: Mapping[str, int]) -> list[Field]:
    """A field per declared setting, in the report's order (``minimums``: the deployment's
    floors, as the commands apply them)."""
    return [
        Field(
            spec,
            t(LABELS[spec.name]),
            minimums.get(spec.name, spec.minimum),
            spec.maximum,
            _choices(spec),
            form_value(spec.default),
        )
        for spec in SERVER_SETTINGS
    ]


def _parse(spec: SettingSpec, raw: str) -> object:
    """The posted text as the value ``spec.check`` judges: None for a nullable's empty
    field, an int for a whole number (anything else stays text, which the check refuses)."""
    text = raw.strip()
    if text == UNSET and spec.nullable:
        return None
    if spec.kind is int:
        digits = text.removeprefix("-")
        if digits.isascii() and digits.isdigit() and len(text) <= INPUT_MAX:
            return int(text)
    return text


def refusal_of(error: InvalidSetting, setting: str | None = None) -> Refusal:
    """What the form says of a refused value: the store's sentence in the reader's language
    (``private_sentence``, as the slash commands answer), or the form's own for a choice."""
    blame = setting or error.setting
    text = private_sentence(error) if error.key is not None else None
    return Refusal(blame, text or t("web_setting_choice"))


def read_form(
    posted: Mapping[str, str], current: Settings, minimums: Mapping[str, int]
) -> dict[str, object] | Refusal:
    """The settings a posted form changes (a field left out keeps its value), each checked
    by its declaration; or the first refusal."""
    changed: dict[str, object] = {}
    for spec in SERVER_SETTINGS:
        raw = posted.get(spec.name)
        if raw is None:
            continue
        if len(raw) > INPUT_MAX:
            return Refusal(spec.name, t("web_setting_choice"))
        value = _parse(spec, raw)
        try:
            checked = spec.check(value, minimum=minimums.get(spec.name))
        except InvalidSetting as error:
            return refusal_of(error, spec.name)
        if checked != getattr(current, spec.name):
            changed[spec.name] = checked
    return changed
