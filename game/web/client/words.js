// The page's words in the player's language: the game's own catalogs, served as /lang/CODE.json
// (made from game/locale when asked). Every sentence is written in English, t(ENGLISH), and
// looked up; game/web/words.py lists them all for the catalogs.

export const LANGUAGES = { en: "English", hi: "हिन्दी", tl: "Tagalog" };

let spoken = { language: "en", words: {}, refusals: {}, problems: {}, endings: {} };

// The game's language closest to the browser's (navigator.languages), else English.
export function browserLanguage(asked = navigator.languages || [navigator.language || "en"]) {
  for (const tag of asked) {
    let code = String(tag).toLowerCase().split("-")[0];
    if (code === "fil") code = "tl";
    if (code in LANGUAGES) return code;
  }
  return "en";
}

let sentences = { language: "en", messages: {}, plurals: {}, phases: {} };

// Speak `code` from now on (its words fetched from the table; the rules' sentences after).
export async function loadLanguage(code) {
  const answer = await fetch(`lang/${code}.json`, { cache: "no-cache" });
  if (!answer.ok) throw new Error(`no words for ${code}`);
  spoken = await answer.json();
  document.documentElement.lang = code;
  return code;
}

// The catalog's sentences of `code` (the rules, the refusals), fetched after the first paint.
export async function loadSentences(code) {
  if (code === "en" || sentences.language === code) return;
  const answer = await fetch(`lang/${code}.sentences.json`, { cache: "no-cache" });
  if (answer.ok) sentences = await answer.json();
}

// A sentence of the wire ({key, plural, count, values, then, text}) in the player's language:
// its catalog entry filled with its values; the English `text` where the catalog has none.
export function said(sentence) {
  if (!sentence) return "";
  if (spoken.language === "en" || sentences.language !== spoken.language) return sentence.text;
  const forms = sentence.plural ? sentences.plurals[sentence.key] : null;
  const template = forms ? forms[sentence.count === 1 ? 0 : 1] : sentences.messages[sentence.key];
  if (!template) return sentence.text;
  const text = filled(template, (name) => {
    const value = sentence.values[name];
    if (typeof value === "number") return number(value);
    if (typeof value === "string" || typeof value === "boolean") return String(value);
    if (value && value.kind === "word") return sentences.messages[value.text] || value.text;
    if (value && value.kind === "phase") return sentences.phases[value.value] || value.value;
    if (value && value.kind === "hand_name") return handName(value);
    return null;
  });
  if (text === null) return sentence.text;
  return sentence.then ? `${text} ${said(sentence.then)}` : text;
}

// `template` with every {field} given by `part(field)`; null if a part is missing (null).
function filled(template, part) {
  let whole = true;
  const text = template.replace(/\{(\w+)\}/g, (all, name) => {
    const found = part(name);
    if (typeof found === "string") return found;
    whole = false;
    return all;
  });
  return whole ? text : null;
}

// A hand's name ({kind: "hand_name", key, ranks, cards, score, wild_count}) as the desktop
// says it (game/words/hands.py, said_hand): its template filled with the ranks' names; null
// where the catalog lacks a part (the sentence then falls back to its English).
function handName(value) {
  const template = (sentences.hands || {})[value.key];
  if (!template) return null;
  const ranks = sentences.ranks || {};
  const fields = { cards: value.cards, score: String(value.score).padStart(3, "0") };
  if (value.ranks.length) {
    fields.ranks = (ranks[value.ranks[0]] || [])[1];
    if (value.ranks.length > 1) fields.kicker = (ranks[value.ranks[1]] || [])[0];
  }
  const text = filled(template, (name) => fields[name]);
  if (text === null || !value.wild_count) return text;
  const forms = sentences.plurals["{hand} ({count} wild card)"];
  if (!forms) return null;
  return forms[value.wild_count === 1 ? 0 : 1]
    .replace("{hand}", text)
    .replace("{count}", number(value.wild_count));
}

export const language = () => spoken.language;

// `english` in the player's language, its {fields} filled from `values`.
export function t(english, values = {}) {
  const text = spoken.words[english] || english;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    name in values ? shown(values[name]) : whole,
  );
}

function shown(value) {
  return typeof value === "number" ? number(value) : String(value);
}

// A whole number with the language's digit grouping (Hindi: 1,00,000).
export function number(value) {
  return new Intl.NumberFormat(spoken.language === "hi" ? "en-IN" : "en-US").format(value);
}

// A network sentence by its reason key (a newer server's unknown key: its own sentence).
export const refusal = (reason, sentence) => spoken.refusals[reason] || sentence;
export const problem = (reason, sentence) => spoken.problems[reason] || sentence;
export const ending = (reason, sentence) => spoken.endings[reason] || sentence;
