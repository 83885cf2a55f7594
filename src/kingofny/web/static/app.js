// The page of `kingofny serve`: draws the game the JSON API sends and posts the player's
// choices. No framework, no build step; text goes in with textContent only.
"use strict";

const KINDS = ["human", "heuristic", "random"];
const KIND_LABELS = { human: "you", heuristic: "heuristic bot", random: "random bot" };
const FACE_ORDER = "EHACDO";
const LOG_LINES = 300;

const game = {
  id: null, version: 0, logNext: 0, busy: false, marked: [], markedIdx: new Set(), data: null,
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
    if (child === null || child === undefined) continue;
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
    options.body = JSON.stringify(body);
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

// -- the new-game form ----------------------------------------------------------------------

function drawSeatKinds() {
  const box = $("seat-kinds");
  const count = Number($("seat-count").value);
  const old = Array.from(box.querySelectorAll("select")).map((s) => s.value);
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const choice = old[seat] || (seat === 0 ? "human" : "heuristic");
    const select = el("select", { "aria-label": `Seat ${seat + 1}`, "data-seat": seat });
    for (const kind of KINDS) {
      select.append(el("option", { value: kind, selected: kind === choice, text: KIND_LABELS[kind] }));
    }
    box.append(select);
  }
}

async function startGame(event) {
  event.preventDefault();
  const players = Array.from($("seat-kinds").querySelectorAll("select")).map((s) => s.value);
  const body = { players };
  const seed = $("seed").value.trim();
  if (seed !== "") body.seed = Number(seed);
  await run(async () => {
    game.logNext = 0;
    $("log").replaceChildren();
    const data = await api("POST", "/api/games", body);
    history.replaceState(null, "", `#${data.id}`);
    show(data);
  });
}

// -- talking to the server ------------------------------------------------------------------

async function run(task) {
  if (game.busy) return;
  game.busy = true;
  setButtons(false);
  try {
    showError("");
    await task();
    await botsPlay();
  } catch (error) {
    showError(error.message);
  } finally {
    game.busy = false;
    setButtons(true);
  }
}

async function botsPlay() {
  while (game.data && !game.data.over && game.data.waiting && !game.data.waiting.human) {
    const wait = pace();
    const body = wait > 0 ? { moves: 1 } : {};
    const data = await api("POST", `/api/games/${game.id}/advance?since=${game.logNext}`, body);
    show(data);
    setButtons(false);
    if (wait > 0) await sleep(wait);
  }
}

function choose(index) {
  run(async () => {
    const path = `/api/games/${game.id}/act?since=${game.logNext}`;
    show(await api("POST", path, { index, version: game.version }));
  });
}

function setButtons(enabled) {
  for (const button of document.querySelectorAll("#actions button, #dice button")) {
    button.disabled = !enabled || button.dataset.off === "1";
  }
  document.body.classList.toggle("busy", !enabled);
}

// -- drawing ----------------------------------------------------------------------------------

function show(data) {
  game.data = data;
  game.id = data.id;
  game.version = data.version;
  game.marked = [];
  game.markedIdx = new Set();
  $("intro").hidden = true;
  $("game").hidden = false;
  drawCity(data);
  drawMonsters(data);
  drawMarket(data);
  drawPrompt(data);
  appendLog(data.log, data.log_next);
}

function seatName(data, seat) {
  const s = data.seats[seat];
  return s.player === "human" ? `${s.name} (you)` : s.name;
}

function token(data, seat) {
  const m = data.board.monsters[seat];
  return el("span", {
    class: `token seat${seat}${m.deciding ? " deciding" : ""}`,
    title: `${seatName(data, seat)}: ${m.life} life, ${m.vp} VP, ${m.energy} energy`,
    text: data.seats[seat].name,
  });
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
        stack.label, stack.hidden ? el("small", { class: "under", text: ` · ${stack.hidden} below` }) : null));
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

function drawCity(data) {
  const city = $("city");
  city.replaceChildren();
  for (const borough of data.board.boroughs) {
    const box = el("div", { class: `borough ${borough.id}`, "data-borough": borough.id },
      el("h3", { text: borough.label }));
    if (borough.id === "manhattan") {
      const zones = el("div", { class: "zones" });
      for (const zone of ["upper", "midtown", "lower"]) {
        const here = data.board.monsters.filter((m) => m.location && m.location.zone === zone);
        zones.append(el("div", { class: `zone ${zone}` },
          el("span", { class: "zone-name", text: `${zone[0].toUpperCase()}${zone.slice(1)}` }),
          ...here.map((m) => token(data, m.seat))));
      }
      box.append(zones);
    } else {
      box.append(el("div", { class: "here" }, ...borough.monsters.map((seat) => token(data, seat))));
    }
    box.append(...tiles(data, borough));
    city.append(box);
  }
}

function drawMonsters(data) {
  const box = $("monsters");
  box.replaceChildren();
  for (const m of data.board.monsters) {
    const badges = [];
    if (m.turn) badges.push(data.seats[m.seat].player === "human" ? "your turn" : "their turn");
    if (m.superstar) badges.push("Superstar");
    if (m.statue) badges.push("Statue of Liberty");
    for (const [kind, count] of Object.entries(m.tokens)) badges.push(`${count} ${kind}`);
    for (const unit of m.trophies) badges.push(`${unitName(data, unit)} trophy`);
    const life = el("span", { class: "bar" }, el("span", { class: "fill" }));
    life.firstChild.style.width = `${10 * Math.max(0, Math.min(10, m.life))}%`;
    box.append(el("div", {
      class: `monster seat${m.seat}${m.deciding ? " deciding" : ""}${m.eliminated ? " out" : ""}`,
      "data-seat": m.seat,
    },
    el("div", { class: "who" }, el("b", { text: seatName(data, m.seat) }),
      el("span", { class: "where", text: m.where })),
    el("div", { class: "stats" },
      el("span", { class: "life", text: `♥ ${m.life}` }), life,
      el("span", { class: "vp", text: `★ ${m.vp} VP` }),
      el("span", { class: "energy", text: `⚡ ${m.energy}` })),
    badges.length ? el("div", { class: "badges", text: badges.join(" · ") }) : null,
    m.cards.length ? el("ul", { class: "cards" },
      ...m.cards.map((c) => el("li", { title: c.text, text: c.name }))) : null));
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
        el("span", { class: "price", title: viewer === null ? "" : `price for ${data.seats[viewer].name}`, text: `⚡ ${price}` })),
      el("div", { class: "kind", text: card.kind === "keep" ? "Keep" : "Discard" }),
      el("p", { text: card.text })));
  });
}

function markedDice() {
  return FACE_ORDER.split("").map((f) => game.marked.filter((m) => m === f).join("")).join("");
}

function drawDice(data, rerolling) {
  const box = $("dice");
  box.replaceChildren();
  const kind = data.waiting ? data.waiting.kind : null;
  box.classList.toggle("spent", !["reroll", "resolve", "destroy", "card-question"].includes(kind));
  const dice = data.board.dice;
  const unresolved = dice.unresolved;
  if (dice.faces.length) {
    const owner = data.turn.seat;
    const whose = data.seats[owner].player === "human" && rerolling ? "Your dice" : `${data.seats[owner].name}'s dice`;
    box.append(el("small", { class: "whose", text: whose }));
  }
  dice.faces.forEach((face, i) => {
    const props = { class: `die ${face.face}`, title: face.name, "data-index": i };
    const label = [el("b", { text: face.symbol }), el("small", { text: face.name })];
    if (rerolling) {
      const marked = game.markedIdx.has(i);
      box.append(el("button", {
        ...props, type: "button", class: `${props.class} toggle${marked ? " marked" : ""}`,
        "aria-pressed": marked ? "true" : "false",
        onclick: () => toggleDie(i, face.symbol),
      }, ...label));
    } else {
      box.append(el("span", props, ...label));
    }
  });
  if (dice.faces.length && !rerolling && unresolved && unresolved !== "-" && unresolved !== dice.showing) {
    box.append(el("small", { class: "unresolved", text: ` left to resolve: ${unresolved}` }));
  }
}

function toggleDie(index, symbol) {
  if (game.markedIdx.has(index)) game.markedIdx.delete(index); else game.markedIdx.add(index);
  const faces = game.data.board.dice.faces;
  game.marked = Array.from(game.markedIdx).map((i) => faces[i].symbol);
  drawPrompt(game.data);
  setButtons(!game.busy);
}

function actionButton(entry, extraClass) {
  // A buy names the market slot as the market here shows it (from 1), not the
  // notation's ("buy 0" is slot 1).
  const title = entry.kind === "buy" && entry.slot ? `card ${entry.slot} of the market` : entry.action;
  return el("button", {
    type: "button", class: `action ${extraClass || ""}`.trim(), "data-index": entry.index,
    "data-kind": entry.kind, "data-slot": entry.slot, title, onclick: () => choose(entry.index),
  }, entry.label);
}

function drawPrompt(data) {
  const box = $("actions");
  box.replaceChildren();
  const waiting = data.waiting;
  const rerolling = !!(waiting && waiting.human && waiting.kind === "reroll");
  drawDice(data, rerolling);
  if (data.over) {
    const winners = data.winners && data.winners.length
      ? data.winners.map((s) => seatName(data, s)).join(" and ") : "nobody";
    $("question").textContent = `Game over: ${winners} ${data.winners && data.winners.length > 1 ? "win" : "wins"}.`;
    box.append(el("button", { type: "button", class: "action again", onclick: (e) => startGame(e) }, "Play again"));
    return;
  }
  if (!waiting) { $("question").textContent = ""; return; }
  const humans = data.seats.filter((s) => s.player === "human");
  const out = humans.length && humans.every((s) => data.board.monsters[s.seat].eliminated);
  const note = out ? " (you are out: the bots finish the game)" : " (a bot is playing…)";
  $("question").textContent = waiting.human ? waiting.question : `${waiting.question}${note}`;
  if (!waiting.human) return;
  const rerolls = data.legal.filter((a) => a.kind === "reroll");
  const others = data.legal.filter((a) => a.kind !== "reroll");
  if (rerolling && rerolls.length) {
    const want = markedDice();
    const match = rerolls.find((a) => a.dice === want);
    const hint = want ? (match ? match.label : "those dice cannot be rerolled together")
      : "Click dice to mark them for rerolling";
    const button = el("button", {
      type: "button", class: "action primary reroll-marked", "data-index": match ? match.index : null,
      "data-kind": "reroll", "data-off": match ? "0" : "1", disabled: !match,
      onclick: () => match && choose(match.index),
    }, match ? match.label : "Reroll marked dice");
    box.append(button, el("p", { class: "hint", text: match ? "" : hint }));
  }
  for (const entry of others) box.append(actionButton(entry));
  if (rerolls.length) {
    const list = el("details", { class: "all-rerolls" },
      el("summary", { text: `All ${rerolls.length} ways to reroll` }));
    for (const entry of rerolls) list.append(actionButton(entry, "small"));
    box.append(list);
  }
}

function appendLog(lines, next) {
  const log = $("log");
  for (const line of lines) {
    const item = el("li", { text: line.trim() });
    if (line.startsWith("==")) item.className = "turn";
    else if (line.startsWith("  ")) item.className = "detail";
    log.append(item);
  }
  while (log.children.length > LOG_LINES) log.firstChild.remove();
  game.logNext = next;
  log.scrollTop = log.scrollHeight;
}

// -- start --------------------------------------------------------------------------------

async function resume() {
  const id = location.hash.slice(1);
  if (!/^[0-9a-f]{16}$/.test(id)) return;
  try {
    show(await api("GET", `/api/games/${id}?since=0`));
    await run(async () => {});
  } catch (error) {
    history.replaceState(null, "", location.pathname + location.search);
  }
}

document.addEventListener("DOMContentLoaded", () => {
  drawSeatKinds();
  $("seat-count").addEventListener("change", drawSeatKinds);
  $("new-game").addEventListener("submit", startGame);
  resume();
});
