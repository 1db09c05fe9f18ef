// The phone page: join the table it came from (the room code in the address's fragment), then
// play at it. Preact and htm (vendored, no build step) draw it from the link's view.

import { html, render, useEffect, useState } from "./vendor/preact-htm.js";
import { keptSeat, TableLink } from "./connection.js";
import { isAway, seatKind, seatName } from "./seats.js";
import { Log, TableScreen } from "./table.js";
import {
  browserLanguage,
  LANGUAGES,
  language,
  loadLanguage,
  loadSentences,
  t,
} from "./words.js";

const NAME = "trey.name";
const LANGUAGE = "trey.language";

function LanguagePicker({ changed }) {
  return html`<label class="language">
    <span>${t("Language")}</span>
    <select value=${language()} onChange=${(event) => changed(event.target.value)}>
      ${Object.entries(LANGUAGES).map(([code, name]) => html`<option value=${code} lang=${code}>${name}</option>`)}
    </select>
  </label>`;
}

function JoinScreen({ view, link }) {
  const fragment = decodeURIComponent(location.hash.slice(1));
  const [code, setCode] = useState(fragment);
  const [name, setName] = useState(localStorage.getItem(NAME) || "");
  const join = (spectator) => (event) => {
    event.preventDefault();
    if (!code.trim() || (!spectator && !name.trim())) return;
    localStorage.setItem(NAME, name.trim());
    link.join(code, name.trim() || t("Watcher"), spectator);
  };
  return html`<form class="join" onSubmit=${join(false)}>
    <h1>${t("Join the table")}</h1>
    <p>${t("Pick a name and take a seat: nothing to install.")}</p>
    <label>
      <span>${t("Your name")}</span>
      <input name="name" autocomplete="nickname" maxlength="24" required value=${name}
        onInput=${(event) => setName(event.target.value)} />
    </label>
    <label class=${fragment ? "code given" : "code"}>
      <span>${t("Room code")}</span>
      <input name="code" autocapitalize="characters" autocomplete="off" maxlength="32" required
        value=${code} onInput=${(event) => setCode(event.target.value)} />
    </label>
    ${view.notice ? html`<p class="notice" role="alert">${view.notice}</p>` : ""}
    <button class="move primary" type="submit">${t("Take a seat")}</button>
    <button class="move quiet" type="button" onClick=${join(true)}>${t("Watch")}</button>
  </form>`;
}

function LobbyScreen({ view, link }) {
  const players = view.lobby ? view.lobby.players : [];
  return html`<section class="lobby">
    <h1>${t("Lobby")}</h1>
    <p role="status">${view.notice || (view.lobby ? t("Waiting for the table to start…") : t("Joining the table…"))}</p>
    <ul class="seats">
      ${players.map((player) => html`<li class=${isAway(player) ? "seat away" : "seat"} key=${player.seat}>
        <span class="name">${player.name || t("Seat {number}", { number: player.seat + 1 })}</span>
        <span class="kind">${seatKind(player, view.seat)}</span>
        ${player.kind === "remote" && player.seat !== view.seat
          ? html`<span class=${player.connected ? "connection up" : "connection"}>${player.connected ? t("connected") : t("disconnected")}</span>`
          : ""}
      </li>`)}
    </ul>
    <button class="move quiet" onClick=${() => link.leave()}>${t("Leave")}</button>
  </section>`;
}

function EndScreen({ view, link }) {
  const table = view.table;
  const seats = table ? table.seats : [];
  const best = seats.length ? Math.max(...seats.map((seat) => seat.stack)) : 0;
  return html`<section class="ended">
    <h1>${t("The table has ended")}</h1>
    <p role="status">${view.ended.words}</p>
    <ul class="seats">
      ${seats.map((seat) => html`<li class=${seat.stack === best ? "seat winner" : "seat"} key=${seat.seat}>
        <span class="name">${seatName(view.lobby, seat.seat)}</span>
        <span class="chips">${t("{chips} chips", { chips: seat.stack })}</span>
        ${seat.stack === best ? html`<strong>${t("Winner")}</strong>` : ""}
      </li>`)}
    </ul>
    <${Log} lines=${view.lines} />
    <button class="move primary" onClick=${() => link.leave()}>${t("Back")}</button>
  </section>`;
}

function App({ link, first }) {
  const [view, setView] = useState(first);
  const [, setSpoken] = useState(language());
  useEffect(() => {
    link.changed = setView;
    setView(link.view); // what the table said between the first render and this effect
  }, []);
  const change = async (code) => {
    localStorage.setItem(LANGUAGE, code);
    setSpoken(await loadLanguage(code));
    link.speak(code);
    await loadSentences(code);
    setSpoken(`${code} sentences`);
  };
  const screens = { join: JoinScreen, lobby: LobbyScreen, table: TableScreen, ended: EndScreen };
  const Screen = screens[view.screen] || JoinScreen;
  const show = view.screen === "table" && view.table ? TableScreen : Screen;
  return html`<div class="page">
    <nav class="bar">
      <span class="brand">Trey</span>
      <${LanguagePicker} changed=${change} />
      ${view.screen === "table" ? html`<button class="quiet small" onClick=${() => link.leave()}>${t("Leave")}</button>` : ""}
    </nav>
    <main><${show} view=${view} link=${link} /></main>
  </div>`;
}

async function start() {
  sessionStorage.removeItem("trey.loadTries"); // loaded: boot.js's count starts anew
  const chosen = localStorage.getItem(LANGUAGE) || browserLanguage();
  try {
    await loadLanguage(chosen);
  } catch {
    await loadLanguage("en");
  }
  const root = document.getElementById("app");
  const link = new TableLink(() => undefined); // (the App listens once drawn: its effect)
  if (keptSeat()) link.resume();
  root.textContent = "";
  render(html`<${App} link=${link} first=${link.view} />`, root);
  loadSentences(language()).catch(() => undefined);
}

start();
