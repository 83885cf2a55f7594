// The page of `kingofny serve`: draws the game the JSON API sends and posts the players'
// choices; replays records. No framework, no build step; text goes in with textContent only.
"use strict";

const FACE_ORDER = "EHACDO";
const HUMAN = "human";
const app = {
  info: null, busy: false, mode: "setup", paused: false,
  game: { id: null, version: 0, logNext: 0, data: null, lines: [], shownSeat: null, prev: null },
  marked: new Set(),
  replay: null, // {summary, frame, data}
  review: null, // the answer of POST /api/replays/{id}/review
  hint: null, // the answer of POST /api/games/{id}/hint
};

function $(id) { return document.getElementById(id); }

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

function showError(message) {
  const box = $("error");
  box.textContent = message;
  box.hidden = !message;
}

async function api(method, path, body) {
  const options = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function sleep(ms) { return new Promise((resolve) => setTimeout(resolve, ms)); }

function pace() {
  const fromUrl = new URLSearchParams(location.search).get("pace");
  if (fromUrl !== null && /^\d+$/.test(fromUrl)) return Number(fromUrl);
  return Number($("pace").value);
}

function animFactor() {
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return 0;
  return Number($("anim").value);
}

function setAnim() {
  const factor = animFactor();
  document.documentElement.style.setProperty("--anim", `${Math.round(600 * factor)}ms`);
  document.body.classList.toggle("no-anim", factor === 0);
}

function setMode(mode) {
  app.mode = mode;
  // Only the mode class changes: "busy" and "no-anim" stay as they are.
  for (const name of Array.from(document.body.classList)) {
    if (name.startsWith("mode-")) document.body.classList.remove(name);
  }
  document.body.classList.add(`mode-${mode}`);
  $("setup").hidden = mode !== "setup";
  $("replay-open").hidden = mode !== "replay-open";
  $("play").hidden = mode !== "game" && mode !== "replay";
  $("prompt").hidden = mode !== "game";
  $("replay-bar").hidden = mode !== "replay";
  $("game-settings").hidden = mode !== "game";
  if (mode !== "game") $("gameover").hidden = true;
  if (mode !== "replay") $("review").hidden = true;
  $("play").classList.remove("buying"); // the game's next payload sets it again
  setHandOver(false);
}

// -- the new-game form ----------------------------------------------------------------------

function botChoices() {
  return [{ spec: HUMAN, name: "A person", strength: "plays at this screen" }, ...app.info.bots];
}

function drawSeats() {
  const box = $("seats");
  const count = Number($("seat-count").value);
  const old = Array.from(box.querySelectorAll("li")).map((li) => ({
    kind: li.querySelector(".kind").value, monster: li.querySelector(".monster").value,
  }));
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const was = old[seat] || { kind: seat === 0 ? HUMAN : "heuristic", monster: "" };
    const kind = el("select", { class: "kind", id: `kind-${seat}`, "data-seat": seat });
    for (const bot of botChoices()) {
      const label = bot.spec === HUMAN ? "A person" : `${bot.name} bot — ${bot.strength.split(":")[0]}`;
      kind.append(el("option", { value: bot.spec, selected: bot.spec === was.kind, text: label }));
    }
    const monster = el("select", { class: "monster", id: `monster-${seat}` });
    monster.append(el("option", { value: "", text: "Random monster" }));
    for (const m of app.info.monsters) {
      monster.append(el("option", { value: m.id, selected: m.id === was.monster, text: m.name, title: m.description }));
    }
    const strength = el("small", { class: "strength", id: `strength-${seat}` });
    const update = () => {
      const bot = botChoices().find((b) => b.spec === kind.value);
      strength.textContent = bot ? (bot.spec === HUMAN ? "A person plays this seat here." : `${bot.name}: ${bot.strength}.`) : "";
    };
    kind.addEventListener("change", update);
    update();
    box.append(el("li", { class: `seat-row seat${seat}` },
      el("span", { class: "seat-no", text: `Seat ${seat + 1}` }),
      el("label", { for: `kind-${seat}` }, "Played by"), kind,
      el("label", { for: `monster-${seat}` }, "Monster"), monster, strength));
  }
}

function autoFields(prefix, settings, onchange) {
  // A decision with only one choice is always taken by the engine itself (and told in the
  // log): no setting for it.
  const s = settings || { stay_unless_below: null, skip_buy: false };
  const skip = el("input", { type: "checkbox", id: `${prefix}-skip-buy`, checked: s.skip_buy, onchange });
  const stay = el("input", { type: "checkbox", id: `${prefix}-stay`, checked: s.stay_unless_below !== null, onchange });
  const life = el("input", {
    type: "number", id: `${prefix}-stay-life`, min: 1, max: 12, value: s.stay_unless_below || 5,
    "aria-label": "Life below which you are asked", onchange,
  });
  return [
    el("p", { class: "hint auto-note", text: "A decision with only one choice is always taken for you, and the log says so." }),
    el("label", { class: "check" }, skip, " Skip the Buy step when no card is affordable"),
    el("span", { class: "check" }, el("label", { for: `${prefix}-stay` }, stay, " Stay in Manhattan when hit, unless life is below"), " ", life),
  ];
}

function readAuto(prefix) {
  const stay = $(`${prefix}-stay`).checked;
  const life = Math.max(1, Math.min(12, Number($(`${prefix}-stay-life`).value) || 5));
  return { skip_buy: $(`${prefix}-skip-buy`).checked, stay_unless_below: stay ? life : null };
}

async function startGame(watch) {
  const rows = Array.from($("seats").querySelectorAll("li"));
  const players = rows.map((li) => li.querySelector(".kind").value)
    .map((kind) => (watch && kind === HUMAN ? "heuristic" : kind));
  const monsters = rows.map((li) => li.querySelector(".monster").value || null);
  const chosen = monsters.filter((m) => m !== null);
  if (new Set(chosen).size !== chosen.length) { showError("Two seats have the same monster: choose another."); return; }
  const body = { players, settings: readAuto("setup") };
  if (chosen.length) body.monsters = monsters;
  const seed = $("seed").value.trim();
  if (seed !== "") {
    // Up to 15 digits: JavaScript numbers are exact only below 2**53.
    if (!/^-?\d{1,15}$/.test(seed)) { showError("The seed is a whole number (up to 15 digits)."); return; }
    body.seed = Number(seed);
  }
  app.game = { id: null, version: 0, logNext: 0, data: null, lines: [], shownSeat: null, prev: null };
  app.paused = false;
  await run(async () => {
    const data = await api("POST", "/api/games", body);
    history.replaceState(null, "", `#${data.id}`);
    setMode("game");
    $("log").replaceChildren();
    $("auto-game").replaceChildren(); // this game's settings, drawn by show()
    show(data);
    window.scrollTo(0, 0); // the Start button is at the foot of a long form: show the question
  });
}

// -- talking to the server ------------------------------------------------------------------

async function run(task) {
  if (app.busy) return;
  app.busy = true;
  setButtons(false);
  try {
    showError("");
    await task();
    await botsPlay();
  } catch (error) {
    showError(error.message);
  } finally {
    app.busy = false;
    setButtons(true);
  }
}

async function botsPlay() {
  while (app.mode === "game" && app.game.data && !app.game.data.over && app.game.data.waiting
    && !app.game.data.waiting.human && !app.paused) {
    const wait = pace();
    const body = wait > 0 ? { moves: 1 } : {};
    const data = await api("POST", `/api/games/${app.game.id}/advance?since=${app.game.logNext}`, body);
    show(data);
    setButtons(false);
    if (wait > 0) await sleep(wait);
  }
}

function choose(index) {
  run(async () => {
    const path = `/api/games/${app.game.id}/act?since=${app.game.logNext}`;
    show(await api("POST", path, { index, version: app.game.version }));
  });
}

function undo() {
  run(async () => {
    const path = `/api/games/${app.game.id}/undo?since=${app.game.logNext}`;
    show(await api("POST", path, { version: app.game.version }));
  });
}

function changeSettings() {
  if (!app.game.id) return;
  run(async () => {
    const path = `/api/games/${app.game.id}/settings?since=${app.game.logNext}`;
    show(await api("POST", path, readAuto("game")));
  });
}

function setButtons(enabled) {
  for (const button of document.querySelectorAll("#actions button:not(.pause), #dice button, #undo-box button.undo, #hint-box button, #rp-review, #review-game")) {
    button.disabled = !enabled || button.dataset.off === "1";
  }
  document.body.classList.toggle("busy", !enabled);
}

// -- drawing ----------------------------------------------------------------------------------

function show(data) {
  const prev = app.game.data;
  app.game.data = data;
  app.game.id = data.id;
  app.game.version = data.version;
  app.marked = new Set();
  drawBoard(data, prev);
  drawPrompt(data);
  // While a person buys, the market stands beside the question (CSS: #play.buying).
  const waiting = data.waiting;
  $("play").classList.toggle("buying", !!(waiting && waiting.human && waiting.kind === "shop"));
  addLog(data.log, data.log_from, data.log_next);
  drawGameOver(data);
  const auto = $("auto-game");
  if (!auto.firstChild) auto.append(...autoFields("game", data.settings, changeSettings));
  maybeHandOver(data);
}

function drawBoard(data, prev) {
  drawCity(data, prev);
  drawMonsters(data, prev);
  drawMarket(data);
}

function humans(data) { return data.seats.filter((s) => s.player === HUMAN); }

function seatName(data, seat) {
  const s = data.seats[seat];
  if (s.player !== HUMAN) return s.name;
  return humans(data).length > 1 ? `${s.name} (person)` : `${s.name} (you)`;
}

function playedBy(data, seat) {
  const kind = data.seats[seat].player;
  if (kind === HUMAN) return humans(data).length > 1 ? "a person" : "you";
  if (kind === "bot") return "a player of the record";
  const bot = app.info && app.info.bots.find((b) => b.spec === kind);
  return bot ? `${bot.name} bot` : `${kind} bot`;
}

function token(data, seat, moved) {
  const m = data.board.monsters[seat];
  return el("span", {
    class: `token seat${seat}${m.deciding ? " deciding" : ""}${moved ? " arrive" : ""}`,
    title: `${seatName(data, seat)}: ${m.life} life, ${m.vp} VP, ${m.energy} energy`,
  }, m.deciding ? el("span", { class: "mark", "aria-hidden": "true", text: "▶ " }) : null,
  data.seats[seat].name, m.deciding ? el("span", { class: "sr-only", text: " (deciding)" }) : null);
}

function unitName(data, unit) { return data.board.unit_names[unit] || unit; }

function tiles(data, borough) {
  const box = el("div", { class: "stacks" });
  for (const stack of borough.stacks) {
    if (stack.top === null) {
      box.append(el("span", { class: "tile empty", text: stack.hidden ? `${stack.hidden} face down` : "empty" }));
    } else {
      const under = stack.hidden ? `${stack.hidden} face-down tile${stack.hidden > 1 ? "s" : ""} below` : "nothing below";
      const takes = `${stack.durability} Destruction to destroy`;
      box.append(el("span", { class: `tile ${stack.kind}`, title: `${stack.label}: ${takes}; ${under}` },
        stack.label, el("small", { class: "dur", text: ` · ✹${stack.durability}` }),
        stack.hidden ? el("small", { class: "under", text: ` · ${stack.hidden} below` }) : null));
    }
  }
  const units = el("div", { class: "units" });
  const counted = (list) => list.reduce((acc, u) => acc.set(u, (acc.get(u) || 0) + 1), new Map());
  for (const [unit, count] of counted(borough.units)) {
    const name = unitName(data, unit);
    units.append(el("span", { class: `unit ${unit}`, text: count > 1 ? `${count} ${name}` : name }));
  }
  for (const [unit, count] of counted(borough.fresh_units)) {
    units.append(el("span", {
      class: `unit ${unit} fresh`, title: "arrived this turn: cannot be destroyed until it ends",
      text: count > 1 ? `${count} ${unitName(data, unit)} (new)` : `${unitName(data, unit)} (new)`,
    }));
  }
  for (const marker of borough.markers) units.append(el("span", { class: "marker", text: marker }));
  return [box, units];
}

function movedSeats(data, prev) {
  const moved = new Set();
  if (!prev || prev.id !== data.id) return moved;
  data.board.monsters.forEach((m, seat) => {
    const old = prev.board.monsters[seat];
    const was = old && old.location ? old.location.borough : null;
    const now = m.location ? m.location.borough : null;
    if (was !== now || (old && old.where !== m.where)) moved.add(seat);
  });
  return moved;
}

function drawCity(data, prev) {
  const city = $("city");
  const moved = movedSeats(data, prev);
  city.replaceChildren(el("h2", { class: "sr-only", text: "The city" }));
  for (const borough of data.board.boroughs) {
    const box = el("div", { class: `borough ${borough.id}`, "data-borough": borough.id },
      el("h3", { text: borough.label }));
    if (borough.id === "manhattan") {
      const zones = el("div", { class: "zones" });
      for (const zone of ["upper", "midtown", "lower"]) {
        const here = data.board.monsters.filter((m) => m.location && m.location.zone === zone);
        zones.append(el("div", { class: `zone ${zone}` },
          el("span", { class: "zone-name", text: `${zone[0].toUpperCase()}${zone.slice(1)}` }),
          ...here.map((m) => token(data, m.seat, moved.has(m.seat)))));
      }
      box.append(zones);
    } else {
      box.append(el("div", { class: "here" }, ...borough.monsters.map((seat) => token(data, seat, moved.has(seat)))));
    }
    box.append(...tiles(data, borough));
    city.append(box);
  }
}

let tipCount = 0;
function cardChip(card) {
  const id = `tip-${++tipCount}`;
  return el("li", { class: "chip" },
    el("button", { type: "button", class: "card-name", "aria-describedby": id }, card.name),
    el("span", { role: "tooltip", id, class: "tip" },
      el("b", { text: `${card.name}` }), ` (${card.kind === "keep" ? "Keep" : "Discard"}, ${card.cost} energy): `, card.text));
}

function turnBadge(data, seat) {
  // Whose turn, as the one who reads it: yours, a person's at this screen, or a bot's.
  if (data.seats[seat].player !== HUMAN) return "their turn";
  return humans(data).length > 1 ? `${data.seats[seat].name}'s turn (a person here)` : "your turn";
}

function drawMonsters(data, prev) {
  const box = $("monsters");
  box.replaceChildren(el("h2", { class: "sr-only", text: "Monsters" }));
  const moved = movedSeats(data, prev);
  const sameGame = prev && prev.id === data.id;
  for (const m of data.board.monsters) {
    const badges = [];
    if (m.turn) badges.push(turnBadge(data, m.seat));
    if (m.superstar) badges.push("Superstar");
    if (m.statue) badges.push("Statue of Liberty");
    for (const [kind, count] of Object.entries(m.tokens)) badges.push(`${count} ${kind}`);
    for (const unit of m.trophies) badges.push(`${unitName(data, unit)} trophy`);
    const old = sameGame ? prev.board.monsters[m.seat] : null;
    const change = [];
    if (old && m.life < old.life) change.push(el("span", { class: "pop hurt-pop", text: `−${old.life - m.life} ♥` }));
    if (old && m.life > old.life) change.push(el("span", { class: "pop heal-pop", text: `+${m.life - old.life} ♥` }));
    if (old && m.vp > old.vp) change.push(el("span", { class: "pop vp-pop", text: `+${m.vp - old.vp} ★` }));
    if (moved.has(m.seat) && old && old.location) {
      const into = m.location && m.location.borough === "manhattan" && old.location.borough !== "manhattan";
      const out = old.location.borough === "manhattan" && !(m.location && m.location.borough === "manhattan");
      if (into) change.push(el("span", { class: "pop move-pop", text: "➜ into Manhattan" }));
      if (out) change.push(el("span", { class: "pop move-pop", text: "⬅ out of Manhattan" }));
    }
    const life = el("span", { class: "bar", "aria-hidden": "true" }, el("span", { class: "fill" }));
    life.firstChild.style.width = `${10 * Math.max(0, Math.min(10, m.life))}%`;
    const hurt = old && m.life < old.life;
    box.append(el("article", {
      class: `monster seat${m.seat}${m.deciding ? " deciding" : ""}${m.eliminated ? " out" : ""}${hurt ? " hurt" : ""}`,
      "data-seat": m.seat, "aria-label": `${seatName(data, m.seat)}${m.deciding ? ", deciding" : ""}`,
    },
    el("div", { class: "who" }, el("b", {}, m.deciding ? el("span", { "aria-hidden": "true", text: "▶ " }) : null, seatName(data, m.seat)),
      el("span", { class: "where", text: m.eliminated ? "☠ eliminated" : m.where })),
    el("div", { class: "stats" },
      el("span", { class: "life", text: `♥ ${m.life} life` }), life,
      el("span", { class: "vp", text: `★ ${m.vp} VP` }),
      el("span", { class: "energy", text: `⚡ ${m.energy}` })),
    change.length ? el("div", { class: "changes", "aria-hidden": "true" }, ...change) : null,
    badges.length ? el("div", { class: "badges", text: badges.join(" · ") }) : null,
    m.cards.length ? el("ul", { class: "cards", "aria-label": "Cards" }, ...m.cards.map(cardChip)) : null));
  }
}

function drawMarket(data) {
  const box = $("market");
  box.replaceChildren();
  const viewer = data.board.price_for;
  $("deck").textContent = `deck ${data.board.deck}, discard ${data.board.discard}`;
  data.board.market.forEach((card, slot) => {
    if (card === null) { box.append(el("div", { class: "card empty", text: `${slot + 1}. (empty)` })); return; }
    const price = card.price !== undefined && card.price !== card.cost
      ? `${card.price} (printed ${card.cost})` : `${card.cost}`;
    const buyer = viewer === null ? null : data.board.monsters[viewer];
    const dear = buyer !== null && card.price !== undefined && card.price > buyer.energy;
    box.append(el("div", {
      class: `card${dear ? " dear" : ""}`, "data-slot": slot + 1,
      title: dear ? `${data.seats[viewer].name} has only ${buyer.energy} energy` : null,
    },
    el("div", { class: "card-head" },
      el("b", {}, el("span", { class: "slot", text: `${card.slot}. ` }), card.name),
      el("span", { class: "price", title: viewer === null ? null : `price for ${data.seats[viewer].name}`, text: `⚡ ${price}` })),
    el("div", { class: "kind", text: card.kind === "keep" ? "Keep" : "Discard" }),
    el("p", { text: card.text })));
  });
}

function markedDice() {
  const faces = app.game.data.board.dice.faces;
  const symbols = Array.from(app.marked).map((i) => faces[i].symbol);
  return FACE_ORDER.split("").map((f) => symbols.filter((m) => m === f).join("")).join("");
}

function resolvedFlags(dice, kind) {
  // Which dice are resolved: those the unresolved multiset no longer holds.
  if (kind === "reroll" || !dice.faces.length) return dice.faces.map(() => false);
  const left = new Map();
  const unresolved = dice.unresolved === "-" ? "" : dice.unresolved;
  for (const s of unresolved) left.set(s, (left.get(s) || 0) + 1);
  return dice.faces.map((face) => {
    const n = left.get(face.symbol) || 0;
    if (n > 0) { left.set(face.symbol, n - 1); return false; }
    return true;
  });
}

function drawDice(data, rerolling, prev, target) {
  const box = $(target || "dice");
  box.replaceChildren();
  const kind = data.waiting ? data.waiting.kind : null;
  const dice = data.board.dice;
  const rolled = !prev || prev.id !== data.id || prev.board.dice.showing !== dice.showing
    || prev.board.dice.rerolls_left !== dice.rerolls_left;
  // The symbols cards added to the result (Painbow's Attack) are drawn after the dice, each
  // marked with its card.
  const faces = dice.faces.concat((dice.added || []).map((a) => ({ ...a, added: true })));
  const done = resolvedFlags({ ...dice, faces }, kind);
  if (dice.faces.length) {
    const owner = data.turn.seat;
    const whose = data.seats[owner].player === HUMAN && rerolling ? "Your dice" : `${data.seats[owner].name}'s dice`;
    const count = done.filter(Boolean).length;
    box.append(el("small", { class: "whose", text: count ? `${whose} (${count} resolved)` : whose }));
  }
  faces.forEach((face, i) => {
    const resolved = done[i];
    const cls = `die ${face.face}${face.added ? " added" : ""}${resolved ? " resolved" : ""}${rolled && !resolved && !face.added ? " rolling" : ""}`;
    const what = face.added ? `${face.name}, added by ${face.card}` : face.name;
    const name = resolved ? `${what}, resolved` : what;
    const label = [el("b", { "aria-hidden": "true", text: face.symbol }), el("small", { "aria-hidden": rerolling ? null : "true", text: face.name }),
      resolved ? el("span", { class: "done", "aria-hidden": "true", text: "✓" }) : null,
      face.added ? el("span", { class: "tag added-tag", "aria-hidden": "true", text: `+ ${face.card}` }) : null];
    if (rerolling && !face.added) {
      const marked = app.marked.has(i);
      box.append(el("button", {
        type: "button", class: `${cls} toggle${marked ? " marked" : ""}`, "data-index": i,
        "aria-pressed": marked ? "true" : "false", title: "Press to mark this die for rerolling",
        onclick: () => toggleDie(i),
      }, ...label, marked ? el("span", { class: "tag", "aria-hidden": "true", text: "reroll" }) : null));
    } else {
      box.append(el("span", { class: cls, role: "img", "aria-label": name, "data-index": i }, ...label));
    }
  });
}

function toggleDie(index) {
  if (app.marked.has(index)) app.marked.delete(index); else app.marked.add(index);
  const marked = app.marked;
  drawPrompt(app.game.data, true);
  app.marked = marked;
  const button = document.querySelector(`#dice button[data-index="${index}"]`);
  if (button) button.focus();
  setButtons(!app.busy);
}

function actionButton(entry, extraClass) {
  // A buy names the market slot as the market here shows it (from 1), not the
  // notation's ("buy 0" is slot 1).
  const title = entry.kind === "buy" && entry.slot ? `card ${entry.slot} of the market` : entry.action;
  // A move that costs Energy (New York Marathon in the market) says so on its button.
  const cost = entry.energy ? el("span", { class: "cost", text: ` (costs ${entry.energy} Energy)` }) : null;
  return el("button", {
    type: "button", class: `action ${extraClass || ""}`.trim(), "data-index": entry.index,
    "data-kind": entry.kind, "data-slot": entry.slot, "data-energy": entry.energy, title,
    onclick: () => choose(entry.index),
  }, entry.label, cost);
}

function drawPrompt(data, keepMarks) {
  const box = $("actions");
  box.replaceChildren();
  if (!keepMarks) app.marked = new Set();
  const waiting = data.waiting;
  const rerolling = !!(waiting && waiting.human && waiting.kind === "reroll");
  drawDice(data, rerolling, keepMarks ? data : app.game.prev);
  app.game.prev = data;
  drawUndo(data);
  drawHint(data);
  drawYou(data);
  if (data.over) {
    const winners = data.winners && data.winners.length
      ? data.winners.map((s) => seatName(data, s)).join(" and ") : "nobody";
    $("question").textContent = `Game over: ${winners} ${data.winners && data.winners.length > 1 ? "win" : "wins"}.`;
    return;
  }
  if (!waiting) { $("question").textContent = ""; return; }
  const people = humans(data);
  const out = people.length && people.every((s) => data.board.monsters[s.seat].eliminated);
  const note = out ? " (the people are out: the bots finish the game)" : " (a bot is playing…)";
  $("question").textContent = waiting.human ? waiting.question : `${waiting.question}${note}`;
  if (!waiting.human) {
    if (!people.length || out) {
      box.append(el("button", {
        type: "button", class: "action pause", onclick: togglePause,
      }, app.paused ? "▶ Resume" : "Pause"));
    }
    return;
  }
  const rerolls = data.legal.filter((a) => a.kind === "reroll");
  const others = data.legal.filter((a) => a.kind !== "reroll");
  if (rerolling && rerolls.length) {
    const want = markedDice();
    const match = rerolls.find((a) => a.dice === want);
    const hint = want ? (match ? "" : "those dice cannot be rerolled together")
      : "Press the dice to reroll, then the Reroll button.";
    box.append(el("button", {
      type: "button", class: "action primary reroll-marked", "data-index": match ? match.index : null,
      "data-kind": "reroll", "data-off": match ? "0" : "1", disabled: !match,
      onclick: () => match && choose(match.index),
    }, match ? match.label : "Reroll the dice marked"), el("p", { class: "hint", text: hint }));
  }
  for (const entry of others) box.append(actionButton(entry));
  const priced = others.find((a) => a.energy);
  if (priced) {
    const marathon = data.board.market.find((c) => c && c.id === "base:new-york-marathon");
    const why = marathon ? ` while ${marathon.name} is face up in the market` : "";
    const have = data.board.monsters[waiting.seat].energy;
    box.append(el("p", { class: "hint move-cost", text: `Moving costs ${priced.energy} Energy${why}; you have ⚡ ${have}.` }));
  }
  if (rerolls.length) {
    const list = el("details", { class: "all-rerolls" },
      el("summary", { text: `All ${rerolls.length} ways to reroll` }));
    for (const entry of rerolls) list.append(actionButton(entry, "small"));
    box.append(list);
  }
  markSuggested(data);
}

function drawYou(data) {
  // What the person deciding needs beside the question on a phone, where the city is far
  // below: their monster, and the buildings and units of the borough it stands in.
  const box = $("you-box");
  box.replaceChildren();
  const waiting = data.waiting;
  box.hidden = !(app.mode === "game" && waiting && waiting.human && !data.over);
  if (box.hidden) return;
  const m = data.board.monsters[waiting.seat];
  box.append(el("b", { text: `${seatName(data, m.seat)}: ` }), `${m.life} life · ${m.vp} VP · ${m.energy} Energy, ${m.where}`);
  const borough = m.location && data.board.boroughs.find((b) => b.id === m.location.borough);
  if (!borough) return;
  const tops = borough.stacks.filter((st) => st.top !== null).map((st) => `${st.label} ✹${st.durability}`);
  const counted = new Map();
  for (const u of borough.units) counted.set(unitName(data, u), (counted.get(unitName(data, u)) || 0) + 1);
  for (const u of borough.fresh_units) counted.set(`${unitName(data, u)} (new)`, (counted.get(`${unitName(data, u)} (new)`) || 0) + 1);
  const units = Array.from(counted, ([name, n]) => (n > 1 ? `${n} ${name}` : name));
  box.append(el("br"), el("span", { class: "you-borough" },
    `${borough.label}: ${tops.join(" · ") || "no building standing"}; units: ${units.join(", ") || "none"}`));
}

// -- hints: what the strongest bot would do -----------------------------------------------------

function currentHint(data) {
  const hint = app.hint;
  return hint && hint.id === data.id && hint.version === data.version ? hint : null;
}

function drawHint(data) {
  const box = $("hint-box");
  box.replaceChildren();
  const waiting = data.waiting;
  if (app.mode !== "game" || data.over || !waiting || !waiting.human) return;
  const hint = currentHint(data);
  box.append(el("button", {
    type: "button", class: "action hint-button", onclick: askHint,
    title: app.info && app.info.hint ? `Ask ${app.info.hint.bot}` : null,
  }, el("span", { "aria-hidden": "true", text: "★ " }), "Hint"));
  if (hint) {
    const bot = hint.bot.charAt(0).toUpperCase() + hint.bot.slice(1);
    box.append(el("p", { id: "hint-text" }, `${bot} would choose: `, el("b", { text: hint.label })));
  }
}

function marksFor(dice, faces) {
  // The dice to mark so that the marked ones are the multiset `dice` ("AAD").
  const want = new Map();
  for (const f of dice) want.set(f, (want.get(f) || 0) + 1);
  const marks = new Set();
  faces.forEach((face, i) => {
    const n = want.get(face.symbol) || 0;
    if (n > 0) { marks.add(i); want.set(face.symbol, n - 1); }
  });
  return marks;
}

function markSuggested(data) {
  const hint = currentHint(data);
  if (!hint || !data.waiting || !data.waiting.human) return;
  const button = document.querySelector(`#actions button.action[data-index="${hint.index}"]`);
  if (!button) return;
  button.classList.add("suggested");
  button.setAttribute("aria-describedby", "hint-text");
  button.append(el("span", { class: "hint-tag", text: " ★ hint" }));
  const list = button.closest("details");
  if (list && !button.classList.contains("reroll-marked")) list.open = true;
}

function askHint() {
  run(async () => {
    const data = app.game.data;
    const hint = await api("POST", `/api/games/${data.id}/hint`, { version: data.version });
    app.hint = hint;
    if (hint.kind === "reroll" && hint.dice) app.marked = marksFor(hint.dice, data.board.dice.faces);
    const marked = app.marked;
    drawPrompt(data, true);
    app.marked = marked;
    const text = $("hint-text");
    if (text) { text.setAttribute("tabindex", "-1"); text.focus(); }
  });
}

function togglePause() {
  app.paused = !app.paused;
  drawPrompt(app.game.data, true);
  if (!app.paused) run(async () => {});
  // A bot's move may still be on its way: the loop that asked for it stops after showing it,
  // and frees the page then (not before, or the move would land after the pause).
  else if (!app.busy) setButtons(true);
}

function drawUndo(data) {
  const box = $("undo-box");
  box.replaceChildren();
  const waiting = data.waiting;
  if (!data.undo || !waiting || !waiting.human || data.undo.seat !== waiting.seat) return;
  const refused = data.undo.refused;
  box.append(el("button", {
    type: "button", class: "action undo", "data-off": refused ? "1" : "0", disabled: !!refused,
    "aria-describedby": refused ? "undo-why" : null, onclick: undo,
  }, "↶ Undo my last choice"));
  if (refused) box.append(el("p", { class: "hint", id: "undo-why", text: `No undo: ${refused}.` }));
}

function maybeHandOver(data) {
  const waiting = data.waiting;
  if (app.mode !== "game" || !waiting || !waiting.human || humans(data).length < 2) return;
  if (app.game.shownSeat === waiting.seat) return;
  const name = data.seats[waiting.seat].name;
  $("handover-title").textContent = `Pass the screen to ${name}`;
  $("handover-text").textContent = `${name} decides next. ${waiting.question}`;
  $("handover-note").textContent = "";
  $("handover-go").textContent = `I am ${name}: show my turn`;
  // A real modal: the page behind is hidden (not only dimmed) and inert, so that neither the
  // eyes nor the keyboard reach the board until the next person says they are there.
  setHandOver(true);
  $("handover-go").onclick = () => {
    app.game.shownSeat = waiting.seat;
    setHandOver(false);
    const first = document.querySelector("#actions button:enabled, #dice button");
    if (first) first.focus();
  };
  $("handover-go").focus();
}

function setHandOver(open) {
  $("handover").hidden = !open;
  document.body.classList.toggle("handing-over", open);
  // The error line stays live and shows above the screen: a failure while it is up is seen
  // and announced (it holds no control to reach).
  for (const id of ["top", "main"]) $(id).inert = open;
}

// The Speed settings (a <details> drop-down over the page) close as a menu does: on Escape,
// the focus going back to their button, and on a click anywhere else.
function closeSpeedMenu(event) {
  const prefs = document.querySelector(".prefs");
  if (!prefs || !prefs.open) return;
  if (event.type === "keydown" && event.key === "Escape") {
    prefs.open = false;
    prefs.querySelector("summary").focus();
  } else if (event.type === "click" && !prefs.contains(event.target)) {
    prefs.open = false;
  }
}
document.addEventListener("keydown", closeSpeedMenu);
document.addEventListener("click", closeSpeedMenu);

function handOverKeys(event) {
  // Focus stays on the hand-over screen's one button (Tab and Shift+Tab come back to it);
  // Escape does not reveal the turn: only the button does, and the screen says so.
  if ($("handover").hidden) return;
  if (event.key === "Tab") {
    event.preventDefault();
    $("handover-go").focus();
  } else if (event.key === "Escape") {
    event.preventDefault();
    const data = app.game.data;
    const name = data && data.waiting ? data.seats[data.waiting.seat].name : "the next player";
    $("handover-note").textContent = `The turn stays hidden until ${name} presses the button.`;
    $("handover-go").focus();
  }
}

function drawGameOver(data) {
  const box = $("gameover");
  const result = data.result;
  box.hidden = !result;
  $("replay-this").hidden = !(result && app.game.id);
  if (!result) return;
  fillStandings(data, result);
  if (data.seed !== null && data.seed !== undefined) {
    $("gameover-how").append(el("br"), `Seed ${data.seed}: start a game with this seed, the same players and monsters to replay the deal.`);
  }
  $("download").href = `/api/games/${data.id}/record`;
  $("download").hidden = false;
  $("replay-game").hidden = false;
  $("review-game").hidden = false;
  $("again").hidden = false;
}

function fillStandings(data, result) {
  $("gameover-how").textContent = `${result.how} (${result.turns} turns)`;
  const body = $("standings").querySelector("tbody");
  body.replaceChildren();
  for (const row of result.standings) {
    const status = row.winner ? "♛ winner" : row.eliminated ? "☠ eliminated" : "";
    body.append(el("tr", { class: row.winner ? "winner" : null },
      el("td", { text: `${row.place}` }),
      el("td", {}, el("b", { text: row.name }), status ? ` ${status}` : ""),
      el("td", { text: playedBy(data, row.seat) }),
      el("td", { text: `${row.vp}` }), el("td", { text: `${row.life}` }),
      el("td", { text: `${row.energy}` }), el("td", { text: `${row.cards}` })));
  }
}

// -- the log ----------------------------------------------------------------------------------

const ICONS = [
  [/eliminated|is out/, "☠"], [/wins|Game over/, "♛"], [/loses \d+ life/, "✹"],
  [/gains \d+ life|heals/, "♥"], [/destroys|High-Rise|Hospital|Power Plant/, "⌂"],
  [/could not (move|flee)/, "➜"], [/buys|sweeps|market/, "▤"], [/(gains|earns|pays|loses|spends) \d+ energy/i, "⚡"], [/VP/, "★"], [/energy/i, "⚡"],
  [/Manhattan|moves|enters|flees|starts in|stays/, "➜"],
  [/rolls|rerolls|keeps|dice|resolves/, "⚄"], [/Jet|Tank|Infantry/, "✈"],
];

function iconFor(line) {
  for (const [pattern, icon] of ICONS) if (pattern.test(line)) return icon;
  return "•";
}

function logLine(line) {
  const depth = Math.min(4, Math.floor((line.length - line.trimStart().length) / 2));
  return el("li", { class: `line depth${depth}` },
    el("span", { class: "icon", "aria-hidden": "true", text: iconFor(line) }), line.trim());
}

function turnGroup(box, title, setup) {
  const lines = el("ol", { class: "lines" });
  box.append(el("section", { class: "turn-group" },
    el("p", { class: `turn-head${setup ? " setup" : ""}` },
      el("span", { class: "icon", "aria-hidden": "true", text: "⚄" }), title), lines));
  return lines;
}

function appendLines(box, lines) {
  // Turn headers ("== Turn 3: Kong ... ==") open a group; the lines before the first turn
  // go under "Setting up".
  let group = box.lastElementChild ? box.lastElementChild.querySelector("ol") : null;
  for (const line of lines) {
    if (line.startsWith("==")) group = turnGroup(box, line.replace(/^=+\s*|\s*=+$/g, ""), false);
    else {
      if (!group) group = turnGroup(box, "Setting up", true);
      group.append(logLine(line));
    }
  }
  box.scrollTop = box.scrollHeight;
}

function renderLog(lines, box) {
  box.replaceChildren();
  appendLines(box, lines);
}

function addLog(lines, from, next) {
  const game = app.game;
  if (from === undefined) from = game.lines.length;
  const cut = from < game.lines.length;
  game.lines.length = Math.min(game.lines.length, from);
  game.lines.push(...lines);
  game.logNext = next;
  const box = $("log");
  if (cut) renderLog(game.lines, box);
  else appendLines(box, lines);
}

// -- replays ------------------------------------------------------------------------------------

async function openReplay(ask) {
  // ask() sends the request: only once run() has taken the page (a busy page ignores the click).
  await run(async () => {
    const summary = await ask();
    app.replay = { summary, frame: 0, data: null };
    setMode("replay");
    $("rp-range").max = String(summary.frames - 1);
    await showFrame(0);
    $("rp-next").focus();
  });
}

async function showFrame(index) {
  const r = app.replay;
  const i = Math.max(0, Math.min(r.summary.frames - 1, index));
  const frame = await api("GET", `/api/replays/${r.summary.id}/frames/${i}`);
  const prev = r.data;
  r.frame = i;
  const waiting = frame.kind ? { kind: frame.kind, seat: frame.deciding, human: false } : null;
  r.data = { ...frame, waiting, legal: [] };
  drawBoard(r.data, prev ? { ...prev, id: frame.id } : null);
  drawDice(r.data, false, prev, "replay-dice");
  renderLog(r.summary.log.slice(0, frame.log_end), $("log"));
  $("rp-range").value = String(i);
  $("rp-range").setAttribute("aria-valuetext", `decision ${i + 1} of ${frame.frames}, turn ${frame.turn.number}`);
  const chosen = frame.chosen ? ` → ${frame.chosen}` : "";
  $("replay-where").textContent = `Turn ${frame.turn.number} · position ${i + 1} of ${frame.frames}: ${frame.question}${chosen}`;
  $("rp-first").disabled = $("rp-back").disabled = $("rp-turn-back").disabled = i === 0;
  $("rp-last").disabled = $("rp-next").disabled = $("rp-turn-next").disabled = i === frame.frames - 1;
  const over = $("gameover");
  if (frame.result) { fillStandings(r.data, frame.result); over.hidden = false; } else over.hidden = true;
  for (const id of ["again", "replay-game", "review-game", "download"]) $(id).hidden = true;
  drawReplayNote(i);
  markReviewPosition(i);
}

function turnStep(direction) {
  const r = app.replay;
  const starts = r.summary.turn_starts;
  if (direction > 0) {
    const next = starts.find((s) => s > r.frame);
    return next === undefined ? r.summary.frames - 1 : next;
  }
  const before = starts.filter((s) => s < r.frame);
  return before.length ? before[before.length - 1] : 0;
}

function scrub(target) {
  if (!app.replay || app.busy) return;
  run(() => showFrame(target));
}

function replayKeys(event) {
  if (app.mode !== "replay" || !app.replay) return;
  const target = event.target;
  // The slider moves by one decision with the arrows, Home and End itself; Page Up and Page
  // Down jump a turn there too (a range input would move a tenth of the game).
  const slider = target && target.id === "rp-range";
  if (slider && !["PageUp", "PageDown"].includes(event.key)) return;
  if (!slider && target && ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
  const r = app.replay;
  const moves = {
    ArrowLeft: r.frame - 1, ArrowRight: r.frame + 1, Home: 0, End: r.summary.frames - 1,
    PageUp: turnStep(-1), PageDown: turnStep(1),
  };
  if (event.key in moves) { event.preventDefault(); scrub(moves[event.key]); }
}

async function readRecordFile() {
  const file = $("record-file").files[0];
  if (!file) return;
  if (file.size > app.info.max_record_bytes) { showError(`That file is larger than ${app.info.max_record_bytes} bytes.`); return; }
  const text = await file.text();
  openReplay(() => api("POST", "/api/replays", text));
}

// -- the review: win probabilities and the costliest decisions ---------------------------------

const SVG = "http://www.w3.org/2000/svg";
const MARKS = ["●", "■", "▲", "◆", "▼", "✚"]; // the same shapes as the chart's markers, in text

function svgEl(tag, props, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function markPath(seat, x, y, r) {
  // A marker shape per seat: circle, square, triangle, diamond, triangle down, cross.
  switch (seat % 6) {
    case 0: return `M${x - r},${y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
    case 1: return `M${x - r},${y - r}h${2 * r}v${2 * r}h${-2 * r}Z`;
    case 2: return `M${x},${y - r * 1.2}L${x + r * 1.1},${y + r * 0.9}H${x - r * 1.1}Z`;
    case 3: return `M${x},${y - r * 1.3}L${x + r * 1.3},${y}L${x},${y + r * 1.3}L${x - r * 1.3},${y}Z`;
    case 4: return `M${x},${y + r * 1.2}L${x + r * 1.1},${y - r * 0.9}H${x - r * 1.1}Z`;
    default: {
      const t = r * 0.45;
      return `M${x - t},${y - r}h${2 * t}v${r - t}h${r - t}v${2 * t}h${t - r}v${r - t}h${-2 * t}v${t - r}h${t - r}v${-2 * t}h${r - t}Z`;
    }
  }
}

function pct(value) { return `${Math.round(100 * value)}%`; }

function reviewTurns(review) {
  // Per turn, the index of its last point (as `kingofny review` prints its table).
  const last = new Map();
  let turn = 0;
  review.data.points.forEach((p, i) => { turn = Math.max(turn, p.turn); last.set(turn, i); });
  return Array.from(last.entries());
}

const CHART = { w: 640, h: 250, left: 44, right: 12, top: 12, bottom: 34 };
// The chart is drawn at the width it is shown (w units = w pixels), so that its labels keep
// their 12 px on a phone instead of shrinking with the picture.

function fitChart() {
  const shown = $("review-chart").clientWidth;
  CHART.w = Math.max(300, Math.round(shown || 640));
  CHART.h = Math.round(Math.max(200, Math.min(250, CHART.w * 0.45)));
}

function chartX(i, n) { return CHART.left + (n > 1 ? i / (n - 1) : 0) * (CHART.w - CHART.left - CHART.right); }
function chartY(v) { return CHART.top + (1 - v) * (CHART.h - CHART.top - CHART.bottom); }

function drawChart(answer) {
  fitChart();
  const review = answer.review.data;
  const points = review.points;
  const n = points.length;
  const names = review.monsters;
  const winners = review.winners || [];
  const leader = (i) => names[points[i].win.indexOf(Math.max(...points[i].win))];
  const ends = names.map((name, seat) => `${name} ${pct(points[n - 1].win[seat])}`).join(", ");
  const won = winners.length ? `${winners.map((s) => names[s]).join(" and ")} won.` : "Nobody won yet.";
  const desc = `${n} points, one after every decision. At the start ${leader(0)} led; at the end: ${ends}. ${won}`;
  const chart = svgEl("svg", {
    viewBox: `0 0 ${CHART.w} ${CHART.h}`, role: "img", "aria-labelledby": "chart-title chart-desc",
    preserveAspectRatio: "xMidYMid meet",
  },
  svgEl("title", { id: "chart-title", text: "Win probability of each monster after every decision" }),
  svgEl("desc", { id: "chart-desc", text: desc }));
  chart.append(svgEl("rect", {
    class: "chart-frame", x: CHART.left, y: CHART.top,
    width: CHART.w - CHART.left - CHART.right, height: CHART.h - CHART.top - CHART.bottom,
  }));
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    chart.append(svgEl("line", { class: "chart-grid", x1: CHART.left, x2: CHART.w - CHART.right, y1: chartY(v), y2: chartY(v) }));
    chart.append(svgEl("text", { class: "chart-axis", x: CHART.left - 5, y: chartY(v) + 4, "text-anchor": "end", text: `${100 * v}%` }));
  }
  const turns = reviewTurns(answer.review);
  let lastLabel = -Infinity;
  const room = 34; // the fewest units between two turn labels
  const firsts = new Map();
  points.forEach((p, i) => { if (!firsts.has(p.turn)) firsts.set(p.turn, i); });
  for (const [turn, i] of firsts) {
    const x = chartX(i, n);
    if (x - lastLabel < room) continue;
    lastLabel = x;
    chart.append(svgEl("text", { class: "chart-axis", x, y: CHART.h - CHART.bottom + 16, "text-anchor": "middle", text: `${turn}` }));
  }
  chart.append(svgEl("text", { class: "chart-axis", x: CHART.left + (CHART.w - CHART.left - CHART.right) / 2, y: CHART.h - 3, "text-anchor": "middle", text: "turn" }));
  // The costly decisions, as small ticks under the curves.
  for (const seat of review.seats) {
    for (const d of seat.costliest) {
      const at = points.findIndex((p) => p.event === d.event);
      if (at > 0) chart.append(svgEl("path", { class: "chart-costly", d: `M${chartX(at - 1, n)},${CHART.h - CHART.bottom}l-3,5h6Z` }));
    }
  }
  names.forEach((name, seat) => {
    const d = points.map((p, i) => `${i ? "L" : "M"}${chartX(i, n).toFixed(1)},${chartY(p.win[seat]).toFixed(1)}`).join("");
    chart.append(svgEl("path", { class: `curve seat${seat}`, d, "data-seat": seat }));
  });
  names.forEach((name, seat) => {
    const group = svgEl("g", { "data-seat": seat });
    for (const [, i] of turns) {
      group.append(svgEl("path", { class: `chart-mark seat${seat}`, d: markPath(seat, chartX(i, n), chartY(points[i].win[seat]), 3.2) }));
    }
    chart.append(group);
  });
  chart.append(svgEl("line", { id: "chart-cursor", class: "chart-cursor", y1: CHART.top, y2: CHART.h - CHART.bottom, x1: -10, x2: -10 }));
  chart.addEventListener("click", (event) => {
    // A click on the chart jumps the replay to the nearest decision (the keyboard has the
    // table and the list of decisions).
    const box = chart.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * CHART.w;
    const i = Math.round(((x - CHART.left) / (CHART.w - CHART.left - CHART.right)) * (n - 1));
    scrub(answer.point_frames[Math.max(0, Math.min(n - 1, i))]);
  });
  $("review-chart").replaceChildren(chart);
  const legend = $("review-legend");
  legend.replaceChildren();
  names.forEach((name, seat) => {
    const swatch = svgEl("svg", { class: `swatch seat${seat}`, width: 34, height: 14, viewBox: "0 0 34 14", "aria-hidden": "true" },
      svgEl("line", { x1: 1, x2: 33, y1: 7, y2: 7 }), svgEl("path", { d: markPath(seat, 17, 7, 4) }));
    const end = winners.includes(seat) ? "won" : `${pct(points[n - 1].win[seat])} at the end`;
    legend.append(el("li", { class: `seat${seat}` }, swatch, el("span", { text: `${MARKS[seat % 6]} ${name} (${end})` })));
  });
}

function drawReviewTable(answer) {
  const review = answer.review.data;
  const head = $("review-table").querySelector("thead");
  const body = $("review-table").querySelector("tbody");
  head.replaceChildren(el("tr", {}, el("th", { scope: "col", text: "Turn" }),
    ...review.monsters.map((name, seat) => el("th", { scope: "col", text: `${MARKS[seat % 6]} ${name}` }))));
  body.replaceChildren();
  for (const [turn, i] of reviewTurns(answer.review)) {
    const win = review.points[i].win;
    body.append(el("tr", {}, el("th", { scope: "row", text: turn === 0 ? "0 (setup)" : `${turn}` }),
      ...win.map((w) => el("td", { text: `${Math.round(100 * w)}` }))));
  }
}

function drawCostly(answer) {
  const review = answer.review.data;
  const box = $("review-costly");
  box.replaceChildren();
  for (const seat of review.seats) {
    const section = el("section", { class: "costly-seat" },
      el("h4", { text: `${MARKS[seat.seat % 6]} ${seat.monster}: ${seat.assessed} decisions assessed, ${(100 * seat.mean_loss).toFixed(1)} points given away per decision` }));
    const list = el("ol", { class: "costly-list" });
    if (!seat.costliest.length) list.append(el("li", { text: "No decision was found worse than another choice." }));
    for (const d of seat.costliest) {
      const frame = answer.costly_frames[String(d.event)];
      list.append(el("li", {},
        el("button", {
          type: "button", class: `costly seat${d.seat}`, "data-frame": frame, "data-event": d.event,
          onclick: () => { scrub(frame); $("replay-bar").scrollIntoView({ block: "nearest" }); },
        },
        el("span", { class: "loss", text: `Turn ${d.turn} · −${(100 * d.loss).toFixed(1)} points` }),
        el("span", { class: "asked", text: pageWords(answer, d).asked }),
        el("span", { text: `Chose: ${pageWords(answer, d).chosen} (${pct(d.chosen.value)})` }),
        el("span", { text: `Better: ${pageWords(answer, d).best} (${pct(d.best.value)})` }))));
    }
    section.append(list);
    box.append(section);
  }
}

function pageWords(answer, d) {
  // A costly decision in the game page's words (the server's "words"), else the review's.
  const words = (answer.words && answer.words[String(d.event)]) || { actions: {} };
  const say = (v) => words.actions[v.action] || v.words;
  return { asked: words.asked || d.asked, chosen: say(d.chosen), best: say(d.best) };
}

function drawReview() {
  const answer = app.review;
  $("review-body").hidden = false; // shown first: the chart is drawn at the width it has
  drawChart(answer);
  drawReviewTable(answer);
  drawCostly(answer);
  const data = answer.review.data;
  const s = data.settings;
  const skipped = data.skipped ? ` ${data.skipped} decisions at the end were not assessed (the server's budget ran out).` : "";
  $("review-how").textContent = `How: the search bots' evaluation after every decision; each choice valued by ${s.samples} rollouts of the heuristic bot to the end of the decider's turn, dice choices by an exact dice search (as kingofny review does).${skipped}`;
  $("review-status").textContent = `Reviewed in ${answer.seconds.toFixed(1)} s.`;
  if (app.replay) { drawReplayNote(app.replay.frame); markReviewPosition(app.replay.frame); }
}

function costlyAt(frame) {
  if (!app.review || !app.replay || app.review.replay !== app.replay.summary.id) return [];
  const found = [];
  for (const seat of app.review.review.data.seats) {
    for (const d of seat.costliest) if (app.review.costly_frames[String(d.event)] === frame) found.push(d);
  }
  return found;
}

function drawReplayNote(frame) {
  const note = $("replay-note");
  const found = costlyAt(frame);
  note.hidden = !found.length;
  note.textContent = found.map((d) => `Review: ${d.monster}'s choice here gave away ${(100 * d.loss).toFixed(1)} points of win probability; better: ${pageWords(app.review, d).best} (${pct(d.best.value)} against ${pct(d.chosen.value)}).`).join(" ");
}

function markReviewPosition(frame) {
  const answer = app.review;
  if (!answer || !app.replay || answer.replay !== app.replay.summary.id) return;
  for (const button of document.querySelectorAll("#review-costly .costly")) {
    const here = Number(button.dataset.frame) === frame;
    button.classList.toggle("here", here);
    if (here) button.setAttribute("aria-current", "step"); else button.removeAttribute("aria-current");
  }
  const cursor = $("chart-cursor");
  if (!cursor) return;
  const at = answer.point_frames.indexOf(frame);
  const x = at < 0 ? -10 : chartX(at, answer.point_frames.length);
  cursor.setAttribute("x1", x);
  cursor.setAttribute("x2", x);
}

async function openReview() {
  const r = app.replay;
  if (!r) return;
  const box = $("review");
  box.hidden = false;
  if (app.review && app.review.replay === r.summary.id) {
    drawReview();
    $("review-title").focus();
    return;
  }
  app.review = null;
  $("review-body").hidden = true;
  $("review-status").textContent = "Reviewing the game: every decision is weighed by the strongest bot's evaluation. This takes a few seconds…";
  box.setAttribute("aria-busy", "true");
  $("review-title").focus();
  await run(async () => {
    try {
      app.review = await api("POST", `/api/replays/${r.summary.id}/review`, {});
    } catch (error) {
      $("review-status").textContent = `No review: ${error.message}`;
      throw error;
    } finally {
      box.removeAttribute("aria-busy");
    }
    drawReview();
  });
}

async function reviewGame() {
  await openReplay(() => api("POST", "/api/replays", { game: app.game.id }));
  if (app.mode === "replay") await openReview();
}

// -- start --------------------------------------------------------------------------------

async function resume() {
  const id = location.hash.slice(1);
  if (!/^[0-9a-f]{16}$/.test(id)) return;
  try {
    const data = await api("GET", `/api/games/${id}?since=0`);
    setMode("game");
    app.game.shownSeat = null;
    show(data);
    await run(async () => {});
  } catch (error) {
    history.replaceState(null, "", location.pathname + location.search);
    setMode("setup");
  }
}

document.addEventListener("DOMContentLoaded", async () => {
  setAnim();
  $("anim").addEventListener("change", setAnim);
  try {
    app.info = await api("GET", "/api");
  } catch (error) {
    showError(`The server did not answer: ${error.message}`);
    return;
  }
  $("auto-setup").append(...autoFields("setup", null, () => {}));
  drawSeats();
  $("seat-count").addEventListener("change", drawSeats);
  $("new-game").addEventListener("submit", (e) => { e.preventDefault(); startGame(false); });
  $("watch").addEventListener("click", () => startGame(true));
  $("nav-new").addEventListener("click", () => { showError(""); setMode("setup"); history.replaceState(null, "", location.pathname + location.search); $("setup-title").focus(); });
  $("nav-replay").addEventListener("click", () => { showError(""); setMode("replay-open"); $("replay-title").focus(); });
  $("again").addEventListener("click", () => { setMode("setup"); $("setup-title").focus(); });
  $("replay-game").addEventListener("click", () => openReplay(() => api("POST", "/api/replays", { game: app.game.id })));
  $("replay-current").addEventListener("click", () => openReplay(() => api("POST", "/api/replays", { game: app.game.id })));
  $("record-file").addEventListener("change", readRecordFile);
  $("review-game").addEventListener("click", reviewGame);
  $("rp-review").addEventListener("click", openReview);
  $("rp-first").addEventListener("click", () => scrub(0));
  $("rp-back").addEventListener("click", () => scrub(app.replay.frame - 1));
  $("rp-next").addEventListener("click", () => scrub(app.replay.frame + 1));
  $("rp-turn-back").addEventListener("click", () => scrub(turnStep(-1)));
  $("rp-turn-next").addEventListener("click", () => scrub(turnStep(1)));
  $("rp-last").addEventListener("click", () => scrub(app.replay.summary.frames - 1));
  $("rp-range").addEventListener("change", () => scrub(Number($("rp-range").value)));
  document.addEventListener("keydown", replayKeys);
  document.addEventListener("keydown", handOverKeys);
  let resizing = 0;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => {
      if (!app.review || $("review").hidden || $("review-body").hidden) return;
      drawChart(app.review);
      if (app.replay) markReviewPosition(app.replay.frame);
    }, 150);
  });
  for (const id of ["setup-title", "replay-title"]) $(id).setAttribute("tabindex", "-1");
  document.body.dataset.ready = "1";
  await resume();
});
