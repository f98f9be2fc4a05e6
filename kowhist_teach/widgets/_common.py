"""What every view shares: the style sheet, the error guard, small widget helpers."""

from __future__ import annotations

import contextlib
import html
import os
import traceback
from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from ..core.errors import IllegalMove, RecordError, SetupError
from ..core.record import record_from_data
from ..i18n import LANGUAGES, _, get_language
from ..pictures.svg import FONT_FAMILY
from ..teach.explain import sentence
from .quiet import one_line, server_log, student_line

__all__ = [
    "CSS",
    "LANGUAGE_NAMES",
    "Guard",
    "LanguageMenu",
    "Landmarks",
    "big_button",
    "close_parts",
    "drop_parts",
    "esc",
    "sentence",
    "set_classes",
    "style_widget",
    "tag",
    "widget_tree",
]

#: The languages offered, each in its own words.
LANGUAGE_NAMES = {"en": "English", "es": "Español", "fr": "Français"}

# The classes of DESIGN §6 (kw-card, kw-legal, kw-illegal, kw-trick, kw-explain, kw-hint,
# kw-undo, kw-new-deal, kw-status) are a public contract: browser tests and screen readers
# find things by them.  The rest (kw-*) are this package's own.
CSS = f"""
.kw-root {{ font-family: {FONT_FAMILY}; color: #111; }}
.kw-root .widget-label, .kw-root .widget-html-content {{ font-size: 17px; }}
.kw-status {{ background: #0f4a2b; color: #fff; border-radius: 10px; padding: 8px 16px;
  font-size: 21px; line-height: 1.45; }}
.kw-status .widget-html-content {{ font-size: 21px; color: #fff; line-height: 1.45; }}
.kw-status b {{ color: #ffd54f; }}
.kw-status .kw-suit {{ background: #fff; border-radius: 6px; padding: 0 5px; }}
.kw-status .kw-turn, .kw-status .kw-outcome {{ color: #ffd54f; font-weight: bold; }}
.kw-status .kw-me {{ text-decoration: underline; }}
.kw-badge {{ border-radius: 8px; padding: 0 6px; font-size: 16px; font-weight: bold; }}
.kw-badge-dog {{ background: #ffb74d; color: #3e2300; }}
.kw-badge-blind_dog {{ background: #ce93d8; color: #2a0033; }}
.kw-badge-out {{ background: #9e9e9e; color: #111; }}
.kw-root .widget-hbox {{ gap: 10px; }}
.kw-hand {{ flex-wrap: wrap; gap: 10px; padding: 14px 4px 8px 4px; overflow: visible; }}
.kw-root .jupyter-button.kw-card {{
  width: 78px; height: 110px; margin: 0; padding: 4px 0;
  background: #fff; border: 2px solid #333; border-radius: 10px;
  font-family: {FONT_FAMILY}; font-size: 32px; font-weight: bold; line-height: 1.1;
  white-space: pre-line; overflow: visible; position: relative;
  box-shadow: 0 3px 6px rgba(0, 0, 0, 0.35); transition: transform 0.08s;
}}
.kw-root .jupyter-button.kw-card.kw-legal:hover {{ transform: translateY(-10px);
  border-color: #f5b301; box-shadow: 0 8px 14px rgba(0, 0, 0, 0.4); }}
.kw-root .jupyter-button.kw-card.kw-illegal {{ background: #c9c9c9; border-style: dashed;
  border-color: #777; box-shadow: none; filter: saturate(0.35); cursor: help; }}
.kw-root .jupyter-button.kw-card.kw-face-down {{ background: #1d4f9c; color: #fff; }}
.kw-root .jupyter-button.kw-card:focus-visible {{ outline: 4px solid #1d4f9c;
  outline-offset: 2px; }}
.kw-root .jupyter-button.kw-card.kw-illegal:hover::after,
.kw-root .jupyter-button.kw-card.kw-illegal:focus-visible::after {{
  content: attr(title); position: absolute; left: 0; bottom: calc(100% + 8px); z-index: 30;
  width: 300px; padding: 8px 10px; border-radius: 8px; background: #222; color: #fff;
  font-size: 16px; font-weight: normal; line-height: 1.35; text-align: left;
  white-space: normal; }}
.kw-root .jupyter-button.kw-call {{ height: 52px; min-width: 120px; font-size: 21px;
  font-weight: bold; border-radius: 10px; border: 2px solid #333; background: #fff; }}
/* A call not open now is dimmed by its dashed border and a lighter grey than a card's:
   its red suit words (#cc0000, 16-21 px, not large text) need 4.5:1 (WCAG AA), 4.7 here. */
.kw-root .jupyter-button.kw-call.kw-call-illegal {{ background: #e6e6e6;
  border-style: dashed; filter: saturate(0.35); }}
.kw-root .jupyter-button.kw-tool {{ height: 46px; font-size: 18px; border-radius: 8px;
  padding: 0 14px; }}
.kw-root .jupyter-button.kw-hint {{ background: #ffd54f; color: #111; font-weight: bold; }}
.kw-explain, .kw-step-explain {{ background: #fffdf3; border: 2px solid #e0c050;
  border-left-width: 8px; border-radius: 8px; padding: 6px 14px; min-height: 120px; }}
/* The stepper's explanation is 100% wide: its border, padding and margins inside that
   width, or its box scrolls sideways (and a scrolling box must take the keyboard focus). */
.kw-root .kw-step-explain {{ box-sizing: border-box; margin-left: 0; margin-right: 0; }}
.kw-quiz-feedback {{ padding: 4px 0; }}
.kw-quiz {{ border: 2px solid #c8c8c8; border-radius: 12px; padding: 6px 18px 14px 18px; }}
.kw-trick-view svg {{ max-width: 520px; height: auto; }}
.kw-root .jupyter-button.kw-quiz-check {{ background: #17613a; color: #fff;
  font-weight: bold; }}
.kw-load, .kw-step-load {{ width: auto; }}
.kw-root .jupyter-button.kw-load, .kw-root .jupyter-button.kw-step-load {{ width: auto;
  height: 40px; font-size: 16px; }}
.kw-four-colour label, .kw-four-colour .widget-label-basic {{ font-size: 16px; }}
.kw-setup .widget-label-basic, .kw-setup .widget-checkbox label,
.kw-setup .widget-label {{ font-size: 16px; }}
.kw-setup select, .kw-step-examples select {{ font-size: 16px; height: 34px; }}
.kw-variants .kw-option-help .widget-html-content {{ font-size: 15px; color: #333;
  line-height: 1.3; margin: 0 0 6px 22px; }}
.kw-variants .jupyter-widget-Collapse-header, .kw-variants .lm-AccordionPanel-title,
.kw-variants .p-Collapse-header {{ font-size: 16px; }}
.kw-explain .widget-html-content, .kw-step-explain .widget-html-content,
.kw-quiz-feedback .widget-html-content {{ font-size: 19px; line-height: 1.45; }}
.kw-root ul {{ margin: 4px 0; padding-left: 22px; }}
.kw-root li {{ margin: 3px 0; }}
.kw-root .kw-message {{ color: #a00000; font-weight: bold; font-size: 19px; }}
.kw-root h4 {{ margin: 8px 0 2px 0; font-size: 19px; }}
.kw-root .kw-label {{ font-style: italic; color: #444; }}
.kw-quiz-question .widget-html-content {{ font-size: 19px; }}
.kw-chart-table, .kw-taken-table {{ border-collapse: collapse; font-size: 17px; }}
.kw-chart-table caption, .kw-taken-table caption {{ text-align: left; font-weight: bold;
  padding: 4px 0; }}
.kw-chart-table th, .kw-chart-table td, .kw-taken-table th, .kw-taken-table td {{
  border: 1px solid #bbb; padding: 3px 9px; text-align: center; }}
.kw-chart-out {{ background: #9e9e9e; }}
.kw-chart-dog {{ background: #ffb74d; }}
.kw-save {{ font-size: 18px; font-weight: bold; color: #0047b3; }}
.kw-tagline .widget-html-content {{ font-size: 15px; color: #333; line-height: 1.25; }}
.kw-app-header {{ gap: 8px; margin-bottom: 2px; }}
/* What the chosen game asks of the student: a line of its own under the games and
   the language, whole at every width (it was cut short at 1280 and gone at 1024).
   A projector has the status bar: the line steps back to leave the table its room. */
.kw-app-header.widget-hbox {{ flex-wrap: wrap !important; row-gap: 2px; }}
.kw-app-header > .kw-tagline {{ order: 3; flex: 1 1 100% !important; width: 100%; }}
.kw-app-header > .kw-game-choice {{ flex: 1 1 0 !important; }}
.kw-app:has(.kw-projector-mode) .kw-app-header > .kw-tagline {{ display: none; }}
.kw-game-choice {{ flex: 0 1 auto; width: auto; min-width: 0; }}
.kw-game-choice .widget-toggle-buttons {{ flex-wrap: wrap; row-gap: 3px; }}
.kw-root .kw-game-choice .widget-toggle-button {{ font-size: 15px; height: 32px;
  width: auto; padding: 0 9px; margin: 0 2px 0 0; font-weight: bold; }}
.kw-game-choice .widget-toggle-button.mod-active {{ background: #17613a; color: #fff; }}
.kw-language select, .kw-language label {{ font-size: 18px; }}
.kw-language select {{ height: 32px; }}
.kw-tabs > .lm-TabBar .lm-TabBar-tab {{ font-size: 19px; min-width: 200px;
  max-width: none !important; flex: 0 0 auto !important; min-height: 38px;
  line-height: 36px; }}
.kw-tabs .lm-TabBar-tab.lm-mod-current {{ font-weight: bold; }}
/* WCAG AA: the theme draws inactive tabs and folded boxes' headers #6d6d6d on #eee
   (4.45:1, under 4.5); ours are #333 on #eee (11:1). */
.kw-root .kw-tabs > .lm-TabBar .lm-TabBar-tab {{ color: #333; }}
.kw-root .jupyter-widget-Collapse-header, .kw-root .lm-AccordionPanel-title,
.kw-root .p-Collapse-header {{ color: #222; }}
.kw-table svg, .kw-step-table svg {{ max-width: 100%; height: auto; }}
/* The stepper's table within the window's height, its controls above it in view. */
.kw-step-table svg {{ max-height: calc(100vh - 340px); width: auto; }}
/* A menu as wide as its words (the match's length was stretched across the page). */
.kw-match.widget-dropdown > select {{ flex: 0 1 auto; width: auto; min-width: 10em; }}
.kw-quiz-card.jupyter-button, .kw-root .jupyter-button.kw-quiz-card {{ width: 72px;
  height: 96px; font-size: 28px; font-weight: bold; white-space: pre-line;
  border: 2px solid #333; border-radius: 10px; background: #fff; }}
.kw-root .jupyter-button.kw-quiz-card.mod-active {{ background: #ffe082;
  border-color: #f5b301; box-shadow: 0 0 0 3px #f5b301; }}
.kw-right {{ color: #00702e; font-weight: bold; }}
.kw-wrong {{ color: #a00000; font-weight: bold; }}
.kw-review .widget-html-content {{ font-size: 17px; }}
.kw-app {{ --kw-table-max-height: calc(100vh - 330px); }}
.kw-app .kw-family {{ --kw-table-max-height: calc(100vh - 410px); }}
.kw-app-header .kw-language {{ width: auto; }}
.kw-app-header .kw-language select {{ width: auto; min-width: 96px; }}
.kw-side .kw-explain {{ max-height: calc(100vh - 360px); min-height: 90px; overflow-y: auto; }}
.kw-side .jupyter-button.kw-tool {{ height: 40px; font-size: 17px; padding: 0 10px; }}
.kw-side .kw-calls {{ gap: 6px; }}
.kw-root .kw-side .jupyter-button.kw-call {{ height: 38px; min-width: 0; width: auto;
  max-width: 100%; font-size: 16px; padding: 0 10px; margin: 0; }}
.kw-root .kw-side .jupyter-button.kw-call {{ height: auto; min-height: 30px;
  white-space: normal; line-height: 1.2; padding: 2px 10px; }}
.kw-side .kw-calls.kw-calls {{ gap: 4px; }}
.kw-teacher .widget-label, .kw-teacher label {{ font-size: 16px; }}
.kw-projector-mode .kw-status, .kw-projector-mode .kw-status .widget-html-content {{
  font-size: 21px; }}
.kw-projector-mode .kw-explain .widget-html-content {{ font-size: 22px; }}
.kw-projector-mode .jupyter-button.kw-tool {{ font-size: 20px; }}
.kw-projector-mode .widget-hbox:has(> .kw-side) > .widget-vbox:first-child {{
  max-width: 70% !important; }}
"""


# Landmarks' ES module. The view's element is put in its parent's only after render()
# returns, so it waits until it is connected; then the marks go on, and again after any
# change below the root (ipywidgets draws a tab's contents, a slider's handle, a view's
# children anew), at most once a frame. It watches children only, not attributes: its own
# setAttribute calls must not wake it.
_LANDMARKS_JS = """
function render({ model, el }) {
  el.style.display = "none";
  let root = null, frame = 0, tries = 0, timer = 0, observer = null;
  const apply = () => {
    frame = 0;
    if (!root) return;
    for (const [selector, attrs] of Object.entries(model.get("marks") || {})) {
      let nodes;
      try {
        nodes = [...root.querySelectorAll(selector)];
        if (root.matches(selector)) nodes.push(root);
      } catch (e) {
        continue; // a selector this browser does not know (:has in an old one): the others
      }
      for (const node of nodes) {
        for (const [name, value] of Object.entries(attrs)) {
          if (node.getAttribute(name) !== value) node.setAttribute(name, value);
        }
      }
    }
  };
  const later = () => { if (!frame) frame = requestAnimationFrame(apply); };
  const attach = () => {
    timer = 0;
    if (!el.isConnected || !el.parentElement) {
      if (++tries < 600) timer = setTimeout(attach, 100);  // a minute, then give up
      return;
    }
    root = el.parentElement.closest(".kw-root") || el.parentElement;
    observer = new MutationObserver(later);
    observer.observe(root, { childList: true, subtree: true });
    apply();
  };
  model.on("change:marks", later);
  attach();
  return () => {
    if (observer) observer.disconnect();
    if (timer) clearTimeout(timer);
    if (frame) cancelAnimationFrame(frame);
  };
}
export default { render };
"""


class Landmarks(anywidget.AnyWidget):
    """What ipywidgets cannot say to a screen reader: ARIA attributes (landmark roles,
    names, labels) on the parts of the view this (invisible) widget is a child of.

    ``marks`` maps a CSS selector, looked up in the nearest ``.kw-root`` around the
    widget (``:scope`` is that root), to the attributes its elements get; they are put
    back whenever ipywidgets draws those parts anew. Set ``marks`` again after a language
    change: the names are in the student's language.

    >>> marks = Landmarks({":scope > .kw-tabs": {"role": "main"}})
    >>> marks.marks[":scope > .kw-tabs"]["role"]
    'main'
    """

    _esm = _LANDMARKS_JS
    marks = traitlets.Dict().tag(sync=True)

    def __init__(self, marks: dict[str, dict[str, str]] | None = None) -> None:
        super().__init__(marks=dict(marks or {}))
        self.add_class("kw-landmarks")
        self.layout.display = "none"


def style_widget(css: str = CSS) -> w.HTML:
    """A style sheet (the shared one by default) as a hidden widget (put it once in a
    view; twice does no harm)."""
    box = w.HTML(f"<style>{css}</style>")
    box.add_class("kw-style")
    box.layout.display = "none"
    return box


def uploaded_record(
    upload: w.FileUpload, change: dict[str, Any], say: Callable[[str], None]
) -> dict[str, Any] | None:
    """The record in the file just uploaded (the upload is then cleared), or ``None``
    after telling the student, in one line, why it cannot be a record.

    The file's bytes are data only: they are parsed as a record (at most
    :data:`~kowhist_teach.core.record.MAX_RECORD_BYTES`) and never used as a path.
    """
    files = change["new"]
    if not files:
        return None
    item = files[0]
    content = item["content"] if isinstance(item, dict) else item.content
    try:
        return record_from_data(bytes(content))
    except RecordError as e:
        say(_("That file is not a record: {why}").format(why=e))
        return None
    finally:
        upload.value = ()


def esc(text: Any) -> str:
    """HTML-escaped text."""
    return html.escape(str(text), quote=True)


def tag(name: str, text: str, style: str = "") -> str:
    """``text`` escaped inside an element (``_()`` stays outside any f-string, where
    the message extractor can see it).

    >>> tag('b', 'A & B')
    '<b>A &amp; B</b>'
    """
    attrs = f' style="{style}"' if style else ""
    return f"<{name}{attrs}>{esc(text)}</{name}>"


def set_classes(widget: w.DOMWidget, *classes: str) -> None:
    """Give ``widget`` exactly these CSS classes (one update, not one per class)."""
    wanted = tuple(dict.fromkeys(c for c in classes if c))
    if tuple(widget._dom_classes) != wanted:
        widget._dom_classes = wanted


def widget_tree(root: w.Widget) -> list[w.Widget]:
    """``root`` and every widget under it (a box's or an accordion's children, a
    widget's layout and style: whatever its synced traits hold), once each, ``root``
    first.

    >>> box = w.VBox([w.Button(), w.HBox([w.Label()])])
    >>> sum(isinstance(x, w.Button | w.Label) for x in widget_tree(box))
    2
    """
    found: list[w.Widget] = []
    todo, seen = [root], set()
    while todo:
        x = todo.pop()
        if id(x) in seen:
            continue
        seen.add(id(x))
        found.append(x)
        for name in x.keys:
            value = getattr(x, name, None)
            if isinstance(value, w.Widget):
                todo.append(value)
            elif isinstance(value, list | tuple):
                todo.extend(v for v in reversed(value) if isinstance(v, w.Widget))
    return found


def close_parts(root: w.Widget, parts: list[w.Widget]) -> None:
    """Take ``parts`` out of ``root`` for good: out of every box under ``root`` that holds
    one, then closed with every widget under them that the rest of ``root`` does not
    use. A closed widget has no comm: a message a page sends it reaches nothing, where
    a hidden one would still answer. Setting its traits afterwards sends nothing.

    >>> load, keep = w.Button(), w.Button()
    >>> box = w.VBox([keep, w.HBox([load])])
    >>> close_parts(box, [load])
    >>> load.comm is None, load in widget_tree(box), keep.comm is not None
    (True, False, True)
    """
    gone = {id(p) for p in parts}
    for box in widget_tree(root):
        children = getattr(box, "children", None)
        if isinstance(children, list | tuple) and any(id(c) in gone for c in children):
            box.children = tuple(c for c in children if id(c) not in gone)
    kept = {id(x) for x in widget_tree(root)}
    for part in parts:
        for x in widget_tree(part):
            if id(x) not in kept and x.comm is not None:
                x.close()


def drop_parts(view: w.Widget, *names: str) -> None:
    """Take the parts ``names`` of ``view`` (its attributes: ``"upload"``,
    ``"new_button"``, ``"setup_box"`` …) out of it for good with :func:`close_parts`.
    The view draws on without them (what it sets on a closed part goes nowhere); a name
    it does not have, or a part closed already, is passed over.

    >>> from kowhist_teach.widgets.table import TableWidget
    >>> table = TableWidget(players=3, seed=1)
    >>> drop_parts(table, "upload", "setup_box", "no_such_part")
    >>> table.upload.comm is None, table.setup_box in widget_tree(table)
    (True, False)
    """
    parts = [getattr(view, n, None) for n in names]
    close_parts(view, [p for p in parts if isinstance(p, w.Widget) and p.comm is not None])


def big_button(description: str, css_class: str, tooltip: str = "") -> w.Button:
    """A tool button (hint, undo, new deal …) big enough for a projector."""
    b = w.Button(description=description, tooltip=tooltip or description)
    set_classes(b, "kw-tool", css_class)
    b.layout.width = "auto"
    b.layout.align_self = "flex-start"  # not stretched across a column
    return b


class LanguageMenu(w.Dropdown):
    """The language menu (``kw-language``): choosing a language calls
    ``on_choose(code)``; :meth:`follow` shows a language switched elsewhere without
    calling it again.

    >>> chosen = []
    >>> menu = LanguageMenu(chosen.append)
    >>> menu.value = 'fr'; menu.follow('es')
    >>> chosen, menu.value
    (['fr'], 'es')
    """

    def __init__(self, on_choose: Callable[[str], Any], visible: bool = True) -> None:
        super().__init__(
            options=[(LANGUAGE_NAMES[code], code) for code in LANGUAGES], value=get_language()
        )
        set_classes(self, "kw-language")
        if not visible:
            self.layout.display = "none"
        self._on_choose = on_choose
        self._following = False
        self.observe(self._chosen, names="value")
        self.relabel()

    def _chosen(self, change: dict[str, Any]) -> None:
        if not self._following:
            self._on_choose(change["new"])

    def follow(self, lang: str) -> None:
        """Show ``lang`` (already switched to) as chosen."""
        self._following = True
        try:
            self.value = lang
        finally:
            self._following = False

    def relabel(self) -> None:
        """The menu's label in the chosen language."""
        self.description = _("Language")
        self.style.description_width = "initial"


class Guard:
    """Runs callbacks so that no error vanishes and no traceback reaches the student.

    An expected error (an illegal move, a bad record, impossible settings) becomes a
    one-line message through ``say``; anything else is a one-line "something went
    wrong" (no server path in it), its traceback kept in ``errors`` and written to the
    server's log (:func:`~.quiet.server_log`). Only with ``KOWHIST_DEBUG=1`` is the
    traceback also printed into ``debug`` (an ``Output`` widget, otherwise hidden and
    left empty: its contents would travel to the page).
    """

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.debug = w.Output()
        self.debug.add_class("kw-debug")
        self.debugging = bool(os.environ.get("KOWHIST_DEBUG"))
        if not self.debugging:
            self.debug.layout.display = "none"
        self.errors: list[str] = []

    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Call ``fn(*args)``; report what goes wrong."""
        with self.debug if self.debugging else contextlib.nullcontext():
            try:
                return fn(*args)
            except IllegalMove as e:
                # The model has already said why (and changed nothing); say it again
                # for the callers that had not.
                self.say(str(e))
            except (RecordError, SetupError, ValueError) as e:
                self.say((str(e).splitlines() or [""])[0])
            except Exception as e:  # a bug: one line for the student, the trace for us
                self.errors.append(traceback.format_exc())
                if self.debugging:
                    traceback.print_exc()
                else:
                    server_log().error("kowhist_teach: %s", one_line(e), exc_info=True)
                self.say(student_line(e))
        return None

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` as a guarded callback (for ``on_click`` and ``observe``)."""

        def guarded(*args: Any) -> Any:
            return self.run(fn, *args)

        guarded.__name__ = getattr(fn, "__name__", "callback")
        return guarded
