// Tutorial panel for hellenes-nb (TutorialPanel). Plain ESM, no build step, no network.
// Python owns the tasks, the engine and the progress file: this file only draws the traits and
// sends requests ({request, ...}) as custom messages (hellenes_nb/widgets/requests.py).
// See hellenes_nb/widgets/tutorial.py.

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k === "html") node.innerHTML = v; // sanitised in Python (lessons.markup)
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) {
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function starText(n) {
  if (n === null || n === undefined) return "";
  return "\u2605".repeat(n) + "\u2606".repeat(3 - n);
}

function render({ model, el }) {
  const send = (request, extra = {}) => model.send({ request, ...extra });
  const root = h("div", { class: "ht-panel" });
  el.append(root);

  function pickers() {
    const games = model.get("games") || [];
    const gameSel = h("select", { class: "ht-game", "aria-label": "Game",
      onchange: (e) => send("game", { game: e.target.value }) });
    for (const g of games) {
      gameSel.append(h("option", { value: g.id, selected: g.id === model.get("game") }, g.title));
    }
    const chapters = model.get("chapters") || [];
    const current = model.get("chapter");
    const chapterSel = h("select", { class: "ht-chapter", "aria-label": "Chapter",
      onchange: (e) => send("open", { task: e.target.value }) });
    for (const c of chapters) {
      const got = c.tasks.filter((t) => t.stars !== null && t.stars !== undefined).length;
      chapterSel.append(h("option", { value: c.id, selected: c.id === current },
        `${c.title} (${got}/${c.tasks.length})`));
    }
    const chapter = chapters.find((c) => c.id === current);
    const taskSel = h("select", { class: "ht-task", "aria-label": "Task",
      onchange: (e) => send("open", { task: e.target.value }) });
    for (const t of chapter ? chapter.tasks : []) {
      taskSel.append(h("option", { value: t.id, selected: t.id === model.get("task") },
        `${t.title} ${starText(t.stars)}`));
    }
    return h("div", { class: "ht-pickers" }, ...(games.length > 1 ? [gameSel] : []),
      chapterSel, taskSel,
      h("span", { class: "ht-total", title: "Stars earned in the whole tutorial" },
        `\u2605 ${model.get("total")}`));
  }

  function buttons() {
    const status = model.get("status");
    const bar = h("div", { class: "ht-buttons", role: "toolbar", "aria-label": "Task" });
    bar.append(h("button", { type: "button", class: "ht-hint", disabled: status !== "playing",
      onclick: () => send("hint") }, "Hint"));
    bar.append(h("button", { type: "button", class: "ht-show", disabled: status !== "playing",
      onclick: () => send("show_me") }, "Show me"));
    bar.append(h("button", { type: "button", class: "ht-restart",
      onclick: () => send("restart") }, "Restart"));
    if (status === "stage_done" || status === "solved") {
      bar.append(h("button", { type: "button", class: "ht-next ht-primary",
        onclick: () => send("next") }, status === "solved" ? "Next task" : "Next step"));
    }
    return bar;
  }

  function draw() {
    const status = model.get("status");
    const parts = [pickers()];
    if (model.get("notice")) parts.push(h("p", { class: "ht-notice", text: model.get("notice") }));
    parts.push(h("h3", { class: "ht-title" }, model.get("title"),
      model.get("stage") ? h("span", { class: "ht-stage", text: ` · ${model.get("stage")}` }) : null));
    parts.push(h("div", { class: "ht-text", html: model.get("text_html") }));
    const rules = model.get("rules") || [];
    if (rules.length) parts.push(h("p", { class: "ht-rules", text: `Rules: ${rules.join(", ")}` }));
    const choices = model.get("choices") || [];
    if (choices.length) {
      parts.push(h("div", { class: "ht-choices", role: "group", "aria-label": "Your decisions" },
        choices.map((c) => h("button", { type: "button", class: "ht-choice",
          "data-index": c.index, onclick: () => send("act", { index: c.index }) }, c.label))));
    }
    const answers = model.get("answers") || [];
    if (answers.length && status === "playing") {
      parts.push(h("div", { class: "ht-answers", role: "group", "aria-label": "Answer" },
        answers.map((a) => h("button", { type: "button", class: "ht-answer", "data-key": a.key,
          onclick: () => send("pick", { answer: a.key }) }, a.label))));
    }
    if (model.get("refusal")) {
      parts.push(h("p", { class: "ht-refusal", role: "alert", text: model.get("refusal") }));
    }
    if (model.get("hint_text")) {
      parts.push(h("p", { class: "ht-hint-text", text: `Hint: ${model.get("hint_text")}` }));
    }
    if (model.get("message")) {
      parts.push(h("div", { class: `ht-message ht-${status}`, role: "status",
        "data-status": status, html: model.get("message") }));
    }
    if (status === "solved") {
      parts.push(h("p", { class: "ht-stars", "aria-label": `${model.get("stars")} of 3 stars`,
        text: starText(model.get("stars")) }));
    }
    parts.push(buttons());
    root.replaceChildren(...parts);
    root.setAttribute("data-status", status);
  }

  const names = ["games", "game", "chapters", "chapter", "task", "title", "stage", "text_html", "rules", "status",
    "message", "refusal", "hint_text", "stars", "total", "choices", "answers", "notice"];
  for (const n of names) model.on(`change:${n}`, draw);
  draw();
  return () => { for (const n of names) model.off(`change:${n}`, draw); };
}

export default { render };
