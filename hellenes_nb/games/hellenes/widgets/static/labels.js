// Names and click targets of the Hellenes map widget (issue 28 item 2; docs/map-widget.md).
// map.py puts this file in front of map.js (one ES module), so map.js calls its functions.
//
// placeNames: after each zoom, resize or change of blocks, every name is measured on the page
// and set down in turn, most important first (cities by value, towns, detail labels, seas, then
// areas). A name that would cover a name already set down, a block, a marker, a city symbol or
// the legend tries the other sides of its city's symbol, then the same a little farther away,
// tied to the symbol by a thin line; if none is free it is hidden (the area's tooltip still
// names it on hover). Nothing is moved in the drawing itself: a name is
// nudged with the CSS `translate` property, or hidden with a class.
//
// hitPads: a place drawn smaller than MIN_TARGET pixels across gets an invisible square of that
// size around its city (or its name's spot) that clicks and hovers as the place; the smallest
// places are on top, so a pad never hides a smaller neighbour.

const MIN_TARGET = 24; // px: the smallest click target (WCAG 2.5.8)
const NAME_GAP = 0.5; // px of overlap tolerated between two boxes (anti-aliasing)

const hits = (a, b) => a.left < b.right - NAME_GAP && b.left < a.right - NAME_GAP &&
  a.top < b.bottom - NAME_GAP && b.top < a.bottom - NAME_GAP;
const box = (r) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
const shifted = (r, dx, dy) => ({ left: r.left + dx, top: r.top + dy, right: r.right + dx, bottom: r.bottom + dy });

function nameRank(t, places) {
  // lower goes first: cities by value, towns, close-up labels, seas, then area names
  const p = places[t.getAttribute("data-place")];
  if (p && p.city) return 10 - p.city.value;
  if (p) return 20;
  if (t.classList.contains("hmap-detail-label")) return 30;
  return t.getAttribute("font-style") === "italic" ? 40 : 50;
}

function placeNames(svg, places, root) {
  const texts = [...svg.querySelectorAll(".layer-names text, .hmap-details text")];
  for (const t of texts) { t.classList.remove("hmap-name-off"); t.style.translate = ""; delete t.dataset.led; }
  const leaders = svg.querySelector(".layer-names");
  for (const l of svg.querySelectorAll(".hmap-leader")) l.remove();
  const ctm = svg.getScreenCTM();
  if (!ctm) return { shown: 0, hidden: 0 };
  const k = ctm.a; // screen px per map unit
  const taken = [];
  const obstacles = ".hmap-blocks .hmap-stack, .hmap-blocks .hmap-block, .hmap-blocks .hmap-walls, " +
    ".hmap-marks .hmap-marker, .layer-symbols > *, .layer-frame text";
  for (const o of svg.querySelectorAll(obstacles)) {
    const r = o.getBoundingClientRect();
    if (r.width > 0) taken.push(box(r));
  }
  const symbolBox = {};
  for (const o of svg.querySelectorAll(".layer-symbols [data-city], .layer-symbols [data-town]")) {
    symbolBox[o.getAttribute("data-city") || o.getAttribute("data-town")] = box(o.getBoundingClientRect());
  }
  const legend = svg.querySelector(".layer-legend");
  if (legend && !root.classList.contains("hmap-zoomed")) taken.push(box(legend.getBoundingClientRect()));
  const order = texts.map((t) => [nameRank(t, places), t, t.getBoundingClientRect()])
    .filter(([, , r]) => r.width > 0)
    .sort((a, b) => a[0] - b[0]);
  const moves = [];
  let shown = 0, hidden = 0;
  for (const [, t, r] of order) {
    const tries = [[0, 0]];
    const sym = symbolBox[t.getAttribute("data-place")];
    if (sym) { // the other sides of its symbol, just clear of it; then a little farther, tied
      // to its symbol by a thin line (blocks all round a besieged city, as at Pylos)
      const w = r.width, h = r.height, mx = (sym.left + sym.right) / 2, my = (sym.top + sym.bottom) / 2;
      for (const g of [2, 2 + 1.3 * h, 2 + 2.6 * h]) {
        const spots = [[sym.right + g, my - h / 2], [sym.left - g - w, my - h / 2], [mx - w / 2, sym.top - g - h],
          [mx - w / 2, sym.bottom + g], [sym.right + g, sym.top - h], [sym.right + g, sym.bottom],
          [sym.left - g - w, sym.top - h], [sym.left - g - w, sym.bottom]];
        for (const [x, y] of spots) tries.push([x - r.left, y - r.top, g > 2]);
      }
    } else {
      tries.push([0, -r.height * 0.8], [0, r.height * 0.8]);
    }
    const free = tries.find(([dx, dy]) => { const c = shifted(r, dx, dy); return !taken.some((o) => hits(c, o)); });
    if (!free) { moves.push([t, null, r]); hidden++; continue; }
    taken.push(shifted(r, free[0], free[1]));
    moves.push([t, free, r]);
    shown++;
  }
  const inv = ctm.inverse();
  const toMap = (x, y) => new DOMPoint(x, y).matrixTransform(inv);
  for (const [t, d, r] of moves) {
    if (!d) { t.classList.add("hmap-name-off"); continue; }
    if (d[0] || d[1]) t.style.translate = `${(d[0] / k).toFixed(2)}px ${(d[1] / k).toFixed(2)}px`;
    const sym = symbolBox[t.getAttribute("data-place")];
    if (!d[2] || !sym || !leaders) continue;
    const c = shifted(r, d[0], d[1]), mx = (sym.left + sym.right) / 2, my = (sym.top + sym.bottom) / 2;
    const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
    const bx = clamp(mx, c.left, c.right), by = clamp(my, c.top, c.bottom); // the name's nearest point
    const a = toMap(clamp(bx, sym.left, sym.right), clamp(by, sym.top, sym.bottom)), b = toMap(bx, by);
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("class", "hmap-leader");
    for (const [n, v] of [["x1", a.x], ["y1", a.y], ["x2", b.x], ["y2", b.y]]) line.setAttribute(n, v.toFixed(1));
    leaders.prepend(line);
    t.dataset.led = "1";
  }
  return { shown, hidden };
}

function hitPads(svg, places, nodeOf, layer) {
  const ctm = svg.getScreenCTM();
  if (!ctm || !ctm.a) return;
  const side = MIN_TARGET / ctm.a; // the pad's side in map units
  const small = [];
  for (const [id, p] of Object.entries(places)) {
    const node = nodeOf[id];
    if (!node) continue;
    const r = node.getBoundingClientRect();
    if (Math.min(r.width, r.height) >= MIN_TARGET) continue;
    const [x, y] = p.symbol || p.label;
    small.push([r.width * r.height, id, x, y]);
  }
  small.sort((a, b) => b[0] - a[0]); // the largest first, so the smallest lie on top
  layer.innerHTML = small.map(([, id, x, y]) => `<rect class="hmap-hit" data-area-hit="${id}" ` +
    `x="${(x - side / 2).toFixed(1)}" y="${(y - side / 2).toFixed(1)}" width="${side.toFixed(1)}" height="${side.toFixed(1)}"/>`).join("");
}


// the Sicily inset, veiled in sea colour when zooming in leaves only a clipped piece of it at an
// edge of the view (issue 28 item 6); shown whole, or filling the view, it stays. Returns the
// function map.js calls with the view (x, y, width, height in map units) after each move.
function insetVeil(svg, after, root) {
  const frame = svg.querySelector(".inset-frame");
  if (!frame) return () => {};
  const [x, y, iw, ih] = ["x", "y", "width", "height"].map((a) => Number(frame.getAttribute(a)));
  const veil = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  veil.setAttribute("class", "hmap-inset-veil");
  veil.setAttribute("x", x - 2); veil.setAttribute("y", y - 2);
  veil.setAttribute("width", iw + 4); veil.setAttribute("height", ih + 4);
  veil.setAttribute("fill", svg.querySelector(".layer-inset-bg rect")?.getAttribute("fill") || "#cfe2ee");
  after.after(veil);
  // its title and its notes grow (a narrow map) about the frame's top left and bottom right
  // corners, so they stay inside the frame rather than spilling past the map's left edge
  for (const t of svg.querySelectorAll(".layer-frame text")) {
    const end = t.getAttribute("text-anchor") === "end";
    t.style.transformBox = "view-box";
    t.style.transformOrigin = end ? `${x + iw}px ${y + ih}px` : `${x}px ${y}px`;
  }
  return (vx, vy, w, h) => {
    const ox = Math.max(0, Math.min(x + iw, vx + w) - Math.max(x, vx));
    const oy = Math.max(0, Math.min(y + ih, vy + h) - Math.max(y, vy));
    const whole = ox >= iw - 0.5 && oy >= ih - 0.5;
    const piece = ox * oy > 0 && !whole && (ox * oy) / (w * h) < 0.2;
    veil.style.display = piece ? "" : "none";
    root.dataset.inset = !ox || !oy ? "out" : whole ? "whole" : piece ? "veiled" : "filling";
  };
}
