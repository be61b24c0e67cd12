// The board of Athens & Sparta (hellenes_nb/games/athens_sparta/widgets/board.py ASBoard).
// Plain ES module, no bundler, no network. Python sends the hex board already drawn from
// one side's view (the other side's blocks face down); the page shows it and asks one thing:
// select a hex (a click on the hex or on a stack of blocks; again to clear). Decisions are
// taken on the shared dashboard's panel beside it.

const escape = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

export default {
  render({ model, el }) {
    el.classList.add("as-board");
    const map = document.createElement("div");
    map.className = "as-map";
    const words = document.createElement("div");
    words.className = "as-note";
    words.setAttribute("aria-live", "polite");
    map.addEventListener("click", (ev) => {
      const hex = ev.target.closest("[data-hex]");
      if (!hex) return;
      const id = hex.dataset.hex;
      model.send({ request: "select", hex: model.get("selected") === id ? "" : id });
    });
    el.append(map, words);
    const show = () => {
      map.innerHTML = model.get("svg");
      const svg = map.querySelector("svg");
      if (svg) {
        svg.style.width = "100%";
        svg.style.height = "auto";
        svg.style.cursor = "pointer";
      }
      el.classList.toggle("as-classroom", model.get("size") === "classroom");
      const problem = model.get("message");
      words.innerHTML = escape(model.get("note")) +
        (problem ? ` <span role="alert">${escape(problem)}</span>` : "");
    };
    ["svg", "selected", "note", "message", "size"].forEach((t) => model.on(`change:${t}`, show));
    show();
  },
};
