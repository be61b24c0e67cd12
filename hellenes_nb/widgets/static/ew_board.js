// The board of 300: Earth & Water (hellenes_nb/widgets/ew_board.py; docs/earth-water.md).
// Plain ES module, no bundler, no network. Python sends the board already drawn from one
// side's view; this file shows it and sends requests: choose, select, undo, ready, save, level.
// With `part` set it is only the board inside the shared dashboard (EWBoardView): select.

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

function die(value, side, counted) {
  const shown = counted !== undefined && counted !== value ? `${value}→${counted}` : `${value}`;
  return `<span class="ew-die ew-${side}" title="${side} die${counted !== value ? " (capped, §7.1)" : ""}">${esc(shown)}</span>`;
}

function battleHtml(battle) {
  if (!battle || !battle.title) return "";
  let n = 0;
  const rows = battle.rounds.map((r) => {
    if (!r.greece) return `<div class="ew-round-note">${esc(r.text)}</div>`;
    n += 1;
    const g = r.greece.map((d) => die(d, "greece")).join("");
    const p = r.persia.map((d, i) => die(d, "persia", r.persia_counted[i])).join("");
    const lost = r.lost[0] && r.lost[1] ? "each side loses one" : r.lost[0] ? "Greece loses one" : "Persia loses one";
    return `<div class="ew-round" data-round="${n}"><b>Round ${n}</b> ` +
      `<span class="ew-dice">Greece ${g}</span> <span class="ew-dice">Persia ${p}</span> ` +
      `<span class="ew-best">best ${r.best[0]} v ${r.best[1]}: ${lost}</span></div>`;
  });
  return `<div class="ew-battle"><div class="ew-battle-title">${esc(battle.title)} (§${esc(battle.rule)})</div>${rows.join("")}</div>`;
}

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
function renderPart({ model, el }) {
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

function render({ model, el }) {
  if (model.get("part")) return renderPart({ model, el });
  el.classList.add("ew-board");
  el.classList.toggle("ew-classroom", model.get("size") === "classroom");
  const board = mapPane(model, el);
  const side = document.createElement("div");
  side.className = "ew-side";
  el.append(side);

  function draw() {
    board.innerHTML = model.get("svg");
    const choices = model.get("choices")
      .map((c, i) => `<button class="ew-choice" data-index="${c.index}">${esc(c.label)}</button>`)
      .join("");
    const hand = model.get("hand")
      .map((c) => `<li title="${esc(c.text)}"><b>#${c.card}</b> ${esc(c.title)}</li>`).join("");
    const sel = model.get("selected");
    const dl = model.get("download") || {};
    const levels = model.get("levels") || [];
    const level = model.get("level");
    const picker = levels.length
      ? `<label class="ew-level" data-level="${esc(level)}">Opponent <select class="ew-level-pick">` +
        (level ? "" : `<option value="" selected>(another bot)</option>`) +
        levels.map((l) => `<option value="${esc(l.level)}" title="${esc(l.text)}"${l.level === level ? " selected" : ""}>${esc(l.level)}</option>`).join("") +
        `</select></label>`
      : "";
    const thinking = model.get("thinking")
      ? `<div class="ew-thinking" role="status">The computer is thinking…</div>` : "";
    side.innerHTML =
      picker + thinking +
      `<div class="ew-status">${esc(model.get("status"))}</div>` +
      `<div class="ew-prompt">${esc(model.get("prompt"))}</div>` +
      (sel ? `<div class="ew-filter">Choices about ${esc(sel)} <button class="ew-clear">show all</button></div>` : "") +
      `<div class="ew-message" role="alert">${esc(model.get("message"))}</div>` +
      (model.get("handover") ? `<button class="ew-ready">Ready (${esc(model.get("handover"))})</button>` : "") +
      `<div class="ew-choices">${choices}</div>` +
      `<button class="ew-undo">Undo</button> <button class="ew-save">Save</button>` +
      (dl.href ? ` <a class="ew-download" download="${esc(dl.name)}" href="${esc(dl.href)}">⬇ ${esc(dl.name)}</a>` : "") +
      `<h4>Your hand</h4><ul class="ew-hand">${hand || "<li>no cards</li>"}</ul>` +
      battleHtml(model.get("battle")) +
      `<h4>Log</h4><ol class="ew-log">${model.get("log_lines").map((l) => `<li>${esc(l)}</li>`).join("")}</ol>`;
    for (const b of side.querySelectorAll(".ew-choice"))
      b.addEventListener("click", () => model.send({ request: "choose", index: Number(b.dataset.index) }));
    side.querySelector(".ew-undo").addEventListener("click", () => model.send({ request: "undo" }));
    side.querySelector(".ew-save").addEventListener("click", () => model.send({ request: "save" }));
    const pick = side.querySelector(".ew-level-pick");
    if (pick) pick.addEventListener("change", () => model.send({ request: "level", level: pick.value }));
    const ready = side.querySelector(".ew-ready");
    if (ready) ready.addEventListener("click", () => model.send({ request: "ready" }));
    const clear = side.querySelector(".ew-clear");
    if (clear) clear.addEventListener("click", () => model.send({ request: "select", city: "" }));
  }
  for (const name of ["svg", "choices", "hand", "prompt", "status", "message", "battle", "log_lines", "selected", "handover", "download", "level", "levels", "thinking"])
    model.on(`change:${name}`, draw);
  draw();
}

export default { render };
