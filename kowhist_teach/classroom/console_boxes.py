"""The teacher's console's boxes that write to the class store: the class settings
(``kw-class-settings``), "Everyone plays this deal" (``kw-same-deal``) and a student's
name (``kw-rename``).
:mod:`.console` puts them on the page.

>>> import tempfile
>>> store = ClassStore.open(tempfile.mkdtemp())
>>> box = ClassSettingsBox(store)
>>> box.hints.value = False; store.settings()["hints"]
False
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core.record import game_from_record
from ..core.registry import spec
from ..i18n import LANGUAGES, _
from ..widgets._common import (
    LANGUAGE_NAMES,
    Guard,
    big_button,
    esc,
    set_classes,
    tag,
    uploaded_record,
)
from ..widgets._games import table_specs
from ..widgets.stepper import example_records
from ..widgets.upload import RecordUpload
from .console_views import first_deal, fitted_players
from .schema import Deal
from .store import ClassStore

__all__ = ["ClassSettingsBox", "RenameBox", "SameDealBox", "message_html"]

_SOURCES = ("seed", "example", "upload")
#: A field wide enough for a long label and its menu side by side, within its box.
_WIDE = {"width": "100%", "max_width": "560px"}


def message_html(text: str) -> str:
    """A one-line message, as the app shows one.

    >>> message_html("no store")
    '<div class="kw-message" role="alert">⚠ no store</div>'
    """
    return f'<div class="kw-message" role="alert">⚠ {esc(text)}</div>'


def _labelled(widget: w.DOMWidget, label: str) -> None:
    widget.description = label
    widget.style.description_width = "initial"


# ------------------------------------------------------------------ the settings
class ClassSettingsBox(w.VBox):
    """The class settings (``kw-class-settings``), as the store holds them: each change
    is written at once (``store.set_settings``), then ``on_change(key, value)``.

    >>> import tempfile
    >>> store = ClassStore.open(tempfile.mkdtemp())
    >>> box = ClassSettingsBox(store)
    >>> box.speed.value = "slow"; store.settings()["speed"]
    'slow'
    """

    def __init__(
        self,
        store: ClassStore,
        on_change: Callable[[str, Any], None] | None = None,
    ) -> None:
        super().__init__()
        set_classes(self, "kw-class-settings")
        self.store = store
        self.on_change = on_change or (lambda _key, _value: None)
        # What goes wrong is said in this box, beside what the teacher touched.
        self.guard = Guard(self._say)
        self.status = w.HTML()
        self._quiet = False
        self.games = [s.name for s in table_specs()]
        self.heading = w.HTML()
        self.game = w.Dropdown(options=[(g, g) for g in self.games])
        self.players = w.Dropdown(options=[4])
        self.lang = w.Dropdown(options=[(LANGUAGE_NAMES[c], c) for c in LANGUAGES])
        self.speed = w.Dropdown(options=["instant", "normal", "slow"])
        self.analysis = w.Dropdown(options=["off", "after", "request"])
        self.hints = w.Checkbox(indent=False)
        # How long a shared table waits for a student who has left before a bot plays
        # their seat (seconds).
        self.bot_after = w.Dropdown(options=[10, 20, 30, 60, 120, 300])
        parts = {
            "game": self.game,
            "players": self.players,
            "lang": self.lang,
            "speed": self.speed,
            "analysis": self.analysis,
            "hints": self.hints,
            "bot_after": self.bot_after,
        }
        for key, widget in parts.items():
            set_classes(widget, f"kw-class-{key}")
            widget.layout = w.Layout(**_WIDE)
            changed = self.guard.wrap(lambda c, key=key: self._changed(key, c["new"]))
            widget.observe(changed, names="value")
        self.children = (self.heading, *parts.values(), self.status)
        self.relabel()
        self.show(store.settings())

    def show(self, settings: dict[str, Any]) -> None:
        """Show ``settings`` (as read from the store) without writing them back."""
        self._quiet = True
        try:
            game = settings.get("game")
            self.game.value = game if game in self.games else None
            self._players_for(game, settings.get("players"))
            lang = settings.get("lang")
            self.lang.value = lang if lang in LANGUAGES else "en"
            for widget, key in ((self.speed, "speed"), (self.analysis, "analysis")):
                values = [v for _label, v in widget.options]
                widget.value = settings[key] if settings.get(key) in values else values[0]
            self.hints.value = bool(settings.get("hints", True))
            wait = settings.get("bot_after", 30)
            self.bot_after.value = wait if wait in self.bot_after.options else 30
        finally:
            self._quiet = False

    def _players_for(self, game: str | None, players: Any) -> int | None:
        """Offer the counts the game allows; hide the menu when it allows one."""
        if game not in self.games:
            self.players.layout.display = "none"
            return None
        game_spec = spec(game)
        low, high = game_spec.players
        n = fitted_players(game_spec, players)
        counts = list(range(low, high + 1))
        if list(self.players.options) != counts:
            self.players.options = counts
        self.players.value = n
        self.players.layout.display = "none" if low == high else ""
        return n

    def _changed(self, key: str, value: Any) -> None:
        if self._quiet or value is None:
            return
        changes: dict[str, Any] = {key: value}
        if key == "game":
            # Another game: its own player count, and no rule options (one game's
            # options are not another's).
            self._quiet = True
            try:
                changes["players"] = self._players_for(value, self.players.value)
            finally:
                self._quiet = False
            changes["rules"] = {}
        self.store.set_settings(changes)
        self.status.value = ""
        self.on_change(key, value)

    def _say(self, message: str) -> None:
        self.status.value = message_html(message)

    def relabel(self) -> None:
        """The labels in the chosen language (the values stay)."""
        self._quiet = True
        try:
            self.heading.value = tag("h3", _("Class settings"))
            value = self.game.value
            self.game.options = [(spec(g).display_name(), g) for g in self.games]
            self.game.value = value
            _labelled(self.game, _("Game"))
            _labelled(self.players, _("Players"))
            _labelled(self.lang, _("Language of the class"))
            value = self.speed.value
            self.speed.options = [
                (_("instant"), "instant"),
                (_("normal"), "normal"),
                (_("slow"), "slow"),
            ]
            self.speed.value = value
            _labelled(self.speed, _("Bots' speed"))
            value = self.analysis.value
            self.analysis.options = [
                (_("off"), "off"),
                (_("after the deal"), "after"),
                (_("on request"), "request"),
            ]
            self.analysis.value = value
            _labelled(self.analysis, _("Analysis with every card visible"))
            self.hints.description = _("Hints")
            _labelled(self.bot_after, _("Seconds before a bot plays for a student gone"))
        finally:
            self._quiet = False


# ------------------------------------------------------------------- the same deal
class SameDealBox(w.VBox):
    """ "Everyone plays this deal" (``kw-same-deal``): a seed (a random one offered), an
    example record or an uploaded one (parsed as data, size-capped, never a path), sent
    to the class with ``store.add_deal``; then ``on_sent(deal)``.

    >>> import tempfile
    >>> store = ClassStore.open(tempfile.mkdtemp())
    >>> box = SameDealBox(store)
    >>> box.seed.value = 42; box.send_button.click()
    >>> store.current_deal().seed
    42
    """

    def __init__(
        self,
        store: ClassStore,
        on_sent: Callable[[Deal], None] | None = None,
    ) -> None:
        super().__init__()
        set_classes(self, "kw-same-deal-box")
        self.store = store
        self.on_sent = on_sent or (lambda _deal: None)
        self.guard = Guard(self._say)  # what goes wrong is said beside the button
        self.examples = example_records()
        self.uploaded: dict[str, Any] | None = None
        self.uploaded_name = ""
        self.heading = w.HTML()
        self.source = w.ToggleButtons(options=[(s, s) for s in _SOURCES], value="seed")
        set_classes(self.source, "kw-deal-source")
        self.seed = w.IntText(value=self.new_seed(), layout=w.Layout(width="320px"))
        set_classes(self.seed, "kw-deal-seed")
        self.dice = big_button("", "kw-new-seed")
        self.dice.icon = "random"
        self.dice.on_click(self.guard.wrap(lambda _b: setattr(self.seed, "value", self.new_seed())))
        self.seed_row = w.HBox([self.seed, self.dice], layout=w.Layout(align_items="center"))
        self.example = w.Dropdown(options=list(self.examples), layout=w.Layout(**_WIDE))
        set_classes(self.example, "kw-deal-example")
        self.upload = RecordUpload(accept=".json,application/json", multiple=False)
        set_classes(self.upload, "kw-deal-upload")
        self.upload.layout.width = "auto"
        self.loaded = w.HTML()
        self.label = w.Text(layout=w.Layout(**_WIDE))
        set_classes(self.label, "kw-deal-label")
        self.send_button = big_button(_("Everyone plays this deal"), "kw-same-deal")
        self.status = w.HTML()
        self.source.observe(self.guard.wrap(lambda _c: self._show_source()), names="value")
        self.upload.observe(self.guard.wrap(self._uploaded), names="value")
        self.upload.observe(
            self.guard.wrap(lambda c: c["new"] and self._say(c["new"])), names="error"
        )
        self.send_button.on_click(self.guard.wrap(lambda _b: self.send()))
        self.upload_row = w.HBox([self.upload, self.loaded])
        self.children = (
            self.heading,
            self.source,
            self.seed_row,
            self.example,
            self.upload_row,
            self.label,
            self.send_button,
            self.status,
        )
        self.relabel()
        self._show_source()

    @staticmethod
    def new_seed() -> int:
        """A random seed to offer (any whole number would do)."""
        return random.randrange(1, 1_000_000)

    def _show_source(self) -> None:
        chosen = self.source.value
        self.seed_row.layout.display = "" if chosen == "seed" else "none"
        self.example.layout.display = "" if chosen == "example" else "none"
        self.upload_row.layout.display = "" if chosen == "upload" else "none"

    def _uploaded(self, change: dict[str, Any]) -> None:
        files = change["new"]
        name = files[0].get("name", "") if files and isinstance(files[0], dict) else ""
        record = uploaded_record(self.upload, change, self._say)
        if record is not None:
            game_from_record(first_deal(record))  # a record that does not replay stops here
            self.uploaded, self.uploaded_name = record, str(name)[:80]
            self.loaded.value = esc(
                _("{file}: {game}").format(
                    file=self.uploaded_name, game=spec(record["game"]).display_name()
                )
            )
            self.status.value = ""

    def _say(self, message: str) -> None:
        self.status.value = message_html(message)

    def send(self) -> Deal:
        """Send the chosen deal to the class (a one-line error if it cannot be)."""
        label = " ".join(self.label.value.split())
        if self.source.value == "seed":
            seed = int(self.seed.value)
            if seed < 0:
                raise ValueError(_("a seed is a whole number, 0 or more"))
            settings = self.store.settings()
            game_spec = spec(settings["game"])
            rules = settings.get("rules") or {}
            game_spec.rules.from_dict(rules)  # rules the game does not know stop here
            deal = self.store.add_deal(
                game_spec.name,
                players=fitted_players(game_spec, settings.get("players")),
                rules=rules,
                seed=seed,
                label=label or _("seed {seed}").format(seed=seed),
            )
        else:
            if self.source.value == "example":
                record = self.examples.get(self.example.value)
                titles = {value: title for title, value in self.example.options}
                name = titles.get(self.example.value, "")
            else:
                record, name = self.uploaded, self.uploaded_name
            if record is None:
                raise ValueError(_("choose a record first"))
            # The first deal only: how somebody played the rest is not for the class.
            cut = first_deal(record)
            game = game_from_record(cut)
            deal = self.store.add_deal(
                cut["game"],
                players=game.n,
                rules=cut.get("rules") or {},
                record=cut,
                label=label or name or _("a record"),
            )
        self.status.value = esc(
            _("Sent to the class: {label}. Every page starts it now.").format(label=deal.label)
        )
        self.on_sent(deal)
        return deal

    def relabel(self) -> None:
        """The texts in the chosen language."""
        self.heading.value = tag("h3", _("Everyone plays this deal"))
        value = self.source.value
        self.source.options = [
            (_("A seed"), "seed"),
            (_("An example"), "example"),
            (_("A record file"), "upload"),
        ]
        self.source.value = value
        _labelled(self.seed, _("Seed"))
        self.dice.tooltip = _("Another random seed")
        value = self.example.value
        self.example.options = [
            (_("{game}: {file}").format(file=name, game=spec(rec["game"]).display_name()), name)
            for name, rec in self.examples.items()
        ]
        self.example.value = value
        _labelled(self.example, _("Example"))
        self.upload.description = _("Load a record")
        self.upload.relabel()
        _labelled(self.label, _("Name of the deal (optional)"))
        self.send_button.description = _("Everyone plays this deal")
        self.send_button.tooltip = _("Send this deal to every student's page")


# ------------------------------------------------------------------ a student's name
class RenameBox(w.HBox):
    """Rename the student the console shows (``kw-rename``): their name in a field
    (``kw-rename-name``) and a button (``kw-rename-button``). The new name is checked as
    a name typed on joining and must be no other student's (:meth:`ClassStore.rename`):
    otherwise one line says why and nothing changes. The student's page shows it at its
    next look at the store; ``on_renamed(student)`` follows.

    >>> import tempfile
    >>> store = ClassStore.open(tempfile.mkdtemp())
    >>> ann = store.join("a" * 32, "Ann")
    >>> box = RenameBox(store); box.show(ann.id, ann.name)
    >>> box.name.value = "Ann B."; box.button.click(); store.students()[0].name
    'Ann B.'
    """

    def __init__(self, store: ClassStore, on_renamed: Callable[[Any], None] | None = None) -> None:
        super().__init__(layout=w.Layout(align_items="center", flex_flow="row wrap"))
        set_classes(self, "kw-rename")
        self.store = store
        self.on_renamed = on_renamed or (lambda _student: None)
        self.student_id: int | None = None
        self.guard = Guard(self._say)
        self.name = w.Text(continuous_update=False)
        set_classes(self.name, "kw-rename-name")
        self.button = big_button("", "kw-rename-button")
        self.status = w.HTML()
        self.button.on_click(self.guard.wrap(lambda _b: self.rename()))
        self.children = (self.name, self.button, self.status)
        self.relabel()

    def show(self, student_id: int, name: str) -> None:
        """The student to rename (their name in the field, unless already shown)."""
        if student_id != self.student_id:
            self.student_id = student_id
            self.name.value = name
            self.status.value = ""

    def rename(self) -> None:
        """Give the student shown the name in the field."""
        if self.student_id is None:
            return
        student = self.store.rename(self.student_id, self.name.value)
        self.name.value = student.name
        self.status.value = esc(_("Renamed: {name}.").format(name=student.name))
        self.on_renamed(student)

    def _say(self, message: str) -> None:
        self.status.value = message_html(message)

    def relabel(self) -> None:
        """The texts in the chosen language."""
        self.name.description = _("Name")
        self.name.placeholder = _("A new name")
        self.button.description = _("Rename")
        self.button.tooltip = _("Give this student another name")
