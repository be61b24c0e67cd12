// The dashboard's decision panel (hellenes_nb/widgets/dashboard/choicepanel.py; docs/dashboard.md).
// Plain ES module. Python sends the groups of choices as plain words and numbers; this file
// draws them as buttons (a drop-down list for a long row) and sends {request: "choose", i, moves}
// when one is clicked. Buttons that stay the same from one position to the next are kept, and
// the new panel replaces the old one in one go (never old, empty, then new).

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
}

function render({ model, el: host }) {
  const root = el("div", "hn-choices");
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", "Your choices");
  host.append(root);
  let kept = new Map(); // "class|label|title" -> the buttons drawn for it last time

  function choose(i) {
    if (root.classList.contains("hn-waiting")) return; // one click per position
    root.classList.add("hn-waiting");
    model.send({ request: "choose", i, moves: model.get("moves") });
  }

  function button(cls, label, title, i, fresh) {
    const key = `${cls}|${label}|${title}`;
    let b = (kept.get(key) || []).shift();
    if (!b) {
      b = el("button", cls, label);
      b.type = "button";
      b.title = title;
      b.addEventListener("click", () => choose(Number(b.dataset.i)));
    }
    b.dataset.i = String(i);
    (fresh.get(key) || fresh.set(key, []).get(key)).push(b);
    return b;
  }

  function draw() {
    const fresh = new Map();
    const parts = [];
    for (const g of model.get("groups") || []) {
      const head = el("div", "hn-group", g.heading);
      if (g.rule) head.append(" ", el("span", "hn-rule", `§${g.rule}`));
      parts.push(head);
      if (g.hint) parts.push(el("div", "hn-muted", g.hint));
      for (const row of g.rows) {
        const box = el("div", "hn-row");
        if (row.title) box.append(el("div", "hn-row-title", row.title));
        if (row.pick) {
          const line = el("div", "hn-pick");
          const select = el("select", "hn-select");
          select.setAttribute("aria-label", row.title || g.heading);
          for (const [label, , i] of row.options) {
            const o = el("option", "", label);
            o.value = String(i);
            select.append(o);
          }
          const go = el("button", "hn-choice hn-go", "Go");
          go.type = "button";
          go.title = "Play the selected choice";
          go.addEventListener("click", () => choose(Number(select.value)));
          line.append(select, go);
          box.append(line);
        } else if (row.options.length) {
          const line = el("div", "hn-buttons");
          const cls = row.finish ? "hn-choice hn-finish" : "hn-choice";
          for (const [label, title, i] of row.options) line.append(button(cls, label, title, i, fresh));
          box.append(line);
        }
        if (row.chips.length) {
          const line = el("div", "hn-buttons");
          line.append(el("span", "hn-chip-label", "Sacrifice to (§10.3):"));
          for (const [label, title, i] of row.chips) line.append(button("hn-choice hn-chip", label, title, i, fresh));
          box.append(line);
        }
        parts.push(box);
      }
    }
    root.replaceChildren(...parts);
    kept = fresh;
    const moves = model.get("moves");
    root.className = `hn-choices hn-moves-${moves}${model.get("settled") ? " hn-settled" : ""}`;
    root.dataset.renders = String(model.get("renders"));
  }

  model.on("change:renders", draw);
  draw();
  return () => model.off("change:renders", draw);
}

export default { render };
