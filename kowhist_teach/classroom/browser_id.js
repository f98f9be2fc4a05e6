// The id this browser keeps for the class, and a heartbeat (kowhist_teach/classroom/join.py).
// The id is 128 random bits made on the first visit and kept in localStorage, so that a
// reload, a new kernel or a restarted server finds the same student. Nothing else of the
// browser is read or sent.
const KEY = "kowhist-teach:class-student";

function browserId() {
  let id = null;
  try {
    id = localStorage.getItem(KEY);
  } catch (e) {
    id = null;
  }
  if (!id || !/^[0-9a-f]{32}$/.test(id)) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    try {
      localStorage.setItem(KEY, id);
    } catch (e) {
      // A browser that keeps nothing: this page is the student's for as long as it lives.
    }
  }
  return id;
}

function render({ model, el }) {
  el.style.display = "none";
  model.set("browser_id", browserId());
  model.save_changes();
  const timer = setInterval(() => {
    model.set("beat", (model.get("beat") || 0) + 1);
    model.save_changes();
  }, 5000);
  return () => clearInterval(timer);
}

export default { render };
