// The card table (anywidget): the table picture, drawn by Python as SVG, with the
// student's own cards (or the hand they play for: `hand_seat`) made playable where
// they lie. No build step, no CDN.
//
// Python sends `frames` (SVG pictures of the table, in order: each bot's card arriving,
// the finished trick, the next lead), `waits` (for each frame, who is to play, in the
// student's words) and `hand` (the student's cards: code, text, label, legal, reason).
// The frames are shown one after another at the teacher's `speed`; the cards are
// playable on the last one only, when it is the student's turn. A click or Enter on a
// legal card sends {event: "play", move} to Python; on an illegal card the reason shows
// at once beside the hand (no round trip) and is sent as {event: "refused", move} for
// the story; while the student waits, a click says who is to play.

const PACE = { instant: 0, normal: 650, slow: 1500 };
// How long one of the bots' frames stays up, in ms. A page may scale every pace by a
// positive number set before the app loads, `window.KOWHIST_TEST_PACE` (0.1: a tenth):
// the browser tests do, so that they never sleep through a bot's card, and everything
// else (the frames, kw-animating, a press held over a frame) is what a student gets.
// "instant" stays 0: no frames shown one by one.
function paceOf(speed) {
  const ms = PACE[speed] ?? PACE.normal;
  const scale = Number(globalThis.KOWHIST_TEST_PACE);
  return Number.isFinite(scale) && scale > 0 && ms > 0 ? Math.max(1, Math.round(ms * scale)) : ms;
}
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
  // What the page's skip link (kw-skip-link) points to: the table shown on the page.
  if (!document.getElementById("kw-hand")) el.id = "kw-hand";

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

  // The feedback goes where it covers no seat (name, badges, cards) and no card of the
  // trick nor its names; nor, where there is room, a box (trumps, status, scores). It is
  // tried beside the student's hand first (the bottom corners, where the eyes are),
  // then higher, then at other widths; with no room on the table at all, not shown.
  function obstacles(svg) {
    const hard = [], soft = [];
    for (const part of svg.children) {
      if (part.tagName.toLowerCase() !== "g") continue; // the felt
      const trick = part.classList.contains("kwr-trick-area");
      const into = trick || part.classList.contains("kwr-seat") ? hard : soft;
      for (const piece of trick ? part.children : [part]) {
        const r = piece.getBoundingClientRect();
        if (r.width && r.height) into.push(r);
      }
    }
    return { hard, soft };
  }

  function placeFeedback() {
    const svg = stage.querySelector("svg");
    const outer = el.getBoundingClientRect();
    if (!svg || !feedback.textContent || !outer.height) return;
    const pic = svg.getBoundingClientRect();
    const { hard, soft } = obstacles(svg);
    const pad = 4;
    const over = (rects, x, y, w, h) => {
      let area = 0;
      for (const r of rects) {
        const dx = Math.min(x + w, r.right) - Math.max(x, r.left);
        const dy = Math.min(y + h, r.bottom) - Math.max(y, r.top);
        if (dx > 0 && dy > 0) area += dx * dy;
      }
      return area;
    };
    feedback.classList.remove("kw-feedback-away");
    feedback.style.right = "auto";
    feedback.style.bottom = "auto";
    feedback.style.maxWidth = "none";
    feedback.style.boxSizing = "border-box";
    let best = null; // covering no seat nor card, and the least of the boxes
    for (const share of [0.3, 0.24, 0.38, 0.46, 0.19, 0.6]) {
      const w = Math.round(pic.width * share);
      if (w < 90) continue;
      feedback.style.width = `${w}px`;
      const h = feedback.offsetHeight;
      if (h > pic.height - 2 * pad) continue;
      const xs = [pic.right - w - pad, pic.left + pad];
      for (let x = pic.right - w - pad - 8; x > pic.left + pad; x -= 8) xs.push(x);
      for (let y = pic.bottom - h - pad; y >= pic.top + pad && !(best && best.soft === 0); y -= 6) {
        for (const x of xs) {
          if (over(hard, x, y, w, h) > 0) continue;
          const area = over(soft, x, y, w, h);
          if (best === null || area < best.soft) best = { x, y, w, soft: area };
          if (area === 0) break;
        }
      }
      if (best && best.soft === 0) break;
    }
    if (best === null) {
      // No room on the table: the bubble steps back (its words are in the explanation
      // beside the table too) rather than cover a seat or a card.
      feedback.classList.add("kw-feedback-away");
      return;
    }
    feedback.style.width = `${Math.round(best.w)}px`;
    feedback.style.left = `${Math.round(best.x - outer.left)}px`;
    feedback.style.top = `${Math.round(best.y - outer.top)}px`;
  }

  // The table within the window's height below its top (the page at its top), so
  // that the hand stays on screen: a projector's table as tall as that (its words and
  // cards as big as they can be), another no taller than the page's own limit
  // (--kw-table-max-height) either.
  let page = null; // what watches the sizes above the table (a ResizeObserver)
  let watchedLine = null; // the status line above the table, once found in the page
  function fitHeight() {
    const svg = stage.querySelector("svg");
    if (!svg) return;
    // The status line above the table may wrap onto another line (a longer status),
    // moving the table down: it is watched, since in Voilà's page the body keeps the
    // window's size whatever grows inside it.
    const view = el.closest(".kw-table-widget");
    const line = view && view.querySelector(".kw-status");
    if (line && line !== watchedLine && page) {
      if (watchedLine) page.unobserve(watchedLine);
      page.observe(line);
      watchedLine = line;
    }
    stage.style.removeProperty("--kw-table-max-height");
    // Only in the app, a page of its own at its top (in a notebook the table lies
    // wherever the page is scrolled).
    if (!el.closest(".kw-app")) return;
    // Where the table's top lies with the page at its top: in Voilà's page the window
    // does not scroll but a panel inside it does, so every scrolled box above counts.
    let scrolled = window.scrollY;
    for (let box = stage.parentElement; box; box = box.parentElement) scrolled += box.scrollTop;
    const top = stage.getBoundingClientRect().top + scrolled;
    const room = Math.max(160, Math.floor(window.innerHeight - top - 8));
    // (Not a projector: the page's own limit when it is the lower.)
    if (!model.get("projector") && parseFloat(getComputedStyle(svg).maxHeight) < room) return;
    stage.style.setProperty("--kw-table-max-height", `${room}px`);
  }

  function say(text) {
    feedback.textContent = text || "";
    feedback.style.display = text ? "" : "none";
    placeFeedback();
  }

  // The status line (kw-status, a widget of its own beside the table) tells the game as
  // the picture on screen shows it: while the bots' cards arrive, each frame's status,
  // drawn by Python with it (`statuses`); the last frame's is the status line's own.
  function showStatus() {
    const statuses = model.get("statuses") || [];
    const frames = model.get("frames") || [];
    if (!statuses.length || statuses.length !== frames.length) return;
    const view = el.closest(".kw-table-widget");
    const line = view && view.querySelector(".kw-status .widget-html-content");
    const html = statuses[shown];
    if (line && html !== undefined) line.innerHTML = html; // drawn by the package
  }

  // ------------------------------------------------------------ the hand
  // The hand tells the truth at every frame: on the last one, when it is the student's
  // turn, each card is lit legal or not with its reason; on every other frame (the bots'
  // cards arriving) and whenever it is not their turn, no card is lit (kw-waiting) and
  // each says who is to play — Python's word for that frame (`waits`), never a stale
  // reason. A click is never lost: it plays, or it says why not.
  let live = false; // the cards marked now take plays
  let waitNow = ""; // what a click says while they do not
  let pending = false; // a card was sent: nothing more until the table answers
  const marks = new WeakMap(); // node -> its card, as marked now

  // What a card shows (rank and suit, or a joker's code): the start of its spoken name,
  // so that a student who says what they see ("Q ♣") is understood (WCAG 2.5.3).
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  function shownText(code) {
    if (!code || code.startsWith("hidden-")) return "";
    const suit = SUITS[code.slice(-1)];
    return suit ? `${code.slice(0, -1)}${suit}` : code;
  }

  function handNodes() {
    // The hand the student plays now: their own, or another they play for (the dummy,
    // while they deal); while they wait, their own and that one.
    const handSeat = model.get("hand_seat");
    const own = model.get("seat");
    if (live) return cardsOf(stage, handSeat >= 0 ? handSeat : own);
    const nodes = cardsOf(stage, own);
    return handSeat >= 0 && handSeat !== own ? nodes.concat(cardsOf(stage, handSeat)) : nodes;
  }

  function mark() {
    const frames = model.get("frames") || [];
    const last = shown === frames.length - 1 && timer === null;
    live = last && !!model.get("my_turn") && !pending;
    const waits = model.get("waits") || [];
    waitNow = (last ? waits[frames.length - 1] : waits[shown]) || model.get("wait_word");
    const hand = model.get("hand") || [];
    const byCode = new Map(hand.map((c) => [c.code, c]));
    const backs = hand.filter((c) => c.face_down);
    const nodes = handNodes().filter((node) => (node.dataset.card ? true : backs.length > 0));
    el.classList.toggle("kw-waiting", !live);
    let back = 0;
    const cards = [];
    for (const node of nodes) {
      let card = node.dataset.card ? byCode.get(node.dataset.card) : backs[back++];
      // The name the picture gives the card, kept before the first marks replace it.
      if (node.dataset.name === undefined) node.dataset.name = node.getAttribute("aria-label") || "";
      if (!card && !live && node.dataset.card) {
        // A card of this frame no longer in the hand at its end (a new deal): its name
        // from the picture.
        card = { code: node.dataset.card, label: node.dataset.name };
      }
      if (!card) continue;
      const text = card.text ?? shownText(card.code);
      const words = live
        ? `${card.label}, ${card.legal ? model.get("legal_word") : model.get("illegal_word")}: ${card.reason}`
        : `${card.label}: ${waitNow}`;
      const spoken = text ? `${text}, ${words}` : words;
      node.classList.remove("kw-legal", "kw-illegal", "kw-chosen", "kw-not-now");
      node.classList.add("kw-card", live && card.legal ? "kw-legal" : "kw-illegal");
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "-1");
      node.removeAttribute("aria-hidden"); // a back the student plays is theirs to hear
      node.setAttribute("aria-label", spoken);
      node.setAttribute("title", spoken);
      const title = node.querySelector("title");
      if (title) title.textContent = spoken;
      node.dataset.code = card.code;
      marks.set(node, card);
      cards.push(node);
    }
    // Playing another hand (the dummy): a click on their own cards says which to play.
    const other = model.get("other_word");
    const handSeat = model.get("hand_seat");
    if (live && other && handSeat >= 0 && handSeat !== model.get("seat")) {
      for (const node of cardsOf(stage, model.get("seat"))) {
        if (node.dataset.name === undefined) node.dataset.name = node.getAttribute("aria-label") || "";
        const text = shownText(node.dataset.card);
        const spoken = `${text ? `${text}, ` : ""}${node.dataset.name}: ${other}`;
        node.classList.add("kw-not-now");
        node.setAttribute("aria-label", spoken);
        node.setAttribute("title", spoken);
        const title = node.querySelector("title");
        if (title) title.textContent = spoken;
      }
    }
    // One card in the tab order at a time (a roving tabindex); arrows move along.
    const start = cards.find((n) => n.dataset.code === focusCode) ||
      cards.find((n) => n.classList.contains("kw-legal")) || cards[0];
    if (start) start.setAttribute("tabindex", "0");
    const momentButton = el.querySelector(".kw-moment-choices button");
    if (keepFocus && !(momentButton && momentButton.offsetParent !== null)) {
      (start || el).focus({ preventScroll: true });
    }
  }

  function handNow() {
    return Array.from(stage.querySelectorAll(".kw-card"));
  }

  function keyed(e, node) {
    const cards = handNow();
    const i = cards.indexOf(node);
    let next = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") next = cards[(i + 1) % cards.length];
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = cards[(i - 1 + cards.length) % cards.length];
    else if (e.key === "Home") next = cards[0];
    else if (e.key === "End") next = cards[cards.length - 1];
    else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      clicked(node);
      return;
    }
    if (next) {
      e.preventDefault();
      node.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      next.focus();
    }
  }

  function clicked(node) {
    const code = node.dataset.code;
    if (timer !== null || later !== null) {
      // A click while the bots' cards arrive: the table as it is now at once, and the
      // card clicked is played if the student is to play it now (legal, or they hear
      // why not); else they hear who is to play.
      finish();
      const now = handNow().find((n) => n.dataset.code === code);
      if (live && now) choose(marks.get(now), now);
      else say(waitNow);
      return;
    }
    const card = marks.get(node);
    if (!live || !card) {
      say(waitNow);
      return;
    }
    choose(card, node);
  }

  function choose(card, node) {
    if (!card.legal) {
      say(`${card.label}: ${card.reason}`);
      model.send({ event: "refused", move: card.code });
      return;
    }
    say("");
    node.classList.add("kw-chosen");
    focusCode = null;
    // Sent: until the table answers, a click says to wait (never a second play).
    pending = true;
    live = false;
    waitNow = model.get("wait_word");
    el.classList.add("kw-waiting");
    model.send({ event: "play", move: card.code });
  }

  // One listener for every frame's cards: each frame replaces the picture.
  stage.addEventListener("click", (e) => {
    const node = e.target.closest && e.target.closest(".kw-card, .kw-not-now");
    if (!node || !stage.contains(node)) return;
    e.preventDefault();
    if (node.classList.contains("kw-card")) clicked(node);
    else say(model.get("other_word"));
  });
  stage.addEventListener("keydown", (e) => {
    const node = e.target.closest && e.target.closest(".kw-card");
    if (node && stage.contains(node)) keyed(e, node);
  });
  stage.addEventListener("focusin", (e) => {
    const node = e.target.closest && e.target.closest(".kw-card");
    if (node) focusCode = node.dataset.code;
  });

  // A press on a card is not cut short by the bots' next frame: a frame that would
  // replace the picture between the press and the release waits for the release, so
  // the click reaches the card pressed (which plays, or says why not) instead of
  // falling between the old picture and the new. Never longer than HOLD_MS, in case
  // the release never comes (the pointer let go outside the window).
  const HOLD_MS = 800;
  let pressedAt = null;
  let later = null; // the frame to show once the press is over
  stage.addEventListener("pointerdown", () => {
    pressedAt = performance.now();
  });
  const release = () => {
    if (pressedAt === null) return;
    pressedAt = null;
    // After the click this release makes: the card pressed is still there for it.
    setTimeout(() => {
      if (later !== null) show(later);
    }, 0);
  };
  window.addEventListener("pointerup", release);
  window.addEventListener("pointercancel", release);
  window.addEventListener("blur", release);

  // The feedback lies on the picture: whenever the picture's size changes (the table's
  // width, the room the window leaves it, a frame of another shape), it is placed again,
  // or it would stay where a taller picture had room for it (below the table).
  const resized = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(placeFeedback);
  let watched = null; // the picture watched now (each frame is a new one)
  function watchPicture() {
    const svg = stage.querySelector("svg");
    if (!resized || svg === watched) return;
    if (watched) resized.unobserve(watched);
    if (svg) resized.observe(svg);
    watched = svg;
  }

  let shownSvg = null;
  function show(i) {
    const frames = model.get("frames") || [];
    if (!frames.length) return;
    if (pressedAt !== null && performance.now() - pressedAt < HOLD_MS) {
      later = i;
      return;
    }
    later = null;
    shown = Math.min(i, frames.length - 1);
    if (frames[shown] !== shownSvg || shown === frames.length - 1) {
      const hadFocus = keepFocus && el.contains(document.activeElement);
      stage.innerHTML = frames[shown];
      shownSvg = frames[shown];
      watchPicture();
      if (hadFocus && !el.contains(document.activeElement)) el.focus({ preventScroll: true });
    }
    mark();
    showStatus();
    fitHeight();
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
    const pace = paceOf(model.get("speed"));
    el.dataset.pace = String(pace); // how long each frame stays up, for the tests to read
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
    moment.setAttribute("aria-label", m.title); // a dialog is named: by its title
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
  model.on("change:projector", () => {
    el.classList.toggle("kw-projector", !!model.get("projector"));
    fitHeight();
    placeFeedback();
  });
  const refit = () => {
    fitHeight();
    placeFeedback();
  };
  window.addEventListener("resize", refit);
  // What is above the table may grow (a longer status line): the page's body resizes.
  page = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(refit);
  if (page) page.observe(document.body);
  // Any word from Python answers a card sent (`pending`): the hand is the table's again.
  model.on("change:frames", () => {
    pending = false;
    play();
  });
  const redraw = () => {
    pending = false;
    if (timer === null) show(shown);
  };
  model.on("change:hand", redraw);
  model.on("change:my_turn", redraw);
  model.on("change:hand_seat", redraw);
  model.on("change", () => {
    if (pending) redraw();
  });
  model.on("msg:custom", (msg) => {
    if (!msg) return;
    if (msg.event === "say") {
      if (pending) redraw();
      say(msg.text);
    }
    if (msg.event === "pong") found();
  });
  if (resized) resized.observe(el);
  say(model.get("feedback"));
  el.classList.toggle("kw-projector", !!model.get("projector"));
  play();
  showMoment();
  offerResume();
  return () => {
    if (timer !== null) clearTimeout(timer);
    clearInterval(pinger);
    window.removeEventListener("resize", refit);
    window.removeEventListener("pointerup", release);
    window.removeEventListener("pointercancel", release);
    window.removeEventListener("blur", release);
    if (page) page.disconnect();
    if (resized) resized.disconnect();
  };
}

export default { render };
