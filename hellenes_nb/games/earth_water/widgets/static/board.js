// The board of 300: Earth & Water (hellenes_nb/games/earth_water/widgets/board.py EWBoardView;
// docs/earth-water.md). Plain ES module, no bundler, no network. Python sends the board already
// drawn from one side's view; this file shows it and sends one request: select a city. Every
// decision is taken on the shared dashboard's panel beside it.

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// the drawn board: a click on a city asks Python to select it (again: to clear it)
function mapPane(model, el) {
  const board = document.createElement("div");
  board.className = "ew-map";
  board.addEventListener("click", (ev) => {
    const city = ev.target.closest("[data-city]");
    if (!city) return;
    const id = city.getAttribute("data-city");
    model.send({ request: "select", city: model.get("selected") === id ? "" : id });
  });
  el.append(board);
  return board;
}

// the board alone, inside the shared dashboard (EWBoardView): the dashboard has the rest
function render({ model, el }) {
  el.classList.add("ew-view");
  const board = mapPane(model, el);
  const note = document.createElement("div");
  note.className = "ew-view-note";
  el.append(note);
  function draw() {
    el.classList.toggle("ew-classroom", model.get("size") === "classroom");
    board.innerHTML = model.get("svg");
    const sel = model.get("selected");
    const msg = model.get("message");
    note.innerHTML = (sel ? `${esc(model.get("note"))} ` +
      `<button class="ew-clear" type="button">clear</button>` : "") +
      (msg ? `<span class="ew-message" role="alert">${esc(msg)}</span>` : "");
    const clear = note.querySelector(".ew-clear");
    if (clear) clear.addEventListener("click", () => model.send({ request: "select", city: "" }));
  }
  for (const name of ["svg", "selected", "note", "message", "size"]) model.on(`change:${name}`, draw);
  draw();
}

export default { render };
