// The table on a phone: every seat (name, chips, blind/seen/packed, what it put in, whose turn
// and the clock), the pot and stake, the player's own cards, the legal moves as large buttons
// with their rules a tap away, the deal's result, reactions and the spoken log.

import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { Hand } from "./cards.js";
import { moveLabel, quickAmounts } from "./moves.js";
import { isAway, seatKind, seatName, seatPlayer } from "./seats.js";
import * as wire from "./wire.js";
import { number, said, t } from "./words.js";

const REACTIONS = ["👍", "👏", "😂", "😮", "Nice hand!", "Good luck!"];
const FOLDING = new Set(["FOLDED", "DEAD"]);
const WAGERS = {
  base: "Base",
  ante: "Ante",
  call: "Call",
  play: "Play",
  pair_plus: "Pair Plus",
  ante_bonus: "Ante Bonus",
};

function Clock({ table, receivedAt, seconds }) {
  const [now, setNow] = useState(performance.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(performance.now()), 500);
    return () => clearInterval(timer);
  }, []);
  if (table.clock === null || table.clock === undefined) return null;
  const left = Math.max(0, Math.ceil(table.clock - (now - receivedAt) / 1000));
  const whole = Math.max(seconds || 0, table.clock);
  return html`<span class="clock" role="timer">${t("{seconds} s left", { seconds: left })}</span>
    <progress class="clock-bar" max=${whole} value=${left} aria-hidden="true"></progress>`;
}

function SeatRow({ view, seat, name, mine }) {
  const table = view.table;
  const turn = table.toAct === seat.seat;
  const folded = seat.folded || seat.badges.some((badge) => FOLDING.has(badge));
  const shown = seat.hands.filter((cards) => cards.some(Boolean));
  const reaction = view.reactions.filter((entry) => entry.seat === seat.seat).at(-1);
  const player = seatPlayer(view.lobby, seat.seat);
  const away = isAway(player);
  const classes = ["seat", turn ? "turn" : "", folded ? "folded" : "", mine ? "mine" : "", away ? "away" : ""];
  return html`<li class=${classes.join(" ")} aria-current=${turn ? "true" : undefined}>
    <div class="seat-top">
      <span class="name">${name}${mine ? html` <small>(${t("you")})</small>` : ""}
        ${reaction ? html` <span class="bubble">${reaction.text}</span>` : ""}</span>
      ${table.dealer === seat.seat ? html`<span class="dealer" title=${t("Dealer")}>${t("Dealer")}</span>` : ""}
      <span class="chips">${t("{chips} chips", { chips: seat.stack })}</span>
    </div>
    <div class="seat-bottom">
      ${player && player.kind === "bot" ? html`<span class="kind">${seatKind(player, table.viewer)}</span>` : ""}
      ${away ? html`<span class="connection">${t("disconnected")}</span>` : ""}
      ${seat.badges.map((badge) => html`<span class="badge">${t(badge)}</span>`)}
      ${seat.committed ? html`<span class="in">${t("In: {amount}", { amount: seat.committed })}</span>` : ""}
      ${seat.wagers.map((wager) => html`<span class="in">${t(WAGERS[wager.name] || wager.name)} ${number(wager.amount)}</span>`)}
      ${turn ? html`<span class="to-act">${t("To act")}</span> <${Clock} table=${table} receivedAt=${view.receivedAt} seconds=${view.info && view.info.turn_seconds} />` : ""}
    </div>
    ${!mine && shown.length ? html`<div class="shown">${shown.map((cards, index) => html`<${Hand} key=${index} cards=${cards} label=${t("{name}'s cards", { name })} />`)}</div>` : ""}
  </li>`;
}

function OwnHand({ table, seat }) {
  if (!seat || !seat.hands.length) return null;
  const two = seat.hands.length === 2;
  return html`<section class="own" aria-label=${t("Your cards")}>
    ${seat.hands.map((cards, index) => {
      const label = two ? (index === 0 ? t("New hand") : t("Old hand")) : t("Your cards");
      return html`<div class="own-hand" key=${index}>
        ${two ? html`<h3>${label}</h3>` : ""}
        <${Hand} cards=${cards} large=${true} label=${label} />
      </div>`;
    })}
  </section>`;
}

function BetButtons({ move, label, play }) {
  const [amount, setAmount] = useState(move.low);
  const amounts = quickAmounts(move);
  const chosen = Math.min(Math.max(amount, move.low), move.high);
  const doubled = (value) => value === move.low * 2 && value !== move.high;
  return html`<div class="bet">
    ${amounts.map((value) => html`<button class="move" onClick=${() => play(move, value)}>
      ${label} ${number(value)}${doubled(value) ? html` <small aria-hidden="true">×2</small>` : ""}</button>`)}
    ${(move.high - move.low) / move.step + 1 > amounts.length
      ? html`<div class="stepper" role="group" aria-label=${t("Choose the amount")}>
          <button class="step" aria-label=${t("Less")} onClick=${() => setAmount(chosen - move.step)} disabled=${chosen <= move.low}>−</button>
          <button class="move" onClick=${() => play(move, chosen)}>${label} ${number(chosen)}</button>
          <button class="step" aria-label=${t("More")} onClick=${() => setAmount(chosen + move.step)} disabled=${chosen >= move.high}>+</button>
        </div>`
      : ""}
  </div>`;
}

function Moves({ link, table, seat }) {
  const [rule, setRule] = useState(null);
  const moves = table.moves;
  if (!moves.length) return null;
  const blind = seat ? seat.blind : false;
  const play = (move, amount) => {
    setRule(null);
    link.play(move, amount);
  };
  const asked = moves.some((move) => move.verb === "answer");
  return html`<section class="moves" aria-label=${t("Your moves")}>
    <h2 class="your-turn">${asked ? t("Sideshow asked: accept or refuse?") : t("Your turn")}</h2>
    ${moves.map((move) => {
      const label = moveLabel(move, table.family, blind);
      return html`<div class="move-row" key=${move.move}>
        ${move.verb === "bet"
          ? html`<${BetButtons} move=${move} label=${label} play=${play} />`
          : html`<button class="move" onClick=${() => play(move)}>${label}</button>`}
        ${move.rule
          ? html`<button class="rule-button" aria-expanded=${rule === move.move ? "true" : "false"}
              aria-label=${t("The rule: {move}", { move: label })}
              onClick=${() => setRule(rule === move.move ? null : move.move)}>?</button>`
          : ""}
      </div>`;
    })}
    ${rule ? html`<p class="rule" role="note">${said(moves.find((move) => move.move === rule)?.rule)}</p>` : ""}
  </section>`;
}

function Result({ view }) {
  const table = view.table;
  if (!table.dealOver) return null;
  const wins = view.events.filter(wire.isWin).map(wire.readEvent);
  const reveals = view.events.filter(wire.isReveal).map(wire.readEvent);
  return html`<section class="result" aria-label=${t("The deal's result")}>
    <h2>${t("Deal {number} is over", { number: table.deal })}</h2>
    <ul>
      ${wins.map((win, index) => html`<li key=${index} class="winner">
        ${t("{name} wins {amount}", { name: seatName(view.lobby, win.seat), amount: win.amount })}</li>`)}
    </ul>
    ${reveals.map((shown, index) => html`<div key=${index} class="revealed">
      <span>${seatName(view.lobby, shown.seat)}</span>
      <${Hand} cards=${shown.cards} label=${t("{name}'s cards", { name: seatName(view.lobby, shown.seat) })} />
    </div>`)}
    <p class="next">${t("The next deal starts soon.")}</p>
  </section>`;
}

function Reactions({ link }) {
  return html`<section class="reactions" aria-label=${t("Reactions")}>
    ${REACTIONS.map((text) => html`<button class="reaction" onClick=${() => link.react(t(text))}>${t(text)}</button>`)}
  </section>`;
}

export function Log({ lines }) {
  const recent = lines.slice(-6);
  return html`<section class="log" aria-label=${t("What happened")}>
    <div role="log" aria-live="polite">
      <ol>${recent.map((line) => html`<li key=${line.id}>${line.text}</li>`)}</ol>
    </div>
  </section>`;
}

export function TableScreen({ view, link }) {
  const table = view.table;
  const watching = table.viewer === null || table.viewer === undefined;
  const own = watching ? null : table.seats.find((seat) => seat.seat === table.viewer);
  const waiting = table.toAct !== null && table.toAct !== table.viewer && !table.dealOver;
  return html`<div class="table">
    <header class="pot" aria-label=${t("The pot")}>
      <span>${t("Deal {number}", { number: table.deal })}</span>
      <strong>${t("Pot: {amount}", { amount: table.pot })}</strong>
      <span>${t("Stake: {amount}", { amount: table.stake })}</span>
    </header>
    ${watching ? html`<p class="banner">${t("You are watching.")}</p>` : ""}
    ${view.away ? html`<p class="banner warn" role="status">${view.notice || t("Reconnecting…")}</p>` : ""}
    <div class="columns">
      <div class="column">
        <ul class="seats" aria-label=${t("Seats")}>
          ${table.seats.map((seat) => html`<${SeatRow} key=${seat.seat} view=${view} seat=${seat}
            name=${seatName(view.lobby, seat.seat)} mine=${seat.seat === table.viewer} />`)}
        </ul>
        <${Log} lines=${view.lines} />
      </div>
      <div class="column">
        <${OwnHand} table=${table} seat=${own} />
        ${waiting ? html`<p class="waiting">${t("Waiting for {name}", { name: seatName(view.lobby, table.toAct) })}</p>` : ""}
        ${!view.away && view.notice ? html`<p class="notice" role="status">${view.notice}</p>` : ""}
        <${Moves} link=${link} table=${table} seat=${own} />
        <${Result} view=${view} />
        ${watching ? "" : html`<${Reactions} link=${link} />`}
      </div>
    </div>
  </div>`;
}
