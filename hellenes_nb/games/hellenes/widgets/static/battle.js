// Battle board for hellenes-nb (BattleWidget). Plain ESM, no build step, no network.
// Python owns the rules and the dice: this file only draws the traits and sends requests
// ({request, choice}) as custom messages (hellenes_nb/widgets/requests.py). See
// hellenes_nb/games/hellenes/widgets/battle.py.

const PIPS = {1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8]};
const RESULT_WORD = {hit: "HIT", rout: "ROUT", miss: "miss", "rout-ignored": "rout ignored"};
const SIDE = {athens: "Athens", sparta: "Sparta"};
const ROLL_MS = {slow: 1100, normal: 650, fast: 250, instant: 0};
const PAUSE_MS = {slow: 900, normal: 450, fast: 150, instant: 0};
const ORDINAL = (n) => n + (["th", "st", "nd", "rd"][(n % 100 - 20) % 10] ||
  ["th", "st", "nd", "rd"][n % 100] || "th");

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) {
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function die(face, result, rolling) {
  const cells = [];
  for (let i = 0; i < 9; i++) {
    cells.push(h("span", {class: PIPS[face].includes(i) ? "pip on" : "pip"}));
  }
  const word = rolling ? "" : RESULT_WORD[result];
  return h("div", {class: `hb-die-wrap ${rolling ? "rolling" : result}`, role: "img",
    "aria-label": rolling ? "die rolling" : `die showing ${face}: ${word}`},
  h("div", {class: "hb-die", "data-face": face}, cells),
  h("div", {class: "hb-die-word", "aria-hidden": "true", text: word || "\u00a0"}));
}

function blockView(b, nextKey, struck, cargo) {
  const pips = [];
  for (let i = 1; i <= b.max_cv; i++) {
    pips.push(h("span", {class: i <= b.cv ? "cvpip on" : "cvpip"}));
  }
  const tags = [];
  if (b.eliminated) tags.push(h("span", {class: "hb-tag elim", text: "ELIMINATED"}));
  else if (b.routed) tags.push(h("span", {class: "hb-tag routed", text: "ROUTED"}));
  if (b.half) tags.push(h("span", {class: "hb-tag half", text: "½ STEP"}));
  if (b.holds) tags.push(h("span", {class: "hb-tag holds", text: "NO FIRE R1"}));
  if (b.key === nextKey) tags.push(h("span", {class: "hb-tag next", text: "NEXT"}));
  const kindWord = b.garrison ? "garrison" : b.cavalry ? "cavalry" : b.fleet ? "fleet" : "";
  const cls = ["hb-block", `side-${b.side}`, b.routed && "routed", b.eliminated && "eliminated",
    b.half && "half", b.key === nextKey && "next", b.fired && !b.eliminated && "fired",
    struck && `struck-${struck}`].filter(Boolean).join(" ");
  const label = `${b.name}: ${b.label}${b.key === nextKey ? ", attacks next" : ""}`;
  return h("div", {class: cls, "data-key": b.key, "data-cv": b.cv, "data-routed": String(b.routed),
    "data-eliminated": String(b.eliminated), role: "listitem", "aria-label": label, title: label},
  h("div", {class: "hb-sticker"},
    h("div", {class: "hb-top"},
      h("span", {class: "hb-cv", text: b.eliminated ? "✕" : b.cv}),
      h("span", {class: "hb-rating", text: b.rating})),
    h("div", {class: "hb-pips", "aria-hidden": "true"}, pips),
    h("div", {class: "hb-name", text: b.name}),
    h("div", {class: "hb-meta"},
      kindWord ? h("span", {text: kindWord}) : null,
      b.order ? h("span", {class: "hb-order", text: `fires ${ORDINAL(b.order)}`}) : null),
    b.note ? h("div", {class: "hb-cargo", text: b.note}) : null,
    cargo.map((c) => h("div", {class: "hb-cargo",
      text: `carries ${c.name}, strength ${c.cv}`}))),
  h("div", {class: "hb-tags"}, tags));
}

function render({model, el}) {
  const reduced = window.matchMedia &&
    window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  // an attack is seen once per throw of its dice: an appeal to Ares (§11.0) throws them again
  const throwKey = (a) => (a.n ? `${a.n}.${a.rerolls || 0}` : "");
  let lastAttackSeen = throwKey(model.get("last_attack") || {});
  let rolling = null;       // dice faces while the roll animation runs
  let struck = {};          // key -> "hit" | "rout" after an attack lands
  let busy = false;
  let auto = null;          // {mode: "round" | "battle", round}
  let timer = null;

  const root = h("div", {class: "hb", "data-jp-suppress-context-menu": true});
  const live = h("div", {class: "hb-sr", "aria-live": "polite", role: "status"});
  el.append(root, live);

  function send(action, choice) {
    busy = true;
    model.send({request: action, choice: choice ?? null});
    draw();
  }

  function stopAuto() {
    auto = null;
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function continueAuto() {
    if (!auto) return;
    const outcome = model.get("outcome") || {};
    if (outcome.winner || model.get("error") || (model.get("appeal") || {}).god ||
        (auto.mode === "round" && model.get("round") !== auto.round)) {
      stopAuto();
      draw();
      return;
    }
    timer = setTimeout(() => send("advance"), PAUSE_MS[model.get("speed")] ?? 450);
  }

  function onUpdate() {
    const attack = model.get("last_attack") || {};
    const speed = model.get("speed");
    if (attack.n && throwKey(attack) !== lastAttackSeen) {
      lastAttackSeen = throwKey(attack);
      struck = {};
      for (const e of attack.effects || []) {
        if (e.kind === "hit" || e.kind === "half_hit" || e.kind === "eliminated") struck[e.target] = "hit";
        if (e.kind === "rout") struck[e.target] = struck[e.target] || "rout";
      }
      live.textContent = [attack.text, ...(attack.effects || []).map((e) => e.why ?
        `${e.name}: ${e.kind.replace("_", " ")}, ${e.why}` : ""),
      (model.get("appeal") || {}).text || ""].join(" ");
      const ms = reduced ? 0 : (ROLL_MS[speed] ?? 650);
      if (ms > 0) {
        const n = attack.dice.length;
        const start = performance.now();
        const tick = () => {
          if (performance.now() - start >= ms) {
            rolling = null;
            busy = false;
            draw();
            continueAuto();
            return;
          }
          rolling = Array.from({length: n}, () => 1 + Math.floor(Math.random() * 6));
          draw();
          setTimeout(tick, 70);
        };
        tick();
        return;
      }
    } else {
      const lines = model.get("narration") || [];
      const prompt = model.get("prompt") || {};
      live.textContent = (model.get("appeal") || {}).text || prompt.text ||
        (lines.length ? lines[lines.length - 1].text : "");
    }
    busy = false;
    draw();
    continueAuto();
  }

  function board() {
    const blocks = model.get("blocks") || [];
    const nextKey = model.get("next_key");
    const columns = model.get("columns") || [];
    const cargoOf = {};
    for (const b of blocks) if (b.carried_by) (cargoOf[b.carried_by] ||= []).push(b);
    const fighting = blocks.filter((b) => !b.carried_by);
    const sideOf = (role) => (fighting.find((b) => b.role === role) || {}).side;
    const grid = h("div", {class: "hb-grid", role: "group", "aria-label": "battle array",
      style: `grid-template-columns: 7.5em repeat(${columns.length}, minmax(9.5em, 1fr))`});
    grid.append(h("div", {class: "hb-corner", text: "agility →"}));
    columns.forEach((letter, i) => grid.append(h("div", {class: "hb-colhead"},
      h("span", {class: "hb-letter", text: letter}),
      h("span", {class: "hb-colnote", text: i === 0 ? "fires first" :
        i === columns.length - 1 ? "fires last" : ""}))));
    for (const role of ["defender", "aggressor"]) {
      const side = sideOf(role);
      grid.append(h("div", {class: `hb-rowhead side-${side}`},
        h("strong", {text: SIDE[side] || ""}),
        h("span", {text: role === "defender" ? "defends (fires first in each letter)" :
          "attacks"})));
      for (const letter of columns) {
        const here = fighting.filter((b) => b.role === role && b.agility === letter);
        grid.append(h("div", {class: `hb-cell side-${side}`, role: "list",
          "aria-label": `${SIDE[side]} ${letter} blocks`},
        here.map((b) => blockView(b, nextKey, struck[b.key], cargoOf[b.key] || []))));
      }
    }
    return grid;
  }

  function tray() {
    const attack = model.get("last_attack") || {};
    if (!attack.n) {
      return h("div", {class: "hb-tray empty"},
        h("p", {text: "No attack yet. Press “Next attack” to throw the first dice."}));
    }
    const dice = rolling ? rolling.map((f) => die(f, "", true)) :
      attack.dice.map((d) => die(d.face, d.result, false));
    const effects = rolling ? [] : (attack.effects || []).map((e) => h("li",
      {class: `hb-effect ${e.kind}`},
      h("span", {class: "hb-effect-kind", text: e.kind.replace("_", " ").toUpperCase()}),
      ` ${e.name ? e.name + ": " : ""}${e.why}`,
      h("span", {class: "hb-rule", text: `§${e.rule}`})));
    const mode = {fire: "attack", pursuit: "pursuit attack", harry: "harrying attack"}[attack.mode];
    return h("div", {class: `hb-tray side-${attack.side}`, "data-attack": attack.n},
      h("div", {class: "hb-tray-head"},
        h("span", {class: "hb-who", text: `${attack.name} (${attack.rating_words})`}),
        h("span", {text: ` ${mode}, round ${attack.round}`}),
        attack.rerolls ? h("span", {class: "hb-badge reroll", "data-rerolls": attack.rerolls,
          text: attack.rerolls === 1 ? "re-rolled by appeal" : "rolled once more"}) : null,
        h("span", {class: "hb-rule", text: `§${attack.rule}`})),
      h("div", {class: "hb-dice"}, dice),
      rolling ? h("div", {class: "hb-count", text: "rolling…"}) :
        h("div", {class: "hb-count"},
          h("span", {class: "hb-chip hit", text: `${attack.hits} hit${attack.hits === 1 ? "" : "s"}`}),
          h("span", {class: "hb-chip rout", text: attack.mode === "fire" ?
            `${attack.routs} rout${attack.routs === 1 ? "" : "s"}` : "routs ignored"})),
      h("ul", {class: "hb-effects"}, effects));
  }

  function controls() {
    const over = !!(model.get("outcome") || {}).winner;
    const prompt = model.get("prompt") || {};
    const waiting = !!prompt.kind || !!(model.get("appeal") || {}).god;
    const lock = busy || !!rolling;
    const speed = h("select", {class: "hb-speed", "aria-label": "animation speed",
      onchange: (ev) => { model.set("speed", ev.target.value); model.save_changes(); }},
    ["slow", "normal", "fast", "instant"].map((s) => h("option",
      {value: s, selected: s === model.get("speed"), text: s})));
    const buttons = [
      h("button", {class: "hb-btn primary", "data-action": "step",
        "aria-label": "Resolve the next unit attack", disabled: over || waiting || lock || !!auto,
        onclick: () => send("step")}, "Next attack"),
      h("button", {class: "hb-btn", "data-action": "round",
        "aria-label": "Play the whole round automatically", disabled: over || lock || !!auto,
        onclick: () => { auto = {mode: "round", round: model.get("round")}; send("advance"); }},
      "Whole round"),
      h("button", {class: "hb-btn", "data-action": "battle",
        "aria-label": "Play the whole battle automatically", disabled: over || lock || !!auto,
        onclick: () => { auto = {mode: "battle"}; send("advance"); }}, "Whole battle"),
    ];
    if (auto) {
      buttons.push(h("button", {class: "hb-btn", "data-action": "pause",
        "aria-label": "Pause automatic play", onclick: () => { stopAuto(); draw(); }}, "Pause"));
    }
    const [restartText, restartHelp] = model.get("restart_label");
    buttons.push(h("button", {class: "hb-btn ghost", "data-action": "restart",
      "aria-label": restartHelp, disabled: lock,
      onclick: () => { stopAuto(); lastAttackSeen = 0; struck = {}; send("restart"); }},
    restartText));
    return h("div", {class: "hb-controls"}, buttons,
      h("label", {class: "hb-speed-label"}, "Speed ", speed));
  }

  function appealBox() {
    const a = model.get("appeal") || {};
    if (!a.god || auto) return null;
    const lock = busy || !!rolling;
    return h("div", {class: `hb-prompt hb-appeal side-${a.side}`, role: "group",
      "aria-label": "appeal to the Olympians"},
    h("p", {}, h("strong", {text: `Appeal to ${a.god === "hera" ? "Hera" : "Ares"}? `}), a.text,
      h("span", {class: "hb-rule", text: `§${a.rule}`})),
    h("div", {class: "hb-choices"},
      h("button", {class: "hb-btn choice appeal", "data-appeal": a.god,
        "aria-label": `${SIDE[a.side]}: ${a.appeal_label}`, disabled: lock,
        onclick: () => send("appeal", a.god)}, a.appeal_label),
      h("button", {class: "hb-btn choice", "data-action": "accept",
        "aria-label": `${SIDE[a.side]}: ${a.accept_label}`, disabled: lock,
        onclick: () => send("accept")}, a.accept_label)));
  }

  function sacrificeBadges() {
    const held = model.get("sacrifices") || {};
    return Object.entries(held).filter(([, gods]) => gods.length).map(([side, gods]) =>
      h("span", {class: `hb-badge sacrifice side-${side}`, "data-side": side,
        text: `${SIDE[side]} holds: ${gods.map((g) => g[0].toUpperCase() + g.slice(1)).join(", ")}`}));
  }

  function decision() {
    if ((model.get("appeal") || {}).god) return appealBox();
    const prompt = model.get("prompt") || {};
    if (!prompt.kind || auto) return null;
    return h("div", {class: `hb-prompt side-${prompt.whose}`, role: "group",
      "aria-label": "decision"},
    h("p", {}, h("strong", {text: "Decision: "}), prompt.text,
      h("span", {class: "hb-rule", text: `§${prompt.rule}`})),
    h("div", {class: "hb-choices"}, prompt.choices.map((c) => h("button", {
      class: `hb-btn choice ${c.value === "retreat" ? "warn" : ""}`, "data-choice": c.value,
      "aria-label": `${SIDE[prompt.whose]}: ${c.label}`, disabled: busy || !!rolling,
      onclick: () => send("choose", c.value)}, c.label))));
  }

  function oddsLine() {
    const note = model.get("odds_note");
    if (note) {  // numba compiling the fast odds, once (battle.py `odds_note`)
      return h("div", {class: "hb-odds hb-odds-pending hb-odds-note", role: "status",
        "aria-label": "odds from this moment"}, h("span", {class: "hb-odds-title", text: note}));
    }
    if (model.get("odds_pending")) {
      return h("div", {class: "hb-odds hb-odds-pending", "aria-label": "odds from this moment"},
        h("span", {class: "hb-odds-title", text: "Working out the odds from this moment…"}));
    }
    const odds = model.get("odds") || {};
    if (!odds.win) return null;
    const parts = Object.entries(odds.win).map(([side, p]) =>
      h("span", {class: `hb-odds-side side-${side}`},
        h("span", {class: "hb-odds-bar", style: `width:${Math.round(p * 100)}%`}),
        h("span", {class: "hb-odds-text", text: `${SIDE[side]} wins ${(100 * p).toFixed(1)}%`})));
    const how = odds.method === "exact" ? "exact" : `sampled from ${odds.samples} battles, ` +
      `±${(100 * (odds.margin || 0)).toFixed(1)}% at 95% confidence`;
    return h("div", {class: "hb-odds", "aria-label": "odds from this moment"},
      h("span", {class: "hb-odds-title", text: `Odds ${odds.moment} (${how})`}), parts);
  }

  function draw() {
    const log = model.get("narration") || [];
    const outcome = model.get("outcome") || {};
    const phase = model.get("phase");
    const old = root.querySelector(".hb-log");
    const scroll = old ? old.scrollTop : null;
    root.replaceChildren(...[
      h("header", {class: "hb-head"},
        h("div", {},
          h("h3", {class: "hb-title", text: model.get("title")}),
          h("div", {class: "hb-status"},
            h("span", {class: "hb-badge", text: outcome.winner ? "battle over" :
              `round ${model.get("round")}`}),
            phase === "pursuit" ? h("span", {class: "hb-badge warn", text: "pursuit §6.34"}) : null,
            phase === "harry" ? h("span", {class: "hb-badge warn", text: "harrying §6.41"}) : null,
            (model.get("forced") || []).length ? h("span", {class: "hb-badge",
              text: `next dice set by the lesson: ${model.get("forced").join(" ")}`}) : null,
            sacrificeBadges())),
        h("ul", {class: "hb-stake", "aria-label": "prestige at stake"},
          (model.get("stake") || []).map((s) => h("li", {text: s})))),
      outcome.winner ? h("div", {class: `hb-outcome side-${outcome.winner}`, role: "status",
        text: outcome.text}) : null,
      board(),
      h("div", {class: "hb-middle"}, tray(), h("div", {class: "hb-side"}, decision(),
        controls(), oddsLine(),
        model.get("error") ? h("div", {class: "hb-error", role: "alert",
          text: model.get("error")}) : null)),
      h("details", {class: "hb-logbox", open: true},
        h("summary", {text: `Battle narrative (${log.length} line${log.length === 1 ? "" : "s"})`}),
        h("ol", {class: "hb-log"}, log.map((l) => h("li", {class: `hb-line ${l.kind} side-${l.side}${l.replaced ? " replaced" : ""}`,
          title: l.replaced ? "rolled again after an appeal (§11.0)" : null},
          h("span", {class: "hb-round", text: `R${l.round}`}), l.text,
          h("span", {class: "hb-rule", text: `§${l.rule}`})))))].filter(Boolean));
    const box = root.querySelector(".hb-log");
    if (box) box.scrollTop = scroll === null ? box.scrollHeight : box.scrollHeight;
  }

  // the classroom size (battle.py `size`): larger writing and thicker lines, for a projector
  const onSize = () => {
    root.classList.toggle("hb-classroom", model.get("size") === "classroom");
    root.dataset.size = model.get("size");
  };
  model.on("change:seq", onUpdate);
  model.on("change:speed", draw);
  model.on("change:odds_note", draw);
  model.on("change:size", onSize);
  onSize();
  draw();
  return () => {
    stopAuto();
    model.off("change:seq", onUpdate);
    model.off("change:speed", draw);
    model.off("change:odds_note", draw);
    model.off("change:size", onSize);
  };
}

export default {render};
