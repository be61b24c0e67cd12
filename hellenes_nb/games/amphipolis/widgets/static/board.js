// The board of Amphipolis (hellenes_nb/games/amphipolis/board.py AmphipolisBoard). Plain ES
// module, no bundler, no network. Python sends the board already drawn from one side's view;
// this file shows it and sends one request: select a zone. Every decision is taken on the
// shared dashboard's panel beside it.

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function render({ model, el }) {
  el.classList.add("amph-board");
  const board = document.createElement("div");
  board.style.maxWidth = "100%";
  board.addEventListener("click", (ev) => {
    const zone = ev.target.closest("[data-zone]");
    if (!zone) return;
    const id = zone.getAttribute("data-zone");
    model.send({ request: "select", zone: model.get("selected") === id ? "" : id });
  });
  const note = document.createElement("div");
  note.className = "amph-note";
  el.append(board, note);
  function draw() {
    board.innerHTML = model.get("svg");
    const svg = board.querySelector("svg");
    if (svg) { svg.style.width = "100%"; svg.style.height = "auto"; }
    const msg = model.get("message");
    note.innerHTML = esc(model.get("note")) + (msg ? ` <span role="alert">${esc(msg)}</span>` : "");
  }
  for (const name of ["svg", "selected", "note", "message", "size"]) model.on(`change:${name}`, draw);
  draw();
}

export default { render };
