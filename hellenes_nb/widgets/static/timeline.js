// The timeline of the war for hellenes-nb (widgets/timeline.py): years BC run left to right,
// the four scenarios are bands above the axis, every lesson is a button spanning its years.
// A click writes `picked`; the panel below shows the picked lesson. Colours follow JupyterLab's
// --jp-* theme variables (light and dark); text is large enough for a projector.

const STYLE = `
.htl { --htl-bg: var(--jp-layout-color1, #fbf8f1); --htl-panel: var(--jp-layout-color2, #f1ece0);
  --htl-ink: var(--jp-ui-font-color1, #1d1d1d); --htl-muted: var(--jp-ui-font-color2, #4f4f4f);
  --htl-line: var(--jp-border-color1, #b9b09c); --htl-athens: #0072b2; --htl-sparta: #d55e00;
  --htl-focus: var(--jp-brand-color1, #1976d2);
  font-family: var(--jp-ui-font-family, system-ui, sans-serif); font-size: 16px;
  color: var(--htl-ink); background: var(--htl-bg); border: 1px solid var(--htl-line);
  border-radius: 8px; padding: 12px 16px; max-width: 1300px; box-sizing: border-box; }
.htl h3 { margin: 0 0 8px; font-size: 20px; }
.htl-track { position: relative; margin: 0 4px; }
.htl-row { position: relative; height: 30px; margin: 3px 0; }
.htl-scen { position: absolute; top: 2px; height: 26px; border-radius: 4px; box-sizing: border-box;
  border: 2px solid var(--htl-line); background: var(--htl-panel); color: var(--htl-ink);
  font-size: 15px; line-height: 22px; padding: 0 8px; white-space: nowrap; overflow: hidden;
  text-overflow: ellipsis; }
.htl-axis { position: relative; height: 34px; border-top: 2px solid var(--htl-ink);
  margin-top: 6px; }
.htl-tick { position: absolute; top: 0; height: 8px; border-left: 2px solid var(--htl-ink); }
.htl-year { position: absolute; top: 9px; transform: translateX(-50%); font-size: 15px;
  color: var(--htl-muted); font-variant-numeric: tabular-nums; }
.htl-lanes { position: relative; margin-top: 4px; }
.htl-span { position: absolute; height: 58px; box-sizing: border-box; border-radius: 6px;
  border: 2px solid var(--htl-athens); border-left-width: 6px; background: var(--htl-bg);
  color: var(--htl-ink); font: inherit; font-size: 15px; text-align: left; padding: 2px 8px;
  cursor: pointer; overflow: hidden; line-height: 1.2; }
.htl-span span { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical;
  overflow: hidden; }
.htl-span small { display: block; font-size: 13px; color: var(--htl-muted); white-space: nowrap; }
.htl-span:hover { background: var(--htl-panel); }
.htl-span:focus-visible { outline: 3px solid var(--htl-focus); outline-offset: 2px; }
.htl-span[aria-pressed="true"] { background: var(--htl-athens); border-color: var(--htl-athens);
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
`;

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "onclick") node.addEventListener("click", v);
    else if (k === "style") Object.assign(node.style, v);
    else node.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

const LANE = 64;  // px from one lane of lesson spans to the next

function yearsText(first, last) {
  return first === last ? `${first} BC` : `${first}\u2013${last} BC`;
}

function render({model, el}) {
  const root = h("div", {class: "htl"});
  el.append(h("style", {}, STYLE), root);

  const slots = () => model.get("first") - model.get("last") + 1;
  // a year's slot as a percentage of the track: year y starts (first - y) slots in
  const left = (year) => (100 * (model.get("first") - year)) / slots();
  const width = (first, last, least = 1) => (100 * Math.max(first - last + 1, least)) / slots();

  function scenarioRows() {
    const scenarios = model.get("scenarios");
    const rows = Math.max(1, ...scenarios.map((s) => s.lane + 1));
    return Array.from({length: rows}, (_, lane) => h("div", {class: "htl-row"},
      scenarios.filter((s) => s.lane === lane).map((s) => h("div", {
        class: "htl-scen", "data-scenario": s.id,
        title: `${s.name}: ${yearsText(s.first, s.last)}`,
        style: {left: `${left(s.first)}%`, width: `${width(s.first, s.last)}%`}},
      s.label))));
  }

  function axis() {
    const first = model.get("first"), last = model.get("last");
    const ticks = [];
    for (let y = first; y >= last; y -= 1) {
      const x = left(y) + width(y, y) / 2;
      ticks.push(h("div", {class: "htl-tick", style: {left: `${x}%`,
                                                        height: y % 5 === 0 ? "12px" : "6px"}}));
      if ((first - y) % 2 === 0) ticks.push(h("div", {class: "htl-year", style: {left: `${x}%`}}, y));
    }
    return h("div", {class: "htl-axis", "aria-hidden": "true"}, ticks);
  }

  function spans() {
    const lessons = model.get("lessons");
    const least = model.get("lane_years");
    const lanes = Math.max(1, ...lessons.map((e) => e.lane + 1));
    const box = h("div", {class: "htl-lanes", style: {height: `${lanes * LANE}px`}});
    for (const e of lessons) {
      const w = width(e.first, e.last, least);
      const x = Math.min(left(e.first), 100 - w);
      const short = e.title.split(",")[0];
      box.append(h("button", {
        class: "htl-span", type: "button", "data-lesson": e.id,
        "aria-pressed": String(model.get("picked") === e.id),
        title: `${e.title} (${yearsText(e.first, e.last)})`,
        style: {left: `${x}%`, width: `${w}%`, top: `${e.lane * LANE}px`},
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
    box.append(
      h("h4", {}, e.title),
      h("p", {}, h("b", {}, "Years: "), `${yearsText(e.first, e.last)}: ${e.period}`),
      h("p", {}, h("b", {}, "Length: "), `${e.time}, ${steps}`),
      h("p", {}, h("b", {}, "What it teaches:")),
      h("ul", {}, e.objectives.map((o) => h("li", {}, o))),
      h("p", {}, h("b", {}, "Open it: "),
        e.notebook ? [h("code", {}, e.notebook), " or, in any notebook, "] : "in a notebook, ",
        h("code", {}, `LessonWidget("${e.id}")`)));
    return box;
  }

  function draw() {
    const skipped = model.get("skipped");
    const focused = root.contains(document.activeElement) ? document.activeElement.dataset.lesson : null;
    root.replaceChildren(...[
      h("h3", {}, `The Peloponnesian War, ${model.get("first")}\u2013${model.get("last")} BC`),
      h("p", {class: "htl-muted htl-key"},
        "Grey bars: the game's four scenarios. Outlined buttons: the lessons; click one."),
      h("div", {class: "htl-track"}, scenarioRows(), axis(), spans()),
      panel(),
      skipped.length ? h("p", {class: "htl-muted"}, `Not shown: ${skipped.join("; ")}`) : null,
    ].filter(Boolean));
    if (focused) root.querySelector(`.htl-span[data-lesson="${CSS.escape(focused)}"]`)?.focus();
  }

  draw();
  for (const name of ["lessons", "scenarios", "picked", "error", "skipped"]) {
    model.on(`change:${name}`, draw);
  }
}

export default {render};
