// The page's texts in the reader's language: one key per text, in the JSON catalogues
// /static/i18n/<language>.json (English is also the fallback of a key a catalogue lacks).
// The language is the one the page's switch chose (kept in this browser), else the one the
// server read in the browser's Accept-Language (the <html lang> of the page), else English.
// The catalogues load before any module that imports this one runs (a top-level await), so
// t() works everywhere, module constants included.

export const LANGUAGES = { en: "English", de: "Deutsch" };
export const LANGUAGE_KEY = "page.language";

function storedLanguage() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function chosenLanguage() {
  for (const language of [storedLanguage(), document.documentElement.lang]) {
    if (language && Object.hasOwn(LANGUAGES, language)) return language;
  }
  return "en";
}

async function catalogue(language) {
  try {
    const response = await fetch(`/static/i18n/${language}.json`);
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

export const language = chosenLanguage();
document.documentElement.lang = language;
const [english, texts] = await Promise.all([catalogue("en"), language === "en" ? null : catalogue(language)]);

// The text of `key` with its {placeholders} filled from `params`.
export function t(key, params = {}) {
  const text = (texts && texts[key]) ?? english[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

// Put the texts into the elements of `root` that name a key: data-i18n (the text),
// data-i18n-label (aria-label), data-i18n-placeholder, data-i18n-title.
export function translatePage(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
}

// The <select> that switches the page's language: kept in this browser, then the page loads
// again in it (the server hears it when the page joins).
export function languageSwitch() {
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", t("language.label"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.lang = code;
    option.textContent = name;
    select.append(option);
  }
  select.value = language;
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(LANGUAGE_KEY, select.value);
    } catch {
      return; // a browser that keeps nothing cannot switch
    }
    location.reload();
  });
  return select;
}

// A deal's word (a renderer's roundWord, "Round") as it stands inside a sentence: lower case
// in English; German nouns keep their capital.
export function nounInSentence(word) {
  return language === "en" ? word.toLowerCase() : word;
}
