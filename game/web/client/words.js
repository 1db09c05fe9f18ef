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

// Speak `code` from now on (its words fetched from the table).
export async function loadLanguage(code) {
  const answer = await fetch(`lang/${code}.json`, { cache: "no-cache" });
  if (!answer.ok) throw new Error(`no words for ${code}`);
  spoken = await answer.json();
  document.documentElement.lang = code;
  return code;
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
