import type { i18n } from "i18next";

// The browser has one i18n instance for the whole visit; `meta` functions run outside React
// and read texts loaded after the first page (client navigation, a language switch) from it.
// Never set on the server, where requests run side by side.
let instance: i18n | null = null;

export function setBrowserI18n(value: i18n): void {
  instance = value;
}

export function browserI18n(): i18n | null {
  return instance;
}
