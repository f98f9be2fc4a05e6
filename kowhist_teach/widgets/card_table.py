"""The card table: one picture of the table in which the student clicks (or taps, or
plays by keyboard) their own cards where they lie — an ``anywidget`` whose ES module
(``card_table.js``) ships in the package: no build step, no CDN; it runs in
JupyterLab, Voilà and JupyterLite alike.

Python draws the table (:func:`~kowhist_teach.pictures.svg.table_svg`) and sends it as
``frames``: one picture per play since the student's last move, so the bots' cards
arrive one at a time at the teacher's ``speed`` and the finished trick stays in view.
The student's cards come in ``hand`` with whether each is legal and why; the browser
marks them ``kw-card kw-legal``/``kw-illegal`` with the reason in ``title`` and
``aria-label`` (DESIGN §6), and sends back the card chosen.

>>> table = CardTable(seat=0)
>>> played = []
>>> table.on_play = played.append
>>> table.show(["<svg></svg>"], [{"code": "QS", "label": "queen of spades", "legal": True,
...     "reason": "you may lead any card"}], my_turn=True)
>>> table.click("QS"); played
['QS']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.cards import Card
from ..i18n import _

__all__ = ["CardTable", "SPEEDS", "SkipLink", "shown_text"]

#: The bots' pace, as the teacher's setting names it (the browser times the frames).
SPEEDS = ("instant", "normal", "slow")


def shown_text(code: str) -> str:
    """What a card of the hand shows, its corner index written as the explanations
    write cards (``"Q♣"``, ``"10♥"``, a joker's code): the start of its spoken name, so
    that what a student sees is what they can say (WCAG 2.5.3, label in name). A
    face-down card shows nothing.

    >>> shown_text("QC"), shown_text("10H"), shown_text("BJ"), shown_text("hidden-0")
    ('Q♣', '10♥', 'BJ', '')
    """
    try:
        card = Card(code)
    except ValueError:
        return ""  # an opaque id (a face-down card): nothing shows
    return card.code if card.is_joker else f"{card.rank.code}{card.suit.symbol}"


class CardTable(anywidget.AnyWidget):
    """The table picture with the student's cards playable in place.

    ``on_play(code)`` is called for a legal card chosen in the browser,
    ``on_refused(code)`` for an illegal one (the browser has already said why).
    """

    _esm = Path(__file__).with_name("card_table.js")
    _css = Path(__file__).with_name("card_table.css")

    #: The pictures to show in order; the last one is the table as it is now.
    frames = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: The student's cards: ``{"code", "text", "label", "legal", "reason"}`` each
    #: (``text``: what the card shows, ``"Q♣"``, the start of its spoken name).
    hand = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: For each frame, what a click on a card says while that frame is up and it is not
    #: the student's turn: who is to play ("Wait for Bot 2: it is their turn."); for the
    #: last frame, why the student may not play now (``""``: it is their turn).
    waits = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: For each frame, the status line (``kw-status``, HTML drawn by the package) as it
    #: was when the frame was drawn: the browser shows it while the frame is up, so that
    #: the status line never runs ahead of the picture; ``[]``: the status line is left
    #: alone.
    statuses = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: What a click on the student's own cards says while they play another hand
    #: (:attr:`hand_seat`, the dummy): which hand to play from (``""``: none).
    other_word = traitlets.Unicode("").tag(sync=True)
    #: The student's seat (their hand is the picture's ``g.kwr-hand[data-seat]``).
    seat = traitlets.Int(0).tag(sync=True)
    #: The picture's seat whose cards are ``hand`` now, when not ``seat`` (``-1``): a
    #: hand the student plays for, as the dealer plays the dummy in German Whist for
    #: three (the game's ``ui`` hook, ``controlled_hand``).
    hand_seat = traitlets.Int(-1).tag(sync=True)
    #: Whether the student is to play a card now.
    my_turn = traitlets.Bool(False).tag(sync=True)
    #: The bots' pace: ``instant``, ``normal`` or ``slow``.
    speed = traitlets.Enum(SPEEDS, default_value="normal").tag(sync=True)
    #: Words the browser shows, in the student's language.
    legal_word = traitlets.Unicode("legal").tag(sync=True)
    illegal_word = traitlets.Unicode("not allowed").tag(sync=True)
    wait_word = traitlets.Unicode("").tag(sync=True)
    resume_word = traitlets.Unicode("").tag(sync=True)
    resume_yes = traitlets.Unicode("").tag(sync=True)
    resume_no = traitlets.Unicode("").tag(sync=True)
    lost_word = traitlets.Unicode("").tag(sync=True)
    #: The game in progress as record JSON: the browser keeps it (localStorage) after
    #: every move, under ``store_key``, and offers it back after a reload or a lost
    #: kernel. An empty ``store_key`` keeps nothing.
    record = traitlets.Unicode("").tag(sync=True)
    store_key = traitlets.Unicode("").tag(sync=True)
    #: A moment of the game shown over the table (knocked out, a round's end, "throw
    #: this game away?"): ``{"kind", "title", "lines", "picture", "choices"}`` with
    #: ``choices`` a list of ``{"id", "label"}``; ``{}`` shows none. ``picture`` is SVG
    #: drawn by the package (the last trick), never text from the browser.
    moment = traitlets.Dict().tag(sync=True)
    #: The latest word for the student (why a card was refused, the hint asked for,
    #: what the last trick did), shown beside the hand; ``""`` shows nothing.
    feedback = traitlets.Unicode("").tag(sync=True)
    #: A bigger table and bigger words (a projector).
    projector = traitlets.Bool(False).tag(sync=True)

    def __init__(self, seat: int = 0, speed: str = "normal", **kwargs: Any) -> None:
        super().__init__(seat=seat, speed=speed, **kwargs)
        self.on_play: Callable[[str], None] | None = None
        self.on_refused: Callable[[str], None] | None = None
        #: Called with the record text the browser kept, when the student resumes.
        self.on_resume: Callable[[str], None] | None = None
        #: Called with the ``id`` of the choice the student made in a :attr:`moment`.
        self.on_moment: Callable[[str], None] | None = None
        self.add_class("kw-table")
        self.relabel()
        self.on_msg(self._message)

    def relabel(self) -> None:
        """The browser's words in the current language."""
        self.legal_word = _("legal")
        self.illegal_word = _("not allowed")
        self.wait_word = _("Wait for your turn: the other players are still playing.")
        self.resume_word = _("Your game was interrupted. Continue where you left off?")
        self.resume_yes = _("Continue my game")
        self.resume_no = _("Start afresh")
        self.lost_word = _(
            "The game server is not answering. Reload the page: your game is kept in this "
            "browser and comes back with one click."
        )

    def show(
        self,
        frames: Sequence[str],
        hand: Sequence[dict[str, Any]],
        my_turn: bool,
        hand_seat: int = -1,
        waits: Sequence[str] = (),
        statuses: Sequence[str] = (),
        other_word: str = "",
    ) -> None:
        """Show ``frames`` in order (the last is the table now) with ``hand`` playable;
        ``hand_seat`` is the picture's seat whose cards they are (``-1``: ``seat``);
        ``waits`` says, frame by frame, who is to play (see :attr:`waits`), and
        ``statuses`` what the status line said then (see :attr:`statuses`);
        ``other_word``: see :attr:`other_word`."""
        with self.hold_sync():
            self.hand_seat = hand_seat
            self.hand = [{"text": shown_text(c.get("code", "")), **c} for c in hand]
            self.my_turn = my_turn
            self.waits = list(waits)
            self.statuses = list(statuses)
            self.other_word = other_word
            self.frames = list(frames)

    @property
    def value(self) -> str:
        """The picture shown last (the table as it is now), as SVG text."""
        return self.frames[-1] if self.frames else ""

    def choose(self, choice: str) -> None:
        """What a click on a :attr:`moment`'s button does (for tests and scripts)."""
        self._message(self, {"event": "moment", "choice": choice}, [])

    def say(self, text: str) -> None:
        """Show ``text`` beside the hand (a refusal, a hint)."""
        self.send({"event": "say", "text": text})

    def click(self, code: str) -> None:
        """What a click on the card ``code`` in the browser does (for tests and for
        keyboard-free scripts): play it if legal, else refuse it."""
        card = next((c for c in self.hand if c["code"] == code), None)
        if card is None:
            raise ValueError(f"{code} is not in the hand shown")
        event = "play" if card["legal"] and self.my_turn else "refused"
        self._message(self, {"event": event, "move": code}, [])

    def _message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        # Only the two events the module sends, with a card code of the hand shown:
        # anything else from the browser is ignored.
        if not isinstance(content, dict):
            return
        event, code = content.get("event"), content.get("move")
        if event == "ping":
            self.send({"event": "pong"})
            return
        if event == "resume":
            text = content.get("record")
            if isinstance(text, str) and self.on_resume is not None:
                self.on_resume(text)  # parsed as data by the receiver, never a path
            return
        if event == "moment":
            choice = content.get("choice")
            offered = [c.get("id") for c in self.moment.get("choices", ())]
            if choice in offered and self.on_moment is not None:
                self.on_moment(choice)
            return
        if not any(c["code"] == code for c in self.hand):
            return
        if event == "play" and self.my_turn and self.on_play is not None:
            self.on_play(code)
        elif event == "refused" and self.on_refused is not None:
            self.on_refused(code)


# The skip link's module: no build step, no CDN, like the table's. It takes the keyboard
# to the student's cards in the table shown (a question over the table first, when one
# is asked): its card in the tab order, the one the arrows move from.
_SKIP_ESM = """
const FOCUSABLE = 'button, select, input, textarea, a[href], [tabindex="0"]';
function render({ model, el }) {
  const link = document.createElement("a");
  link.className = "kw-skip-link";
  link.href = "#kw-hand";
  link.textContent = model.get("text");
  model.on("change:text", () => { link.textContent = model.get("text"); });
  link.addEventListener("click", (e) => {
    e.preventDefault();
    const root = el.closest(".kw-app") || document;
    // (Not offsetParent: an SVG element has none, even on a hidden tab.)
    const shown = (n) => n.getClientRects().length > 0;
    const table = [...root.querySelectorAll(".kw-table")].find(shown);
    let target = null;
    if (table) {
      target = [...table.querySelectorAll(".kw-moment-choices button")].find(shown) ||
        table.querySelector('.kw-card[tabindex="0"]') || table.querySelector(".kw-card") || table;
    } else {
      // No card table on the tab shown (the steps, the questions): the first control of
      // that tab, past the tab bar (the page's main part).
      const main = root.querySelector('[role="main"]') || root;
      target = [...main.querySelectorAll(FOCUSABLE)].find(
        (n) => shown(n) && !n.closest(".lm-TabBar, .p-TabBar") && !n.disabled
      );
    }
    if (!target) return;
    target.focus();
    target.scrollIntoView({ block: "nearest" });
  });
  el.append(link);
}
export default { render };
"""

# Out of sight until it has the focus (the first Tab on the page), then at the top left.
_SKIP_CSS = """
.kw-skip-link {
  position: absolute; left: 8px; top: -200px; z-index: 100;
  padding: 8px 14px; border-radius: 6px; font-size: 18px; font-weight: bold;
  background: #17613a; color: #fff; text-decoration: none;
}
.kw-skip-link:focus { top: 8px; outline: 3px solid #f5b301; outline-offset: 2px; }
"""


class SkipLink(anywidget.AnyWidget):
    """A link to the student's cards, first on the page (``kw-skip-link``): the first
    Tab reaches it and Enter puts the keyboard on a card of the table shown, rather
    than ten Tabs through the games' buttons and the tabs; on a tab without a table
    (the steps, the questions), on that tab's first control. Hidden until focused.

    >>> SkipLink().text
    'Skip to your cards'
    >>> link = SkipLink(); link.relabel("Skip to the questions"); link.text
    'Skip to the questions'
    """

    _esm = _SKIP_ESM
    _css = _SKIP_CSS
    #: The link's words, in the student's language (:meth:`relabel`).
    text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("kw-skip")
        self.relabel()

    def relabel(self, words: str = "") -> None:
        """The link's words in the current language: ``words`` (already translated: where
        the link leads on the tab shown), else "Skip to your cards"."""
        self.text = words or _("Skip to your cards")
