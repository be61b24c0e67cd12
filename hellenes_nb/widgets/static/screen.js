// The dashboard's screen tools (hellenes_nb/widgets/dashboard/screen.py; docs/dashboard.md):
// full screen, the side panels beside or below the map, the classroom size, and folding a
// panel away by its heading. Only the layout changes here; the page sets `panels` and `size`,
// Python passes the size on to the map and the battle board.

function render({ model, el: host }) {
  const bar = document.createElement("div");
  bar.className = "hn-screen";
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "Screen layout");
  const make = (name, text, title) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "hn-tool";
    b.dataset.tool = name;
    b.textContent = text;
    b.title = title;
    b.setAttribute("aria-pressed", "false");
    bar.append(b);
    return b;
  };
  const full = make("fullscreen", "⤢ Full screen", "Fill the screen with the game (Esc leaves)");
  const wide = make("panels", "⇲ Map full width", "Put the side panels under the map, so the map takes the whole width");
  const big = make("size", "A+ Classroom size", "Larger names and thicker borders, for a projector");
  host.append(bar);

  const dash = () => host.closest(".hn-dash");
  function apply() {
    const d = dash();
    const below = model.get("panels") === "below";
    const classroom = model.get("size") === "classroom";
    wide.setAttribute("aria-pressed", String(below));
    big.setAttribute("aria-pressed", String(classroom));
    if (!d) return;
    d.classList.toggle("hn-panels-below", below);
    d.classList.toggle("hn-classroom", classroom);
    d.dataset.panels = model.get("panels");
  }
  function onFull() {
    const d = dash();
    const on = !!d && document.fullscreenElement === d;
    full.setAttribute("aria-pressed", String(on));
    if (d) d.classList.toggle("hn-full", on);
  }
  full.addEventListener("click", () => {
    const d = dash();
    if (!d) return;
    if (document.fullscreenElement === d) document.exitFullscreen();
    else if (d.requestFullscreen) d.requestFullscreen().catch(() => {});
  });
  wide.addEventListener("click", () => {
    model.set("panels", model.get("panels") === "below" ? "beside" : "below");
    model.save_changes();
    apply();
  });
  big.addEventListener("click", () => {
    model.set("size", model.get("size") === "classroom" ? "normal" : "classroom");
    model.save_changes();
    apply();
  });
  // a panel folds away by its heading (a button, so the keyboard folds it too)
  function fold(ev) {
    const b = ev.target.closest && ev.target.closest(".hn-fold");
    const d = dash();
    if (!b || !d || !d.contains(b)) return;
    const card = b.closest(".hn-card");
    const open = b.getAttribute("aria-expanded") !== "false";
    b.setAttribute("aria-expanded", String(!open));
    if (card) card.classList.toggle("hn-collapsed", open);
  }
  // the width it really has (JupyterLab's file browser open leaves about 580 px): narrower than a
  // map beside the side panels needs, the decisions and panels go under the map by themselves
  const NARROW = 1100; // px: beside the panels (about 350 px) the map would keep under 750 px
  const sized = new ResizeObserver((entries) => {
    for (const e of entries) {
      const narrow = e.contentRect.width > 0 && e.contentRect.width < NARROW;
      e.target.classList.toggle("hn-narrow", narrow);
    }
  });
  let listening = null;
  function attach() {
    const d = dash();
    if (d && listening !== d) {
      if (listening) listening.removeEventListener("click", fold);
      d.addEventListener("click", fold);
      sized.disconnect();
      sized.observe(d);
      listening = d;
      wait.disconnect();
      apply();
      onFull();
    }
  }
  // the dashboard's element holds this one once the page has put the widgets together
  const wait = new MutationObserver(attach);
  wait.observe(document.body, { childList: true, subtree: true });
  requestAnimationFrame(attach);
  document.addEventListener("fullscreenchange", onFull);
  model.on("change:panels", apply);
  model.on("change:size", apply);
  return () => {
    wait.disconnect();
    sized.disconnect();
    if (listening) listening.removeEventListener("click", fold);
    document.removeEventListener("fullscreenchange", onFull);
    model.off("change:panels", apply);
    model.off("change:size", apply);
  };
}

export default { render };
