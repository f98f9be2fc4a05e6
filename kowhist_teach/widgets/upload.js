// The record uploader (anywidget): reads the chosen file in the browser and refuses one
// over the size limit before anything is sent (a file over the websocket's 10 MiB limit
// would otherwise drop the connection without a word). No build step, no CDN.
//
// Python sends `description` (the button's words), `accept`, `max_bytes` and `too_large`
// (the one-line refusal, in the student's language, with {size} and {limit} in kB).
// A file within the limit goes to Python as {event: "upload", name, type, size,
// last_modified} with its bytes as the message's one buffer; one over it is refused
// here and Python only hears {event: "too_large", name, size}.

function kB(bytes) {
  return String(Math.floor(bytes / 1000));
}

function render({ model, el }) {
  el.classList.add("kw-upload");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "jupyter-button widget-button kw-upload-button";
  const input = document.createElement("input");
  input.type = "file";
  input.hidden = true;
  const note = document.createElement("span");
  note.className = "kw-upload-message kw-message";
  note.setAttribute("role", "alert");

  function relabel() {
    button.textContent = model.get("description");
    button.title = model.get("description");
    input.accept = model.get("accept");
    button.disabled = model.get("disabled");
  }

  button.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = ""; // the same file may be chosen again
    if (!file) return;
    const limit = model.get("max_bytes");
    if (file.size > limit) {
      note.textContent = model
        .get("too_large")
        .replace("{size}", kB(file.size))
        .replace("{limit}", kB(limit));
      model.send({ event: "too_large", name: file.name, size: file.size });
      return;
    }
    note.textContent = "";
    const bytes = await file.arrayBuffer();
    model.send(
      {
        event: "upload",
        name: file.name,
        type: file.type,
        size: file.size,
        last_modified: file.lastModified,
      },
      undefined,
      [bytes],
    );
  });
  model.on("change:description", relabel);
  model.on("change:accept", relabel);
  model.on("change:disabled", relabel);
  relabel();
  el.append(button, input, note);
  return () => {
    model.off("change:description", relabel);
    model.off("change:accept", relabel);
    model.off("change:disabled", relabel);
  };
}

export default { render };
