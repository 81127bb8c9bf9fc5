import type { Translator } from "./translator.tsx";

// The browser has one translator for the whole visit; `meta` functions run outside React
// and read texts loaded after the first page (client navigation, a language switch) from it.
// Never set on the server, where requests run side by side.
let instance: Translator | null = null;

export function setBrowserI18n(value: Translator): void {
  instance = value;
}

export function browserI18n(): Translator | null {
  return instance;
}
