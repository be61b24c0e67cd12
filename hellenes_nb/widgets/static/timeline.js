// The timeline of the games' history for hellenes-nb (widgets/timeline.py): years BC run left
// to right on a broken axis (Python lays out every column and bar in percent of the track), each
// game's scenarios are bars above the axis, every lesson is a button spanning its years, each
// game in its own colour. A click writes `picked`; the panel below shows the picked lesson.
// Colours follow JupyterLab's --jp-* theme variables (light and dark); text is projector-sized.

const STYLE = `
.htl { --htl-bg: var(--jp-layout-color1, #fbf8f1); --htl-panel: var(--jp-layout-color2, #f1ece0);
  --htl-ink: var(--jp-ui-font-color1, #1d1d1d); --htl-muted: var(--jp-ui-font-color2, #4f4f4f);
  --htl-line: var(--jp-border-color1, #b9b09c); --htl-game: #0072b2; --htl-sparta: #d55e00;
  --htl-focus: var(--jp-brand-color1, #1976d2);
  font-family: var(--jp-ui-font-family, system-ui, sans-serif); font-size: 16px;
  color: var(--htl-ink); background: var(--htl-bg); border: 1px solid var(--htl-line);
  border-radius: 8px; padding: 12px 16px; max-width: 1300px; box-sizing: border-box; }
.htl h3 { margin: 0 0 8px; font-size: 20px; }
.htl-track { position: relative; margin: 0 4px; }
.htl-row { position: relative; height: 46px; margin: 3px 0; }
.htl-scen { position: absolute; top: 2px; min-height: 44px; border-radius: 4px;
  box-sizing: border-box; border: 2px solid var(--htl-game); border-left-width: 6px;
  background: var(--htl-panel); color: var(--htl-ink);
  font-size: 15px; line-height: 19px; padding: 1px 8px; overflow-wrap: anywhere; }
.htl-scen small { display: block; font-size: 13px; color: var(--htl-muted); }
.htl-axis { position: relative; height: 48px; border-top: 2px solid var(--htl-ink);
  margin-top: 6px; }
.htl-tick { position: absolute; top: 0; height: 8px; border-left: 2px solid var(--htl-ink); }
.htl-year { position: absolute; top: 9px; transform: translateX(-50%); font-size: 15px;
  color: var(--htl-muted); font-variant-numeric: tabular-nums; }
.htl-lanes { position: relative; margin-top: 4px; }
.htl-span { position: absolute; min-height: 58px; box-sizing: border-box; border-radius: 6px;
  border: 2px solid var(--htl-game); border-left-width: 6px; background: var(--htl-bg);
  color: var(--htl-ink); font: inherit; font-size: 15px; text-align: left; padding: 2px 8px;
  cursor: pointer; line-height: 1.2; overflow-wrap: anywhere; }
.htl-span span { display: block; }
.htl-span small { display: block; font-size: 13px; color: var(--htl-muted); }
.htl-span:hover { background: var(--htl-panel); }
.htl-span:focus-visible { outline: 3px solid var(--htl-focus); outline-offset: 2px; }
.htl-span[aria-pressed="true"] { background: var(--htl-game); border-color: var(--htl-game);
  color: #fff; }
.htl-span[aria-pressed="true"] small { color: #fff; }
.htl-panel { margin-top: 12px; padding: 10px 14px; border-radius: 6px; background: var(--htl-panel);
  border: 1px solid var(--htl-line); min-height: 60px; }
.htl-panel h4 { margin: 0 0 6px; font-size: 19px; }
.htl-panel p { margin: 4px 0; }
.htl-panel ul { margin: 4px 0 6px; padding-left: 24px; }
.htl-panel code { font-size: 15px; background: var(--htl-bg); padding: 1px 5px;
  border-radius: 3px; border: 1px solid var(--htl-line); }
.htl-muted { color: var(--htl-muted); }
.htl-key { margin: -4px 0 6px; font-size: 15px; }
.htl-error { color: var(--htl-sparta); font-weight: bold; }
.htl-break { position: absolute; top: 0; bottom: 0; pointer-events: none;
  background: repeating-linear-gradient(135deg, transparent 0 6px, var(--htl-line) 6px 8px);
  opacity: 0.35; }
.htl-gap { position: absolute; top: -9px; height: 14px; transform: skewX(-20deg);
  border-left: 2px solid var(--htl-ink); border-right: 2px solid var(--htl-ink);
  background: var(--htl-bg); box-sizing: border-box; }
.htl-gapyears { position: absolute; top: 28px; font-size: 13px; color: var(--htl-muted);
  text-align: center; white-space: nowrap; }
.htl-swatch { display: inline-block; width: 14px; height: 14px; border-radius: 3px;
  vertical-align: -2px; margin: 0 4px 0 10px; }
.htl-game { font-size: 14px; color: var(--htl-muted); }
`;

// one colour per game, in the order of history (white text on each stays readable)
const GAME_COLOURS = ["#0072b2", "#007a5a", "#a6427c", "#b35900"];

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (k === "style") {
      for (const [name, value] of Object.entries(v)) {
        if (name.startsWith("--")) node.style.setProperty(name, value);
        else node.style[name] = value;
      }
    }
    else node.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

const GAP = 6;  // px between one lane of lesson spans and the next

// Each label wraps whole (none is cut): a row of scenario bars is as tall as its tallest bar,
// and each lane of lesson spans starts under the tallest span of the lane above.
function stack(root) {
  for (const row of root.querySelectorAll(".htl-row")) {
    const tallest = Math.max(0, ...[...row.children].map((b) => b.offsetHeight));
    row.style.height = `${Math.max(46, tallest + 2)}px`;
  }
  const box = root.querySelector(".htl-lanes");
  if (!box) return;
  const spans = [...box.querySelectorAll(".htl-span")];
  const heights = [];
  for (const s of spans) {
    const lane = Number(s.dataset.lane);
    heights[lane] = Math.max(heights[lane] || 0, s.offsetHeight);
  }
  let top = 0;
  const tops = heights.map((hgt) => { const t = top; top += (hgt || 0) + GAP; return t; });
  for (const s of spans) s.style.top = `${tops[Number(s.dataset.lane)]}px`;
  box.style.height = `${Math.max(0, top - GAP)}px`;
}

function yearsText(first, last) {
  return first === last ? `${first} BC` : `${first}\u2013${last} BC`;
}

function render({model, el}) {
  const root = h("div", {class: "htl"});
  el.append(h("style", {}, STYLE), root);

  const colour = (gameId) => {
    const g = model.get("games").find((x) => x.id === gameId);
    return GAME_COLOURS[g ? g.colour % GAME_COLOURS.length : 0];
  };
  const at = (e) => ({left: `${e.left}%`, width: `${e.width}%`});

  function scenarioRows() {
    const scenarios = model.get("scenarios");
    const rows = Math.max(1, ...scenarios.map((s) => s.lane + 1));
    return Array.from({length: rows}, (_, lane) => h("div", {class: "htl-row"},
      scenarios.filter((s) => s.lane === lane).map((s) => h("div", {
        class: "htl-scen", "data-scenario": s.id, "data-game": s.game_id,
        title: `${s.game}: ${s.name}, ${yearsText(s.first, s.last)}`,
        style: {...at(s), "--htl-game": colour(s.game_id)}},
      h("small", {}, s.game), s.name))));
  }

  function breaks() {
    return model.get("columns").filter((c) => c.gap).map((c) => h("div", {
      class: "htl-break", "aria-hidden": "true", style: at(c)}));
  }

  function axis() {
    const marks = [];
    for (const c of model.get("columns")) {
      if (c.gap) {
        const [hi, lo] = c.gap, n = hi - lo + 1;
        marks.push(h("div", {class: "htl-gap", "data-gap": `${hi}-${lo}`,
          title: `${yearsText(hi, lo)}: ${n} years left out, nothing on the timeline`,
          style: {left: `${c.left + c.width * 0.3}%`, width: `${c.width * 0.4}%`}}));
        marks.push(h("div", {class: "htl-gapyears", style: at(c)}, `${n} years`));
        continue;
      }
      const x = c.left + c.width / 2;
      marks.push(h("div", {class: "htl-tick", style: {left: `${x}%`,
                                                      height: c.year % 5 === 0 ? "12px" : "6px"}}));
      if (c.labelled) marks.push(h("div", {class: "htl-year", style: {left: `${x}%`}}, c.year));
    }
    return h("div", {class: "htl-axis", "aria-hidden": "true"}, marks);
  }

  function spans() {
    const lessons = model.get("lessons");
    const lanes = Math.max(1, ...lessons.map((e) => e.lane + 1));
    const box = h("div", {class: "htl-lanes", style: {height: `${lanes * (58 + GAP)}px`}});
    for (const e of lessons) {
      const short = e.title.split(",")[0];
      box.append(h("button", {
        class: "htl-span", type: "button", "data-lesson": e.id, "data-game": e.game_id,
        "data-lane": e.lane,
        "aria-pressed": String(model.get("picked") === e.id),
        title: `${e.title} (${e.game}, ${yearsText(e.first, e.last)})`,
        style: {...at(e), top: `${e.lane * (58 + GAP)}px`, "--htl-game": colour(e.game_id)},
        onclick: () => { model.set("picked", e.id); model.save_changes(); },
      }, h("span", {}, short), h("small", {}, yearsText(e.first, e.last))));
    }
    return box;
  }

  function panel() {
    const error = model.get("error");
    const e = model.get("lessons").find((l) => l.id === model.get("picked"));
    const box = h("div", {class: "htl-panel", "aria-live": "polite"});
    if (error) box.append(h("p", {class: "htl-error"}, error));
    if (!e) {
      box.append(h("p", {class: "htl-muted"},
        "Click a lesson on the timeline to see what it teaches and how to open it."));
      return box;
    }
    const steps = `${e.steps} step${e.steps === 1 ? "" : "s"}`;
    const opens = [];
    // a link beside this notebook's (notebooks/ holds them all): it opens the lesson's notebook
    if (e.notebook) opens.push(h("a", {href: e.notebook.split("/").pop(), target: "_blank",
      rel: "noopener", title: "Open the lesson's notebook in a new tab"}, h("code", {}, e.notebook)));
    if (e.notebook && e.opens) opens.push(" or, in any notebook, ");
    if (e.opens) opens.push(h("code", {}, e.opens));
    const teaches = e.objectives.length
      ? [h("p", {}, h("b", {}, "What it teaches:")),
         h("ul", {}, e.objectives.map((o) => h("li", {}, o)))]
      : e.about ? [h("p", {}, h("b", {}, "What it is about: "), e.about)] : [];
    box.append(
      h("p", {class: "htl-game"}, h("span", {class: "htl-swatch",
        style: {background: colour(e.game_id), margin: "0 6px 0 0"}}), e.game),
      h("h4", {}, e.title),
      h("p", {}, h("b", {}, "Years: "), yearsText(e.first, e.last), e.period ? `: ${e.period}` : ""),
      h("p", {}, h("b", {}, "Length: "), e.time ? `${e.time}, ${steps}` : steps),
      ...teaches,
      ...(opens.length ? [h("p", {}, h("b", {}, "Open it: "), opens)] : []));
    return box;
  }

  function key() {
    return h("p", {class: "htl-muted htl-key"},
      model.get("games").map((g) => [h("span", {class: "htl-swatch",
        style: {background: GAME_COLOURS[g.colour % GAME_COLOURS.length]}}), g.name]),
      " \u2014 bars: the games' scenarios; outlined buttons: the lessons, click one; ",
      "hatched: years left out.");
  }

  function draw() {
    const skipped = model.get("skipped");
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.lesson : null;
    root.replaceChildren(...[
      h("h3", {}, `From the Persian Wars to the fall of Athens, ${model.get("first")}\u2013${model.get("last")} BC`),
      key(),
      h("div", {class: "htl-track"}, breaks(), scenarioRows(), axis(), spans()),
      panel(),
      skipped.length ? h("p", {class: "htl-muted"}, `Not shown: ${skipped.join("; ")}`) : null,
    ].filter(Boolean));
    if (focused) root.querySelector(`.htl-span[data-lesson="${CSS.escape(focused)}"]`)?.focus();
    stack(root);
  }

  draw();
  // the labels wrap anew when the output's width changes (and once the page has laid it out)
  let width = 0;
  const resized = new ResizeObserver((entries) => {
    const now = Math.round(entries[0].contentRect.width);
    if (now !== width) { width = now; requestAnimationFrame(() => stack(root)); }
  });
  resized.observe(root);
  for (const name of ["lessons", "scenarios", "columns", "games", "picked", "error", "skipped"]) {
    model.on(`change:${name}`, draw);
  }
  return () => resized.disconnect();
}

export default {render};
