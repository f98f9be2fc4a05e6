// The static site's own script, in every JupyterLite page of it (lite/build.py adds it at
// the end of their <body>, after kowhist/words.js, which sets window.KOWHIST_SITE: the
// words of the catalogue in every language, and the addresses of the app and lessons).
//
// - On the app page (the REPL) and on a lesson page, the loading note (#kw-loading, in
//   the page's HTML so that it shows from the first paint) says what is happening while
//   Python starts, and goes once the app is drawn / the lesson's kernel is up.
// - Links to app.ipynb in a lesson open the site's app page (in a new tab, so that the
//   lesson stays open), not the notebook's code.
//
// window.__kwLoading records what the note went through, for the browser tests:
// {shown, lang, stages: ["page", "python", ...], said: [its words at each stage], done}.
(function () {
  "use strict";
  const site = window.KOWHIST_SITE;
  const note = document.getElementById("kw-loading");
  const kind = document.body.dataset.notebook || "";
  if (!site) return;
  const root = new URL("..", document.currentScript.src);
  const params = new URLSearchParams(window.location.search);

  function browserLanguage() {
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const lang = String(tag).slice(0, 2).toLowerCase();
      if (site.words[lang]) return lang;
    }
    return "en";
  }

  // The page's language: a lesson's is its folder's (es/, fr/; English at the top);
  // the app's is the one its code asks for (build_app(lang="es")).
  function pageLanguage() {
    const path = params.get("path");
    if (path !== null) {
      const folder = path.split("/")[0];
      return site.words[folder] && path.includes("/") ? folder : "en";
    }
    const asked = params.getAll("code").join("\n").match(/lang="(\w+)"/);
    return asked && site.words[asked[1]] ? asked[1] : browserLanguage();
  }

  // ------------------------------------------------------------ landing page
  // Its HTML is in English; the visitor's browser language, if the site has it, replaces
  // every word, the app it opens and the order of the lessons (theirs first).
  if (document.body.dataset.page === "landing") {
    const lang = browserLanguage();
    document.documentElement.lang = lang;
    for (const el of document.querySelectorAll("[data-word]")) {
      el.textContent = site.words[lang][el.dataset.word];
    }
    document.title = site.words[lang].title;
    document.getElementById("kw-play-link").href = site.app[lang];
    const own = document.querySelector(`#kw-lesson-list li[data-lang="${lang}"]`);
    if (own) own.parentElement.prepend(own);
    window.__kwLoading = { shown: false, lang, stages: [], said: [], done: true };
    return;
  }

  const lang = pageLanguage();
  const words = site.words[lang];

  // ---------------------------------------------------------------- app links
  if (kind === "notebooks" || kind === "lab") {
    // Capturing on window runs before JupyterLab's own handler on the link, which would
    // open app.ipynb as a document.
    window.addEventListener(
      "click",
      (event) => {
        const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
        if (!link) return;
        let url;
        try {
          url = new URL(link.href, window.location.href);
        } catch (e) {
          return;
        }
        if (!/(^|\/)app\.ipynb$/.test(url.pathname)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        window.open(new URL(site.app[lang], root).href, "_blank", "noopener");
      },
      true,
    );
  }

  // ----------------------------------------------------------- accessibility
  // What axe-core finds in JupyterLab's own page around a lesson: the cells' code
  // editors, the headings' fold buttons and the logo link have no name, the notebook's
  // feed holds cells that do not say they are its articles, the skip link jumps the tab
  // order (tabindex 1), pictures have no alt. Mended here in the page's language, as
  // they are drawn (the notebook draws its cells as they scroll into view).
  function nameControls() {
    for (const el of document.querySelectorAll(
      ".cm-content[role='textbox']:not([aria-label]):not([aria-labelledby])",
    )) {
      el.setAttribute("aria-label", words.code_cell);
    }
    for (const el of document.querySelectorAll("button[data-heading-level]:not([aria-label])")) {
      el.setAttribute("aria-label", words.fold_section);
    }
    for (const el of document.querySelectorAll("[role='feed'] > .jp-Cell:not([role])")) {
      el.setAttribute("role", "article");
    }
    const logo = document.getElementById("jp-NotebookLogo");
    if (logo && !logo.getAttribute("aria-label")) logo.setAttribute("aria-label", words.title);
    for (const el of document.querySelectorAll(".skip-link[tabindex]")) {
      if (el.tabIndex > 0) el.tabIndex = 0;
    }
    // JupyterLab draws an SVG output as an <img> with no alt: the package's pictures
    // name themselves (the aria-label of their <svg>), so that name becomes the alt.
    for (const img of document.querySelectorAll(".jp-RenderedSVG img:not([alt])")) {
      img.setAttribute("alt", svgName(img.getAttribute("src") || ""));
    }
    // A picture wider than the page scrolls: reachable by keyboard too. Measured once
    // per picture (a measure is a layout; the card tables redraw many times a second).
    for (const el of document.querySelectorAll(".jp-RenderedSVG:not([data-kw-measured])")) {
      el.dataset.kwMeasured = "";
      if (el.scrollWidth > el.clientWidth + 1) el.setAttribute("tabindex", "0");
    }
  }

  function svgName(src) {
    const comma = src.indexOf(",");
    if (!src.startsWith("data:image/svg+xml") || comma < 0) return "";
    try {
      const body = src.slice(comma + 1);
      const text = src.slice(0, comma).endsWith(";base64") ? atob(body) : decodeURIComponent(body);
      const svg = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
      const title = svg.querySelector("title");
      return svg.getAttribute("aria-label") || (title ? title.textContent : "") || "";
    } catch (e) {
      return "";
    }
  }
  if (kind === "notebooks" || kind === "lab") {
    let queued = false;
    new MutationObserver(() => {
      if (queued) return;
      queued = true;
      window.requestAnimationFrame(() => {
        queued = false;
        nameControls();
      });
    }).observe(document.body, { childList: true, subtree: true });
    nameControls();
  }

  // ------------------------------------------------------------- loading note
  const state = { shown: false, lang, stages: [], said: [], done: false };
  window.__kwLoading = state;
  if (!note || (kind !== "repl" && kind !== "notebooks")) {
    if (note) note.remove();
    state.done = true;
    return;
  }
  note.lang = lang;
  note.querySelector(".kw-loading-time").textContent = words.loading_time;
  const more = note.querySelector(".kw-loading-more");
  if (kind === "notebooks") {
    note.classList.add("kw-loading-lesson");
    more.textContent = words.loading_lesson;
  } else {
    more.remove();
  }
  state.shown = note.getBoundingClientRect().height > 0;

  function stage(name) {
    if (state.stages[state.stages.length - 1] === name) return;
    state.stages.push(name);
    note.querySelector(".kw-loading-what").textContent = words["loading_" + name];
    state.said.push(note.innerText);
  }

  function finish() {
    state.done = true;
    note.remove();
    // JupyterLab names the tab after the site's appName ("Whist"): the app page's own
    // name, in its language, is better.
    if (kind === "repl") document.title = words.title;
  }

  // The kernel of the page's document: "unknown" while Pyodide starts, then "busy" or
  // "idle" (or "dead" when it could not start: JupyterLab says so itself).
  function kernelStatus() {
    const app = window.jupyterapp;
    const widget = app && app.shell && app.shell.currentWidget;
    const session = widget && widget.sessionContext;
    if (!session) return null;
    const kernel = session.session && session.session.kernel;
    return kernel ? kernel.status : "unknown";
  }

  function check() {
    const status = kernelStatus();
    if (status === null) {
      stage("page");
    } else if (status === "dead") {
      return finish();
    } else if (status !== "busy" && status !== "idle") {
      stage("python");
    } else if (kind === "notebooks") {
      return finish();
    } else {
      // The app page: Python is up; the app is drawn once its table is there (or a
      // traceback came instead, which the visitor must see).
      if (document.querySelector(".kw-table, [data-mime-type='application/vnd.jupyter.stderr']")) {
        return finish();
      }
      stage("app");
    }
    window.setTimeout(check, 250);
  }
  stage("page");
  check();
})();
