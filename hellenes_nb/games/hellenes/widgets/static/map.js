// The Hellenes map widget (hellenes_nb/games/hellenes/widgets/map.py; docs/map-widget.md).
// Plain ES module, no bundler, no network. Python sends an already-redacted board: this file
// only draws it and reports clicks (selection traits, and a {play: area} message).

const NS = "http://www.w3.org/2000/svg";
const DETAIL_ZOOM = 2.4; // from this zoom on, blocks are drawn one by one
const LABEL_ZOOM = 3.5; // small-place labels (Sphacteria) appear from here
const CLASSROOM = 1.45; // the classroom size: names, symbols and blocks this much larger
const SIDE_LETTER = { athens: "Α", sparta: "Λ" }; // the backs of the blocks
const TYPE_NAMES = {
  HO: "hoplites", EH: "elite hoplites", AR: "archers", CA: "cavalry", IN: "light infantry",
  BA: "barbarians", FL: "fleet", EF: "elite fleet", IF: "improved fleet", PE: "Persians",
};

const esc = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
const f1 = (v) => (Math.round(v * 10) / 10).toString();
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");

function el(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

// --- block drawing ---------------------------------------------------------------------------

function typeGlyph(code, x, y, s) {
  // a small pictogram per unit type, drawn in white on the block
  const w = s * 0.3, h = s * 0.2, sw = f1(s * 0.05);
  const st = `fill="none" stroke="#fff" stroke-width="${sw}" stroke-linecap="round"`;
  switch (code) {
    case "HO": case "EH": // round hoplite shield
      return `<circle cx="${f1(x + w / 2)}" cy="${f1(y + h / 2)}" r="${f1(h * 0.55)}" ${st}/>` +
        (code === "EH" ? `<circle cx="${f1(x + w / 2)}" cy="${f1(y + h / 2)}" r="${f1(h * 0.15)}" fill="#fff"/>` : "");
    case "CA": // diagonal of a cavalry box
      return `<path d="M${f1(x)} ${f1(y + h)}L${f1(x + w)} ${f1(y)}" ${st}/>`;
    case "AR": // a bow
      return `<path d="M${f1(x + w * 0.2)} ${f1(y)}Q${f1(x + w)} ${f1(y + h / 2)} ${f1(x + w * 0.2)} ${f1(y + h)}M${f1(x)} ${f1(y + h / 2)}H${f1(x + w)}" ${st}/>`;
    case "FL": case "EF": case "IF": // a galley hull
      return `<path d="M${f1(x)} ${f1(y + h * 0.4)}H${f1(x + w)}L${f1(x + w * 0.8)} ${f1(y + h)}H${f1(x + w * 0.15)}Z" ${st}/>`;
    default: // infantry, barbarians, Persians: initial letters
      return `<text x="${f1(x)}" y="${f1(y + h)}" font-size="${f1(s * 0.24)}" fill="#fff" font-weight="bold" font-family="Arial, sans-serif">${esc(code)}</text>`;
  }
}

function blockFace(b, x, y, s, colour, selected, mine) {
  const r = f1(s * 0.12);
  const cls = `hmap-block${b.hidden ? " hmap-back" : ""}${b.moved ? " hmap-moved" : ""}${selected ? " hmap-block-sel" : ""}`;
  const rect = `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(s)}" height="${f1(s)}" rx="${r}" fill="${colour}" class="hmap-block-body"/>`;
  if (b.hidden) {
    return `<g class="${cls}" data-block-side="${b.side}" aria-hidden="true">${rect}` +
      `<text x="${f1(x + s / 2)}" y="${f1(y + s * 0.7)}" font-size="${f1(s * 0.55)}" text-anchor="middle" fill="#fff" fill-opacity="0.55" font-family="Georgia, serif">${SIDE_LETTER[b.side] || "?"}</text></g>`;
  }
  const pips = [];
  const n = Math.max(b.max_cv, 1), pr = s * 0.055, gap = (s * 0.8) / n;
  for (let i = 0; i < n; i++) {
    const cx = x + s * 0.1 + gap * (i + 0.5);
    pips.push(`<circle cx="${f1(cx)}" cy="${f1(y + s * 0.86)}" r="${f1(pr)}" ${i < b.cv ? 'fill="#fff"' : 'fill="none" stroke="#fff" stroke-width="' + f1(pr * 0.5) + '"'}/>`);
  }
  const label = `${b.name} (${b.key}), ${TYPE_NAMES[b.code] || b.type}, strength ${b.cv} of ${b.max_cv}, rating ${b.rating}${b.besieged ? ", inside the city" : ""}${b.moved ? ", has moved" : ""}`;
  const focus = mine ? ` tabindex="0" role="button" aria-pressed="${selected}"` : "";
  return `<g class="${cls}" data-unit="${esc(b.key)}" data-block-side="${b.side}" aria-label="${esc(label)}"${focus}>${rect}` +
    typeGlyph(b.code, x + s * 0.1, y + s * 0.1, s) +
    `<text x="${f1(x + s * 0.92)}" y="${f1(y + s * 0.29)}" font-size="${f1(s * 0.22)}" text-anchor="end" fill="#fff" font-family="Arial, sans-serif">${esc(b.rating.split("/")[0])}</text>` +
    `<text x="${f1(x + s / 2)}" y="${f1(y + s * 0.69)}" font-size="${f1(s * 0.42)}" text-anchor="middle" fill="#fff" font-weight="bold" font-family="Arial, sans-serif">${b.cv}</text>` +
    pips.join("") + `</g>`;
}

function stackFace(side, count, x, y, s, colour, inside) {
  // one standing block for a side's blocks in an area (zoomed out), drawn with depth so it
  // reads as a block, not as a city; the count is on its face
  const d = s * 0.22, r = f1(s * 0.1);
  const top = `M${f1(x)} ${f1(y)}l${f1(d)} ${f1(-d)}h${f1(s)}l${f1(-d)} ${f1(d)}Z`;
  const right = `M${f1(x + s)} ${f1(y)}l${f1(d)} ${f1(-d)}v${f1(s)}l${f1(-d)} ${f1(d)}Z`;
  let out = `<g class="hmap-stack" data-stack-side="${side}" data-count="${count}" aria-hidden="true">`;
  out += `<path d="${top}" fill="${colour}" class="hmap-side"/><path d="${right}" fill="${colour}" class="hmap-side"/>`;
  out += `<rect x="${f1(x)}" y="${f1(y)}" width="${f1(s)}" height="${f1(s)}" rx="${r}" fill="${colour}" class="hmap-block-body${inside ? " hmap-inside" : ""}"/>`;
  out += `<text x="${f1(x + s / 2)}" y="${f1(y + s * 0.73)}" font-size="${f1(s * 0.66)}" text-anchor="middle" fill="#fff" font-weight="bold" font-family="Arial, sans-serif">${count}</text></g>`;
  return out;
}

// Python sends a move's board as a patch (map.py, board_patch): the areas whose blocks, control,
// siege or garrison changed, and the other entries that changed. It is applied to the model's
// own board object in place, once for the model (initialize) and again, harmlessly, by each
// view, so a view opened later draws the board as it is now.
function applyPatch(board, patch) {
  if (!board || !patch) return;
  Object.assign(board, patch.keys || {});
  for (const [name, { set, drop }] of Object.entries(patch.areas || {})) {
    const entry = (board[name] = board[name] || {});
    Object.assign(entry, set);
    for (const a of drop) delete entry[a];
  }
}

// a layer's content is replaced only when it changed, so its nodes stay the same otherwise
function fill(g, html) {
  if (g.__html === html) return false;
  g.innerHTML = html; g.__html = html;
  return true;
}

function marker(x, y, r, text, cls, title) {
  return `<g class="hmap-marker ${cls}" aria-label="${esc(title)}"><circle cx="${f1(x)}" cy="${f1(y)}" r="${f1(r)}"/>` +
    `<text x="${f1(x)}" y="${f1(y + r * 0.38)}" font-size="${f1(r * (text.length > 1 ? 0.95 : 1.2))}" text-anchor="middle">${esc(text)}</text></g>`;
}

// --- the widget ------------------------------------------------------------------------------

function render({ model, el: host }) {
  const [VX, VY, VW, VH] = model.get("view_box");
  const places = model.get("places");
  const colours = model.get("colours");
  const cam = { cx: VX + VW / 2, cy: VY + VH / 2, z: 1 };
  const state = { control: false, detail: null, focusArea: "", dragging: null, moved: false, fit: 1 };

  // skeleton: header (title, prestige track), toolbar, map stage, status line, area panel
  const root = el("div", { class: "hmap", "data-jp-suppress-context-menu": "" });
  const head = el("div", { class: "hmap-head" });
  const title = el("div", { class: "hmap-title" });
  const track = el("div", { class: "hmap-track", role: "img" });
  head.append(title, track);
  const tools = el("div", { class: "hmap-tools", role: "toolbar", "aria-label": "Map view" });
  const btn = (label, text, name) => {
    const b = el("button", { type: "button", class: "hmap-btn", "aria-label": label, title: label, "data-action": name }, text);
    tools.append(b);
    return b;
  };
  const zin = btn("Zoom in", "+", "zoom-in");
  const zout = btn("Zoom out", "−", "zoom-out");
  const whole = btn("Whole map", "⤢", "reset");
  const ctl = btn("Show who controls each area", "Control", "control");
  ctl.setAttribute("aria-pressed", "false");
  const viewerChip = el("span", { class: "hmap-viewer" });
  tools.append(viewerChip);
  head.append(tools);

  const stage = el("div", { class: "hmap-stage" });
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("class", "hmap-svg");
  svg.setAttribute("viewBox", `${VX} ${VY} ${VW} ${VH}`);
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "Map of the Greek world in the Peloponnesian War. Tab through the areas; Enter or Space selects; plus and minus zoom; arrow keys pan; Escape clears the selection.");
  svg.setAttribute("font-family", "Georgia, 'Palatino Linotype', 'Book Antiqua', serif");
  svg.innerHTML = model.get("base_svg");
  const tip = el("div", { class: "hmap-tip", role: "tooltip" });
  tip.hidden = true;
  stage.append(svg, tip);
  const status = el("div", { class: "hmap-status", "aria-live": "polite" });
  const panel = el("div", { class: "hmap-panel" });
  root.append(head, stage, status, panel);
  host.append(root);

  // overlay layers: fills under the borders and names, blocks and markers on top
  const mk = (cls) => { const g = document.createElementNS(NS, "g"); g.setAttribute("class", cls); return g; };
  const fills = mk("hmap-fills"), hatch = mk("hmap-hatch"), lights = mk("hmap-lights");
  const outline = mk("hmap-outline"), marks = mk("hmap-marks"), blocksG = mk("hmap-blocks"), details = mk("hmap-details");
  const defs = document.createElementNS(NS, "defs");
  defs.innerHTML = '<pattern id="hmap-dest-stripes" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
    '<rect width="8" height="8" fill="#009e73" fill-opacity="0.22"/><rect width="3.5" height="8" fill="#009e73" fill-opacity="0.65"/></pattern>' +
    // the control view (the Control button): a pattern for each side besides its colour, so
    // who holds an area never rests on colour alone: Athens lines, Sparta dots
    '<pattern id="hmap-ctl-athens" class="hmap-ctl-pattern" data-side="athens" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">' +
    '<rect width="10" height="10" fill="#0072b2" fill-opacity="0.22"/><rect width="2.5" height="10" fill="#0072b2" fill-opacity="0.6"/></pattern>' +
    '<pattern id="hmap-ctl-sparta" class="hmap-ctl-pattern" data-side="sparta" width="10" height="10" patternUnits="userSpaceOnUse">' +
    '<rect width="10" height="10" fill="#d55e00" fill-opacity="0.22"/><circle cx="5" cy="5" r="2.2" fill="#d55e00" fill-opacity="0.7"/></pattern>';
  svg.prepend(defs);
  const stripes = defs.firstChild;
  const sidePatterns = defs.querySelectorAll(".hmap-ctl-pattern");
  const anchor = svg.querySelector(".layer-hatch") || svg.querySelector(".layer-land");
  const hitsG = mk("hmap-hits"); // larger click targets for small places (labels.js)
  anchor.after(fills, hatch, lights, hitsG);
  const rings = mk("hmap-rings");
  svg.append(outline, rings, blocksG, marks, details);
  const veilInset = insetVeil(svg, details, root); // labels.js

  // the areas: ARIA, keyboard focus, and their outlines for the overlays
  const pathOf = {}, nodeOf = {};
  const blockGroups = new Map(); // area -> its <g> in the blocks layer
  for (const p of svg.querySelectorAll("[data-area]")) {
    const id = p.getAttribute("data-area");
    pathOf[id] = p.getAttribute("d");
    nodeOf[id] = p;
    p.setAttribute("tabindex", "0");
    p.setAttribute("role", "button");
  }

  // a city's or town's name grows and shrinks about its symbol, not about its own middle, so
  // it stays beside the symbol at every zoom (names of areas and seas keep their own middle)
  for (const t of svg.querySelectorAll(".layer-names text[data-place]")) {
    const at = (places[t.getAttribute("data-place")] || {}).symbol;
    if (at) t.style.transformOrigin = `${at[0]}px ${at[1]}px`;
  }

  for (const d of model.get("detail_labels")) {
    const t = document.createElementNS(NS, "text");
    t.setAttribute("x", d.x); t.setAttribute("y", d.y);
    t.setAttribute("class", "hmap-detail-label");
    t.setAttribute("text-anchor", "end");
    t.textContent = d.name;
    details.append(t);
  }

  const sideColour = (s) => colours[s] || "#777";
  // the classroom size (for a projector): larger names, symbols and blocks, thicker borders
  const big = () => (model.get("size") === "classroom" ? CLASSROOM : 1);
  function onSize() {
    root.classList.toggle("hmap-classroom", model.get("size") === "classroom");
    root.dataset.size = model.get("size");
    applyCam();
  }
  const overlay = (area, cls) => pathOf[area] ? `<path d="${pathOf[area]}" class="${cls}" data-overlay="${area}"/>` : "";

  // --- the camera (zoom and pan through the viewBox) ---
  function clampCam() {
    cam.z = Math.min(12, Math.max(1, cam.z));
    const hw = VW / (2 * cam.z), hh = VH / (2 * cam.z);
    cam.cx = Math.min(VX + VW - hw, Math.max(VX + hw, cam.cx));
    cam.cy = Math.min(VY + VH - hh, Math.max(VY + hh, cam.cy));
  }
  function applyCam() {
    clampCam();
    const w = VW / cam.z, h = VH / cam.z;
    svg.setAttribute("viewBox", `${f1(cam.cx - w / 2)} ${f1(cam.cy - h / 2)} ${f1(w)} ${f1(h)}`);
    root.style.setProperty("--hmap-text-scale", String(state.fit * big() / Math.sqrt(cam.z)));
    root.classList.toggle("hmap-zoomed", cam.z > 1.05);
    root.classList.toggle("hmap-close", cam.z >= LABEL_ZOOM);
    root.dataset.zoom = cam.z.toFixed(2);
    stripes.setAttribute("patternTransform", `rotate(45) scale(${f1(1 / cam.z) || 0.1})`);
    for (const p of sidePatterns) {
      p.setAttribute("patternTransform", `${p.dataset.side === "athens" ? "rotate(-45) " : ""}scale(${f1(1 / cam.z) || 0.1})`);
    }
    tip.hidden = true;
    veilInset(cam.cx - w / 2, cam.cy - h / 2, w, h);
    drawBlocks();
    drawMarks(model.get("board") || {});
  }
  let camTimer = null;
  function pushCam() {
    clearTimeout(camTimer);
    camTimer = setTimeout(() => {
      model.set("zoom", Math.round(cam.z * 100) / 100);
      model.set("center", cam.z <= 1.0001 ? [] : [Math.round(cam.cx * 10) / 10, Math.round(cam.cy * 10) / 10]);
      model.save_changes();
    }, 120);
  }
  function pullCam() {
    const c = model.get("center");
    cam.z = model.get("zoom") || 1;
    if (c && c.length === 2) { cam.cx = c[0]; cam.cy = c[1]; } else { cam.cx = VX + VW / 2; cam.cy = VY + VH / 2; }
    applyCam();
  }
  function zoomBy(k, px, py) {
    const before = cam.z;
    cam.z = Math.min(12, Math.max(1, cam.z * k));
    if (px !== undefined) { // keep the map point under the pointer in place
      const f = 1 - before / cam.z;
      cam.cx += (px - cam.cx) * f; cam.cy += (py - cam.cy) * f;
    }
    applyCam(); pushCam();
  }
  function toMap(ev) {
    const pt = svg.createSVGPoint();
    pt.x = ev.clientX; pt.y = ev.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }

  // names set down clear of each other and of the blocks, and pads for small places (labels.js),
  // once a frame and only when the zoom, the size or what is drawn changed (not while panning)
  let labelFrame = 0;
  function relabel() {
    if (labelFrame) return;
    labelFrame = requestAnimationFrame(() => {
      labelFrame = 0;
      const w = Math.round(svg.getBoundingClientRect().width);
      const key = `${cam.z.toFixed(3)}|${state.fit}|${big()}|${state.rev || 0}|${w}`;
      if (!w || key === root.dataset.labelled) return;
      const t0 = performance.now();
      const { hidden } = placeNames(svg, places, root);
      hitPads(svg, places, nodeOf, hitsG);
      root.dataset.labelMs = (performance.now() - t0).toFixed(1); // docs/map-widget.md, Performance
      // zoomed out, a side's stack only sums up an area, so the pads lie over the stacks (a
      // neighbour's stack does not hide a small place); zoomed in, each block is clickable
      const under = cam.z >= DETAIL_ZOOM;
      if (under && hitsG.previousSibling !== lights) lights.after(hitsG);
      else if (!under && hitsG.previousSibling !== blocksG) blocksG.after(hitsG);
      root.dataset.namesHidden = String(hidden);
      root.dataset.labelled = key;
    });
  }

  // --- drawing the board ---
  function anchorOf(area) {
    const p = places[area];
    if (!p) return null;
    return p.symbol ? { x: p.symbol[0], y: p.symbol[1], city: true } : { x: p.label[0], y: p.label[1], city: false };
  }

  function drawBlocks() {
    const board = model.get("board") || {};
    const blocks = board.blocks || {};
    const detail = cam.z >= DETAIL_ZOOM;
    const k = big() / Math.sqrt(cam.z);
    const selUnit = model.get("selected_unit");
    const viewer = board.viewer || model.get("viewer");
    const mine = (side) => viewer === "all" || viewer === side;
    const drawn = new Set();
    for (const [area, list] of Object.entries(blocks)) {
      const a = anchorOf(area);
      if (!a) continue;
      const out = [];
      const inside = list.filter((b) => b.besieged), outside = list.filter((b) => !b.besieged);
      const above = a.y - (a.city ? 9 : 4) * Math.max(k, 0.45);
      if (detail) {
        const s = 20 * k, gap = s * 0.14;
        const row = (arr, cx, top, up) => {
          const cols = Math.min(arr.length, 4), rows = Math.ceil(arr.length / 4);
          const x0 = cx - (cols * (s + gap) - gap) / 2;
          const y0 = up ? top - rows * (s + gap) : top;
          arr.forEach((b, i) => out.push(blockFace(b, x0 + (i % 4) * (s + gap), y0 + Math.floor(i / 4) * (s + gap), s,
            sideColour(b.side), b.key && b.key === selUnit, mine(b.side))));
          return [x0, y0, cols * (s + gap) - gap, rows * (s + gap) - gap];
        };
        if (inside.length) { // besieged: inside the walls, on the city
          const cols = Math.min(inside.length, 4), rows = Math.ceil(inside.length / 4);
          const w = cols * (s + gap) - gap, h = rows * (s + gap) - gap, pad = s * 0.22;
          out.push(`<rect class="hmap-walls" x="${f1(a.x - w / 2 - pad)}" y="${f1(a.y - h / 2 - pad)}" width="${f1(w + 2 * pad)}" height="${f1(h + 2 * pad)}" rx="${f1(pad)}"/>`);
          row(inside, a.x, a.y - h / 2, false);
          if (outside.length) row(outside, a.x, a.y - h / 2 - pad - gap * 2, true);
        } else if (outside.length) {
          row(outside, a.x, above, true);
        }
      } else {
        const s = 16 * Math.max(k, 0.6);
        const sides = (arr) => ["athens", "sparta"].map((sd) => [sd, arr.filter((b) => b.side === sd).length]).filter(([, n]) => n);
        const group = (arr, top, insideWalls) => {
          const ss = sides(arr), w = ss.length * s + (ss.length - 1) * s * 0.35;
          let x = a.x - w / 2;
          for (const [sd, n] of ss) { out.push(stackFace(sd, n, x, top, s, sideColour(sd), insideWalls)); x += s * 1.4; }
        };
        if (inside.length) {
          group(inside, a.y - s / 2, true);
          if (outside.length) group(outside, a.y - s * 1.9, false);
        } else if (outside.length) {
          group(outside, above - s, false);
        }
      }
      // each area's blocks are one group, redrawn only when what it shows changed
      let g = blockGroups.get(area);
      if (!g) {
        g = document.createElementNS(NS, "g");
        g.setAttribute("data-blocks-of", area);
        blocksG.append(g);
        blockGroups.set(area, g);
      }
      if (fill(g, out.join(""))) state.rev = (state.rev || 0) + 1;
      drawn.add(area);
    }
    for (const [area, g] of blockGroups) {
      if (!drawn.has(area)) { g.remove(); blockGroups.delete(area); state.rev = (state.rev || 0) + 1; }
    }
    state.detail = detail;
    relabel();
  }

  function drawMarks(board) {
    const out = [], ringsOut = [];
    const ks = big() / Math.sqrt(cam.z); // the scale of city symbols and names (map.css)
    const r = 4.2 * Math.max(ks, 0.55);
    const counters = {};
    const add = (area, text, cls, title) => (counters[area] = counters[area] || []).push([text, cls, title]);
    for (const [area, s] of Object.entries(board.sieges || {})) {
      const a = anchorOf(area);
      if (a) ringsOut.push(`<circle class="hmap-siege" cx="${f1(a.x)}" cy="${f1(a.y)}" r="${f1(11 * ks)}" stroke="${sideColour(s.besieger)}"/>`);
      if (s.blockaded) add(area, "B", "hmap-m-blockade", `Blockaded by ${cap(s.besieger)} (§8.21)`);
    }
    for (const area of board.pillaged || []) add(area, "P", "hmap-m-pillaged", "Pillaged this year (§5.5)");
    for (const area of board.civil_war || []) add(area, "CW", "hmap-m-civil", "Civil war (§3.1)");
    for (const [area, side] of Object.entries(board.garrisons || {})) add(area, "G", `hmap-m-garrison hmap-m-${side}`, `${cap(side)} garrison (§7.3)`);
    for (const [area, list] of Object.entries(counters)) {
      const a = anchorOf(area);
      if (!a) continue;
      // a row of counters to the left of the city (its name is usually on the right)
      const inside = (((board.blocks || {})[area]) || []).filter((b) => b.besieged).length;
      let half = 9 * ks;
      if (inside && cam.z >= DETAIL_ZOOM) { // clear of the walls drawn round besieged blocks
        const bs = 20 * ks, cols = Math.min(inside, 4);
        half = Math.max(half, (cols * bs * 1.14 - bs * 0.14) / 2 + bs * 0.22);
      }
      const x0 = a.x - half - r * 1.2;
      list.forEach(([text, cls, title], i) => out.push(marker(x0 - i * r * 2.25, a.y, r, text, cls, title)));
    }
    if (fill(marks, out.join(""))) state.rev = (state.rev || 0) + 1;
    fill(rings, ringsOut.join(""));
  }

  function drawFills(board) {
    const out = [];
    if (state.control) {
      for (const [area, side] of Object.entries(board.control || {})) out.push(overlay(area, `hmap-ctl hmap-ctl-${side}`));
    }
    fill(fills, out.join(""));
    fill(hatch, (board.neutral || []).map((a) => overlay(a, "hmap-neutral")).join(""));
  }

  function drawLights() {
    const out = [];
    const hl = model.get("highlights") || {};
    for (const [style, areas] of Object.entries(hl)) for (const a of areas) out.push(overlay(a, `hmap-hl hmap-hl-${style}`));
    for (const a of model.get("destinations") || []) out.push(overlay(a, "hmap-dest"));
    fill(lights, out.join(""));
    const sel = model.get("selected_area");
    let o = sel ? overlay(sel, "hmap-sel") : "";
    if (state.focusArea && state.focusArea !== sel) o += overlay(state.focusArea, "hmap-kbd");
    fill(outline, o);
    for (const p of svg.querySelectorAll("[data-area].hmap-is-dest, [data-area][aria-pressed='true']")) {
      p.classList.remove("hmap-is-dest"); p.setAttribute("aria-pressed", "false");
    }
    for (const a of model.get("destinations") || []) nodeOf[a]?.classList.add("hmap-is-dest");
    if (sel) nodeOf[sel]?.setAttribute("aria-pressed", "true");
  }

  function drawTrack(board) {
    const n = model.get("prestige_track");
    const p = Math.max(-n, Math.min(n, board.prestige || 0));
    const cells = [];
    for (let v = -n; v <= n; v++) {
      const cls = v === 0 ? "hmap-cell hmap-zero" : v < 0 ? "hmap-cell hmap-sp" : "hmap-cell hmap-at";
      cells.push(`<span class="${cls}${v === p ? " hmap-here" : ""}" title="${v === 0 ? "even" : v < 0 ? "Sparta +" + -v : "Athens +" + v}">${v === p ? "●" : ""}</span>`);
    }
    fill(track, `<span class="hmap-track-end hmap-sp-text">Sparta wins ${n}</span>${cells.join("")}<span class="hmap-track-end hmap-at-text">${n} Athens wins</span>`);
    const lead = p > 0 ? `Athens leads by ${p}` : p < 0 ? `Sparta leads by ${-p}` : "even";
    track.setAttribute("aria-label", `Prestige track (§14.1): ${lead}; ${n} wins the game (§14.21).`);
  }

  function describeArea(area, board) {
    const p = places[area];
    if (!p) return { title: area, lines: [] };
    const lines = [];
    if (p.city) lines.push(`${p.city.name}: ${p.city.port ? "port" : "city"} of value ${p.city.value} (${p.city.nationality})`);
    if (p.town) lines.push(`${p.town.name}: barbarian town (${p.town.nationality})`);
    if (p.kind === "sea") lines.push(p.grain_route ? "Sea, on the grain route (§8.22)" : "Sea");
    const c = (board.control || {})[area];
    if (p.kind === "land") lines.push(c ? `Controlled by ${cap(c)}` : "Controlled by nobody");
    const cc = (board.city_control || {})[area];
    if (p.city && cc && cc !== p.city.loyalty) lines.push(`City held by ${cap(cc)}`);
    const sg = (board.sieges || {})[area];
    if (sg) lines.push(`Besieged by ${cap(sg.besieger)}${sg.blockaded ? ", blockaded" : ""}`);
    if ((board.pillaged || []).includes(area)) lines.push("Pillaged this year");
    if ((board.civil_war || []).includes(area)) lines.push("Civil war");
    if ((board.neutral || []).includes(area)) lines.push("Neutral: may not be entered");
    const list = (board.blocks || {})[area] || [];
    const hidden = {};
    for (const b of list) {
      if (b.hidden) hidden[b.side] = (hidden[b.side] || 0) + 1;
      else lines.push(`${b.key} ${b.name}: ${b.cv}/${b.max_cv}, ${b.rating}${b.besieged ? " (inside)" : ""}`);
    }
    for (const [side, n] of Object.entries(hidden)) lines.push(`${n} ${cap(side)} block${n > 1 ? "s" : ""} (hidden)`);
    return { title: p.name, lines };
  }

  function showTip(area, x, y) {
    const board = model.get("board") || {};
    const { title: t, lines } = describeArea(area, board);
    tip.innerHTML = `<strong>${esc(t)}</strong>` + lines.map((l) => `<div>${esc(l)}</div>`).join("");
    tip.hidden = false;
    const box = stage.getBoundingClientRect();
    const tw = tip.offsetWidth, th = tip.offsetHeight;
    let left = x - box.left + 14, top = y - box.top + 14;
    if (left + tw > box.width) left = Math.max(0, x - box.left - tw - 10);
    if (top + th > box.height) top = Math.max(0, y - box.top - th - 10);
    tip.style.left = `${left}px`; tip.style.top = `${top}px`;
  }

  function drawPanel(board) {
    const sel = model.get("selected_area");
    const dests = model.get("destinations") || [];
    panel.innerHTML = "";
    if (!sel) {
      panel.append(el("span", { class: "hmap-hint" }, model.get("playable")
        ? "Click an area or one of your blocks; legal destinations light up, click one to move there."
        : "Click an area to see what is there."));
      return;
    }
    const { title: t, lines } = describeArea(sel, board);
    panel.append(el("strong", {}, t));
    const viewer = board.viewer || model.get("viewer");
    const selUnit = model.get("selected_unit");
    const own = ((board.blocks || {})[sel] || []).filter((b) => !b.hidden && (viewer === "all" || viewer === b.side));
    const facts = lines.filter((l) => !own.some((b) => l.startsWith(b.key + " ")));
    panel.append(el("span", { class: "hmap-facts" }, " " + facts.join(" · ")));
    if (own.length) {
      const bar = el("div", { class: "hmap-units", role: "group", "aria-label": "Your blocks here" });
      for (const b of own) {
        const u = el("button", { type: "button", class: `hmap-unit hmap-unit-${b.side}`, "data-unit": b.key, "aria-pressed": String(b.key === selUnit) },
          `${b.key} ${b.name} · ${b.cv}/${b.max_cv} · ${b.rating}${b.besieged ? " · inside" : ""}`);
        bar.append(u);
      }
      panel.append(bar);
    }
    if (dests.length) {
      const bar = el("div", { class: "hmap-dests", role: "group", "aria-label": "Legal destinations" });
      bar.append(el("span", {}, `Move ${selUnit || "the group"} to: `));
      for (const d of dests) bar.append(el("button", { type: "button", class: "hmap-go", "data-go": d }, places[d]?.name || d));
      panel.append(bar);
    }
  }

  function drawBoard() {
    const board = model.get("board") || {};
    root.dataset.moves = board.moves ?? "";
    const date = board.year ? `${board.season} ${board.year} BC` : "";
    let prompt = board.prompt || "";
    if (prompt.startsWith(`${date}: `)) prompt = prompt.slice(date.length + 2);
    title.innerHTML = date ? `<span class="hmap-date">${esc(date)}</span> ${esc(prompt ? cap(prompt) : "")}` : "The Greek world at the outbreak of the war";
    const v = board.viewer || model.get("viewer");
    viewerChip.textContent = v === "all" ? "Teacher view (all blocks)" : `${cap(v)}'s view`;
    viewerChip.className = `hmap-viewer hmap-viewer-${v}`;
    for (const [area, p] of Object.entries(places)) {
      const node = nodeOf[area];
      if (!node) continue;
      const n = ((board.blocks || {})[area] || []).length;
      const label = `${p.name}${p.city ? ", " + p.city.name + " " + p.city.value : ""}${n ? ", " + n + " block" + (n > 1 ? "s" : "") : ""}`;
      if (node.getAttribute("aria-label") !== label) node.setAttribute("aria-label", label);
    }
    drawTrack(board);
    drawFills(board);
    drawMarks(board);
    drawBlocks();
    drawLights();
    drawPanel(board);
    status.textContent = model.get("message");
    root.dataset.rendered = String(Date.now());
    root.dataset.rev = String((Number(root.dataset.rev) || 0) + 1);
  }

  // --- input ---
  function select(area, unit) {
    const dests = model.get("destinations") || [];
    if (area && dests.includes(area) && !unit && model.get("playable")) {
      model.send({ request: "play", area });
      return;
    }
    model.set("selected_unit", unit || "");
    model.set("selected_area", area || "");
    model.save_changes();
  }
  function areaAt(target) {
    const u = target.closest && target.closest("[data-unit]");
    if (u) {
      const key = u.getAttribute("data-unit");
      for (const [area, list] of Object.entries((model.get("board") || {}).blocks || {})) {
        if (list.some((b) => b.key === key)) return [area, key];
      }
    }
    const a = target.closest && target.closest("[data-area]");
    if (a) return [a.getAttribute("data-area"), ""];
    // a small place's pad, or a side's stack of blocks (zoomed out) stands for its area
    const pad = target.closest && target.closest("[data-area-hit], [data-blocks-of]");
    return pad ? [pad.getAttribute("data-area-hit") || pad.getAttribute("data-blocks-of"), ""] : null;
  }
  svg.addEventListener("click", (ev) => {
    if (state.moved) { state.moved = false; return; }
    const hit = areaAt(ev.target);
    if (!hit) return;
    const [area, unit] = hit;
    const viewer = model.get("viewer");
    const own = unit && (viewer === "all" || viewer === (unit[0] === "A" ? "athens" : "sparta"));
    select(area, own ? unit : "");
  });
  svg.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      const hit = areaAt(ev.target);
      if (hit) { ev.preventDefault(); select(hit[0], hit[1]); }
    } else if (ev.key === "Escape") {
      select("", "");
    } else if (ev.key === "+" || ev.key === "=") { ev.preventDefault(); zoomBy(1.5); }
    else if (ev.key === "-" || ev.key === "_") { ev.preventDefault(); zoomBy(1 / 1.5); }
    else if (ev.key.startsWith("Arrow")) {
      ev.preventDefault();
      const step = VW / cam.z / 8;
      cam.cx += ev.key === "ArrowLeft" ? -step : ev.key === "ArrowRight" ? step : 0;
      cam.cy += ev.key === "ArrowUp" ? -step : ev.key === "ArrowDown" ? step : 0;
      applyCam(); pushCam();
    }
  });
  svg.addEventListener("focusin", (ev) => {
    const a = ev.target.closest && ev.target.closest("[data-area]");
    if (!a) return;
    state.focusArea = a.getAttribute("data-area");
    drawLights();
    const r = a.getBoundingClientRect();
    showTip(state.focusArea, r.left + r.width / 2, r.top + r.height / 2);
  });
  svg.addEventListener("focusout", () => { state.focusArea = ""; tip.hidden = true; drawLights(); });
  svg.addEventListener("pointermove", (ev) => {
    if (state.dragging) {
      const d = state.dragging;
      const dx = ev.clientX - d.x, dy = ev.clientY - d.y;
      if (!state.moved && Math.hypot(dx, dy) > 4) { state.moved = true; svg.setPointerCapture(ev.pointerId); }
      if (state.moved) {
        const scale = VW / cam.z / svg.getBoundingClientRect().width;
        cam.cx = d.cx - dx * scale; cam.cy = d.cy - dy * scale;
        applyCam();
        tip.hidden = true;
        return;
      }
    }
    const hit = areaAt(ev.target);
    if (hit) showTip(hit[0], ev.clientX, ev.clientY); else tip.hidden = true;
  });
  svg.addEventListener("pointerleave", () => { tip.hidden = true; });
  svg.addEventListener("pointerdown", (ev) => {
    if (ev.button !== 0) return;
    state.moved = false;
    state.dragging = { x: ev.clientX, y: ev.clientY, cx: cam.cx, cy: cam.cy };
  });
  const endDrag = (ev) => {
    if (state.dragging && state.moved) { pushCam(); if (svg.hasPointerCapture(ev.pointerId)) svg.releasePointerCapture(ev.pointerId); }
    state.dragging = null;
  };
  svg.addEventListener("pointerup", endDrag);
  svg.addEventListener("pointercancel", endDrag);
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const p = toMap(ev);
    zoomBy(Math.exp(-ev.deltaY * 0.0015), p.x, p.y);
  }, { passive: false });
  zin.addEventListener("click", () => zoomBy(1.5));
  zout.addEventListener("click", () => zoomBy(1 / 1.5));
  whole.addEventListener("click", () => { cam.z = 1; applyCam(); pushCam(); });
  ctl.addEventListener("click", () => {
    state.control = !state.control;
    ctl.setAttribute("aria-pressed", String(state.control));
    drawFills(model.get("board") || {});
  });
  panel.addEventListener("click", (ev) => {
    const u = ev.target.closest("[data-unit]");
    if (u) { select(model.get("selected_area"), u.getAttribute("data-unit")); return; }
    const g = ev.target.closest("[data-go]");
    if (g) model.send({ request: "play", area: g.getAttribute("data-go") });
  });

  // --- model changes ---
  const onBoard = () => drawBoard();
  const onLights = () => { drawLights(); drawPanel(model.get("board") || {}); drawBlocks(); };
  const onMessage = () => { status.textContent = model.get("message"); };
  const onCustom = (msg) => {
    if (!msg || !msg.board_patch) return;
    applyPatch(model.get("board"), msg.board_patch);
    drawBoard();
  };
  const listeners = [
    ["change:board", onBoard], ["change:viewer", onBoard],
    ["change:highlights", onLights], ["change:destinations", onLights],
    ["change:selected_area", onLights], ["change:selected_unit", onLights],
    ["change:zoom", pullCam], ["change:center", pullCam], ["change:message", onMessage],
    ["change:size", onSize], ["msg:custom", onCustom],
  ];
  for (const [name, fn] of listeners) model.on(name, fn);

  // in a narrow cell, names and city symbols grow so they stay readable: at 580 px (JupyterLab
  // with its file browser open) about 9 px high; names that then find no room are hidden
  // (labels.js)
  const resize = new ResizeObserver(() => {
    const w = svg.getBoundingClientRect().width;
    const fit = w > 0 ? Math.min(1.9, Math.max(1, 1100 / w)) : 1;
    if (Math.abs(fit - state.fit) > 0.01) { state.fit = fit; applyCam(); } else relabel();
  });
  resize.observe(svg);

  pullCam();
  onSize();
  drawBoard();
  return () => {
    clearTimeout(camTimer);
    cancelAnimationFrame(labelFrame);
    resize.disconnect();
    for (const [name, fn] of listeners) model.off(name, fn);
  };
}

function initialize({ model }) {
  const onPatch = (msg) => { if (msg && msg.board_patch) applyPatch(model.get("board"), msg.board_patch); };
  model.on("msg:custom", onPatch);
  return () => model.off("msg:custom", onPatch);
}

export default { initialize, render };
