// The card table (anywidget): the table picture, drawn by Python as SVG, with the
// student's own cards (or the hand they play for: `hand_seat`) made playable where
// they lie. No build step, no CDN.
//
// Python sends `frames` (SVG pictures of the table, in order: each bot's card arriving,
// the finished trick, the next lead) and `hand` (the student's cards: code, label,
// legal, reason). The frames are shown one after another at the teacher's `speed`;
// only the last one takes clicks. A click or Enter on a legal card sends
// {event: "play", move} to Python; on an illegal card the reason shows at once beside
// the hand (no round trip) and is sent as {event: "refused", move} for the story.

const PACE = { instant: 0, normal: 650, slow: 1500 };
// The kernel answers a ping within this time, or the page says the game server stopped.
const PING_EVERY = 4000;
const PING_GRACE = 9000;

// The game in progress lives in the browser too (localStorage, after every move), so a
// reload, a culled or dead kernel or a restarted server costs the student one click.
function storageKey(model) {
  return `kowhist-teach:${location.pathname}:${model.get("store_key")}`;
}

function saved(model) {
  try {
    return localStorage.getItem(storageKey(model));
  } catch (e) {
    return null;
  }
}

function store(model) {
  if (!model.get("store_key")) return;
  const record = model.get("record");
  try {
    if (record) localStorage.setItem(storageKey(model), record);
    else localStorage.removeItem(storageKey(model)); // the game is over: nothing to resume
  } catch (e) {
    /* private mode or full storage: the Save link still works */
  }
}

function cardsOf(root, seat) {
  // The student's cards: faces carry data-card; a blind dog's card is a back.
  const hand = root.querySelector(`g.kwr-hand[data-seat="${seat}"]`);
  return hand ? Array.from(hand.querySelectorAll("svg[data-card], svg.kwr-back")) : [];
}

function render({ model, el }) {
  el.classList.add("kw-table");
  const stage = document.createElement("div");
  stage.className = "kw-table-stage";
  const feedback = document.createElement("div");
  feedback.className = "kw-table-feedback";
  feedback.setAttribute("role", "status");
  feedback.setAttribute("aria-live", "polite");
  const notice = document.createElement("div");
  notice.className = "kw-table-notice";
  notice.setAttribute("role", "alert");
  notice.style.display = "none";
  const moment = document.createElement("div");
  moment.className = "kw-moment";
  moment.setAttribute("role", "dialog");
  moment.style.display = "none";
  el.append(stage, feedback, moment, notice);

  let timer = null;
  let shown = -1;
  let focusCode = null;
  // The keyboard stays in the table while it is redrawn (each frame replaces the
  // picture, and with it the card that had the focus): a student who plays by keyboard
  // alone never has to Tab back in. Cleared when the focus moves elsewhere on the page.
  let keepFocus = false;
  el.setAttribute("tabindex", "-1");
  el.addEventListener("focusout", (e) => {
    if (e.relatedTarget && !el.contains(e.relatedTarget)) keepFocus = false;
  });
  el.addEventListener("focusin", () => {
    keepFocus = true;
  });

  // The feedback sits just above the student's own seat, at the table's right edge:
  // beside the hand, where the eyes are, and never over a card of it.
  function placeFeedback() {
    const mine = stage.querySelector(`g.kwr-seat[data-seat="${model.get("seat")}"]`);
    const outer = el.getBoundingClientRect();
    if (!mine || !outer.height) {
      feedback.style.bottom = "";
      return;
    }
    const seatTop = mine.getBoundingClientRect().top;
    feedback.style.bottom = `${Math.max(0, Math.round(outer.bottom - seatTop + 4))}px`;
  }

  function say(text) {
    feedback.textContent = text || "";
    feedback.style.display = text ? "" : "none";
  }

  function makePlayable() {
    // The hand the student plays now: their own, or another they play for (the dummy,
    // while they deal); its cards are the playable ones, their own then are not.
    const handSeat = model.get("hand_seat");
    const seat = handSeat >= 0 ? handSeat : model.get("seat");
    const hand = model.get("hand") || [];
    const byCode = new Map(hand.map((c) => [c.code, c]));
    const backs = hand.filter((c) => c.face_down);
    const cards = cardsOf(stage, seat).filter((node) =>
      node.dataset.card ? byCode.has(node.dataset.card) : backs.length > 0);
    el.classList.toggle("kw-waiting", !model.get("my_turn"));
    let back = 0;
    cards.forEach((node, i) => {
      const card = node.dataset.card ? byCode.get(node.dataset.card) : backs[back++];
      if (!card) return;
      node.classList.add("kw-card", card.legal ? "kw-legal" : "kw-illegal");
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "-1");
      const words = `${card.label}, ${card.legal ? model.get("legal_word") : model.get("illegal_word")}: ${card.reason}`;
      node.setAttribute("aria-label", words);
      node.setAttribute("title", words);
      const title = node.querySelector("title");
      if (title) title.textContent = words;
      node.addEventListener("click", (e) => {
        e.preventDefault();
        choose(card, node);
      });
      node.addEventListener("keydown", (e) => keyed(e, cards, i, card, node));
      node.addEventListener("focus", () => {
        focusCode = card.code;
      });
    });
    // One card in the tab order at a time (a roving tabindex); arrows move along.
    const start = cards.find((n) => n.dataset.card === focusCode) ||
      cards.find((n) => n.classList.contains("kw-legal")) || cards[0];
    if (start) start.setAttribute("tabindex", "0");
    const moment = el.querySelector(".kw-moment-choices button");
    if (keepFocus && !(moment && moment.offsetParent !== null)) {
      (start || el).focus({ preventScroll: true });
    }
  }

  function keyed(e, cards, i, card, node) {
    let next = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") next = cards[(i + 1) % cards.length];
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = cards[(i - 1 + cards.length) % cards.length];
    else if (e.key === "Home") next = cards[0];
    else if (e.key === "End") next = cards[cards.length - 1];
    else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      choose(card, node);
      return;
    }
    if (next) {
      e.preventDefault();
      node.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      next.focus();
    }
  }

  function choose(card, node) {
    if (timer !== null) {
      finish(); // a click during the bots' plays shows the table as it is now
      return;
    }
    if (!model.get("my_turn")) {
      say(model.get("wait_word"));
      return;
    }
    if (!card.legal) {
      say(`${card.label}: ${card.reason}`);
      model.send({ event: "refused", move: card.code });
      return;
    }
    say("");
    node.classList.add("kw-chosen");
    focusCode = null;
    model.send({ event: "play", move: card.code });
  }

  let shownSvg = null;
  function show(i) {
    const frames = model.get("frames") || [];
    if (!frames.length) return;
    shown = Math.min(i, frames.length - 1);
    if (frames[shown] !== shownSvg || shown === frames.length - 1) {
      const hadFocus = keepFocus && el.contains(document.activeElement);
      stage.innerHTML = frames[shown];
      shownSvg = frames[shown];
      if (hadFocus && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
    }
    if (shown === frames.length - 1) makePlayable();
    placeFeedback();
    el.dataset.frame = String(shown);
    el.dataset.frames = String(frames.length);
  }

  function finish() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    show((model.get("frames") || []).length - 1);
    el.classList.remove("kw-animating");
  }

  function play() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    const frames = model.get("frames") || [];
    const pace = PACE[model.get("speed")] ?? PACE.normal;
    if (pace === 0 || frames.length <= 1) {
      finish();
      return;
    }
    el.classList.add("kw-animating");
    // The frames that follow the one on screen (the student's own card, sent at once)
    // go on from it, without showing it again.
    let i = Math.max(0, frames.lastIndexOf(shownSvg));
    if (i >= frames.length - 1) i = 0;
    show(i);
    const step = () => {
      i += 1;
      if (i >= frames.length - 1) {
        timer = null;
        finish();
      } else {
        show(i);
        timer = setTimeout(step, pace);
      }
    };
    timer = setTimeout(step, pace);
  }

  // ---------------------------------------------------- a moment of the game
  function showMoment() {
    const m = model.get("moment") || {};
    moment.innerHTML = "";
    el.classList.toggle("kw-has-moment", !!m.title);
    if (!m.title) {
      moment.style.display = "none";
      return;
    }
    moment.dataset.kind = m.kind || "";
    const title = document.createElement("h3");
    title.textContent = m.title;
    moment.append(title);
    // The last trick first, under the title: a long summary scrolls inside the moment,
    // and the trick must stay in sight without scrolling (a small table at 1024x768).
    if (m.picture) {
      const pic = document.createElement("div");
      pic.className = "kw-moment-picture";
      pic.innerHTML = m.picture; // SVG drawn by the package, never the browser's text
      moment.append(pic);
    }
    for (const line of m.lines || []) {
      const p = document.createElement("p");
      p.textContent = line;
      moment.append(p);
    }
    const row = document.createElement("div");
    row.className = "kw-moment-choices";
    for (const c of m.choices || []) {
      const b = document.createElement("button");
      b.className = `kw-moment-choice kw-moment-${c.id}`;
      b.textContent = c.label;
      b.addEventListener("click", () => model.send({ event: "moment", choice: c.id }));
      row.append(b);
    }
    moment.append(row);
    moment.style.display = "";
    const first = row.querySelector("button");
    if (first && keepFocus) first.focus({ preventScroll: true });
  }

  // ------------------------------------------------------------ a lost game
  function offerResume() {
    const record = saved(model);
    if (!record || record === model.get("record") || !model.get("store_key")) return;
    notice.innerHTML = "";
    const text = document.createElement("p");
    text.textContent = model.get("resume_word");
    const yes = document.createElement("button");
    yes.className = "kw-resume";
    yes.textContent = model.get("resume_yes");
    yes.addEventListener("click", () => {
      model.send({ event: "resume", record });
      notice.style.display = "none";
    });
    const no = document.createElement("button");
    no.className = "kw-resume-no";
    no.textContent = model.get("resume_no");
    no.addEventListener("click", () => {
      notice.style.display = "none";
      store(model);
    });
    notice.append(text, yes, no);
    notice.style.display = "";
  }

  let lastPong = Date.now();
  let lost = false;
  let hiddenSince = null;
  function found() {
    // A kernel that was only slow (a busy machine, a long bot) answers again: the table
    // comes back as it was, with the notice it had before (an offer to resume, or none).
    lastPong = Date.now();
    if (!lost) return;
    lost = false;
    el.classList.remove("kw-lost-kernel");
    notice.innerHTML = "";
    notice.style.display = "none";
    offerResume();
  }
  const pinger = setInterval(() => {
    if (document.hidden) {
      // A background tab's timers are slowed down: no verdict on the time it was away.
      hiddenSince = hiddenSince ?? Date.now();
      return;
    }
    if (hiddenSince !== null) {
      lastPong += Date.now() - hiddenSince;
      hiddenSince = null;
    }
    if (Date.now() - lastPong > PING_GRACE && !lost) {
      lost = true;
      notice.innerHTML = "";
      const text = document.createElement("p");
      text.className = "kw-lost";
      text.textContent = model.get("lost_word");
      notice.append(text);
      notice.style.display = "";
      el.classList.add("kw-lost-kernel");
    }
    try {
      model.send({ event: "ping" });
    } catch (e) {
      /* the connection is gone: the check above will say so */
    }
  }, PING_EVERY);

  model.on("change:record", () => store(model));
  model.on("change:moment", showMoment);
  model.on("change:feedback", () => say(model.get("feedback")));
  model.on("change:projector", () =>
    el.classList.toggle("kw-projector", !!model.get("projector")));
  model.on("change:frames", play);
  model.on("change:hand", () => {
    if (timer === null) show(shown);
  });
  model.on("change:my_turn", () => {
    if (timer === null) show(shown);
  });
  model.on("change:hand_seat", () => {
    if (timer === null) show(shown);
  });
  model.on("msg:custom", (msg) => {
    if (!msg) return;
    if (msg.event === "say") say(msg.text);
    if (msg.event === "pong") found();
  });
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(placeFeedback);
  if (resized) resized.observe(el);
  say(model.get("feedback"));
  el.classList.toggle("kw-projector", !!model.get("projector"));
  play();
  showMoment();
  offerResume();
  return () => {
    if (timer !== null) clearTimeout(timer);
    clearInterval(pinger);
    if (resized) resized.disconnect();
  };
}

export default { render };
