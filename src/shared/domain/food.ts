import type { Lang } from "./money.ts";

/**
 * Food information a buyer must see before buying food at a distance (EU 1169/2011 Art. 14):
 * ingredients, the EU's 14 allergens (contained, and "may contain traces of"), shelf life and
 * storage, nutrition per 100 g, country of origin and the HS code customs ask for. Pure: the
 * storefront, the admin form, the CSV and the server all use these rules and labels.
 */

/** The 14 allergens of Annex II, by the codes the API carries, in the Annex's order. */
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

export function isAllergen(code: string): code is Allergen {
  return (ALLERGENS as readonly string[]).includes(code);
}

export const ALLERGEN_LABELS: Record<Allergen, Record<Lang, string>> = {
  gluten: { en: "Cereals containing gluten", ar: "الحبوب المحتوية على الغلوتين" },
  crustaceans: { en: "Crustaceans", ar: "القشريات" },
  eggs: { en: "Eggs", ar: "البيض" },
  fish: { en: "Fish", ar: "السمك" },
  peanuts: { en: "Peanuts", ar: "الفول السوداني" },
  soybeans: { en: "Soybeans", ar: "فول الصويا" },
  milk: { en: "Milk", ar: "الحليب" },
  nuts: { en: "Nuts", ar: "المكسرات" },
  celery: { en: "Celery", ar: "الكرفس" },
  mustard: { en: "Mustard", ar: "الخردل" },
  sesame: { en: "Sesame", ar: "السمسم" },
  sulphites: { en: "Sulphites", ar: "الكبريتيت" },
  lupin: { en: "Lupin", ar: "الترمس" },
  molluscs: { en: "Molluscs", ar: "الرخويات" },
};

export function allergenLabel(code: Allergen, lang: Lang): string {
  return ALLERGEN_LABELS[code][lang];
}

/** Nutrition per 100 g, as the EU's table lists it (energy first). */
export const NUTRIENTS = [
  "energy_kj",
  "energy_kcal",
  "fat",
  "saturates",
  "carbohydrate",
  "sugars",
  "protein",
  "salt",
] as const;
export type Nutrient = (typeof NUTRIENTS)[number];
export type Nutrition = Record<Nutrient, number>;

/** The nutrients weighed in grams: none can be more than the 100 g they are measured in. */
export const GRAM_NUTRIENTS = [
  "fat",
  "saturates",
  "carbohydrate",
  "sugars",
  "protein",
  "salt",
] as const satisfies readonly Nutrient[];

/** Pure fat, the most energy food can carry: 37 kJ (9 kcal) a gram. */
export const MAX_ENERGY_KJ = 3700;
export const MAX_ENERGY_KCAL = 900;
/** Ten years: anything longer is a typo for a product that is baked and sold fresh. */
export const MAX_SHELF_LIFE_DAYS = 3650;
export const MAX_INGREDIENTS_LENGTH = 2000;
export const MAX_STORAGE_LENGTH = 500;

export type FoodInfo = {
  ingredients: string;
  ingredients_ar: string;
  allergens: Allergen[];
  traces: Allergen[];
  shelf_life_days: number | null;
  storage: string;
  storage_ar: string;
  nutrition: Nutrition | null;
  /** ISO 3166-1 alpha-2; "" = not given. */
  origin: string;
  /** Digits only (6 to 10); "" = not given. */
  hs_code: string;
};

export const FOOD_MESSAGES = {
  ALLERGEN_UNKNOWN: `Unknown allergen: use ${ALLERGENS.join(", ")}.`,
  ALLERGEN_TWICE: "An allergen cannot be both contained and a trace.",
  NUTRIENT: "Nutrition values must be numbers from 0 to 100 g per 100 g.",
  ENERGY_KJ: `Energy must be a number from 0 to ${MAX_ENERGY_KJ} kJ per 100 g.`,
  ENERGY_KCAL: `Energy must be a number from 0 to ${MAX_ENERGY_KCAL} kcal per 100 g.`,
  SATURATES_ABOVE_FAT: "Saturates cannot be more than fat.",
  SUGARS_ABOVE_CARBOHYDRATE: "Sugars cannot be more than carbohydrate.",
  SHELF_LIFE: `The shelf life must be a whole number of days from 1 to ${MAX_SHELF_LIFE_DAYS}.`,
  ORIGIN: "The country of origin must be a two-letter country code, like SY.",
  HS_CODE: "The HS code must be 6 to 10 digits (dots allowed), like 1905.90.",
  TOO_LONG: "This text is too long.",
} as const;

/** The same rules in Arabic, for reports written in the reader's language (the CSV import). */
export const FOOD_MESSAGES_AR: Record<keyof typeof FOOD_MESSAGES, string> = {
  ALLERGEN_UNKNOWN: `مسبب حساسية غير معروف: استخدم ${ALLERGENS.join(", ")}.`,
  ALLERGEN_TWICE: "لا يكون مسبب الحساسية مكوّنًا وأثرًا محتملًا في آن واحد.",
  NUTRIENT: "يجب أن تكون القيم الغذائية أعدادًا من 0 إلى 100 غ لكل 100 غ.",
  ENERGY_KJ: `يجب أن تكون الطاقة عددًا من 0 إلى ${MAX_ENERGY_KJ} كيلوجول لكل 100 غ.`,
  ENERGY_KCAL: `يجب أن تكون الطاقة عددًا من 0 إلى ${MAX_ENERGY_KCAL} سعرة حرارية لكل 100 غ.`,
  SATURATES_ABOVE_FAT: "لا تزيد الدهون المشبعة على الدهون.",
  SUGARS_ABOVE_CARBOHYDRATE: "لا تزيد السكريات على الكربوهيدرات.",
  SHELF_LIFE: `يجب أن تكون مدة الصلاحية عددًا صحيحًا من الأيام من 1 إلى ${MAX_SHELF_LIFE_DAYS}.`,
  ORIGIN: "يجب أن يكون بلد المنشأ رمزًا من حرفين، مثل SY.",
  HS_CODE: "يجب أن يكون رمز النظام المنسق من 6 إلى 10 أرقام (يجوز استخدام النقاط)، مثل 1905.90.",
  TOO_LONG: "هذا النص طويل جدًا.",
};

/** A food message in `lang` (an unknown text as it came). */
export function foodMessage(english: string, lang: Lang): string {
  if (lang === "en") return english;
  const id = (Object.keys(FOOD_MESSAGES) as (keyof typeof FOOD_MESSAGES)[]).find(
    (k) => FOOD_MESSAGES[k] === english,
  );
  return id ? FOOD_MESSAGES_AR[id] : english;
}

/** Whether two food blocks say the same (key order aside: jsonb keeps its own). */
export function sameFood(a: FoodInfo | null, b: FoodInfo | null): boolean {
  return canonicalFood(a) === canonicalFood(b);
}

function canonicalFood(f: FoodInfo | null): string {
  if (!f) return "null";
  return JSON.stringify([
    f.ingredients,
    f.ingredients_ar,
    sortAllergens(f.allergens),
    sortAllergens(f.traces),
    f.shelf_life_days,
    f.storage,
    f.storage_ar,
    f.nutrition ? NUTRIENTS.map((k) => f.nutrition![k]) : null,
    f.origin,
    f.hs_code,
  ]);
}

/** `1905.90` / `1905 90` → `190590`; null when not 4 to 10 digits. */
export function normaliseHsCode(value: string): string | null {
  const digits = value.replace(/[\s.]/g, "");
  // Six digits is the subheading every customs office shares; a 4-digit heading is too coarse
  // for a commercial invoice, and national lines go up to ten.
  return /^\d{6,10}$/.test(digits) ? digits : null;
}

/** `190590` → `1905.90`, as customs papers write it. */
export function formatHsCode(digits: string): string {
  if (digits.length <= 4) return digits;
  return `${digits.slice(0, 4)}.${digits.slice(4).replace(/(\d{2})(?=\d)/g, "$1.")}`;
}

/** Codes in the Annex's order, each once. */
export function sortAllergens(codes: Iterable<Allergen>): Allergen[] {
  const set = new Set(codes);
  return ALLERGENS.filter((a) => set.has(a));
}

/** True when nothing at all is filled in: the product then has no food information (null). */
export function isEmptyFood(food: FoodInfo): boolean {
  return (
    food.ingredients === "" &&
    food.ingredients_ar === "" &&
    food.allergens.length === 0 &&
    food.traces.length === 0 &&
    food.shelf_life_days === null &&
    food.storage === "" &&
    food.storage_ar === "" &&
    food.nutrition === null &&
    food.origin === "" &&
    food.hs_code === ""
  );
}

export type AllergenRollup = {
  contains: Allergen[];
  /** Traces none of the products contains outright. */
  traces: Allergen[];
  /** Some product has no food information: nothing can be promised about it. */
  unknown: boolean;
};

/**
 * What several products together contain (a cart, a box, a packing slip): every allergen any
 * contains, and the traces none contains outright (a contained allergen is not also a trace).
 */
export function rollupAllergens(
  foods: ReadonlyArray<Pick<FoodInfo, "allergens" | "traces"> | null>,
): AllergenRollup {
  const contains = new Set<Allergen>();
  const traces = new Set<Allergen>();
  let unknown = false;
  for (const food of foods) {
    if (!food) {
      unknown = true;
      continue;
    }
    for (const a of food.allergens) contains.add(a);
    for (const a of food.traces) traces.add(a);
  }
  for (const a of contains) traces.delete(a);
  return { contains: sortAllergens(contains), traces: sortAllergens(traces), unknown };
}

/**
 * What a cart line holds of the allergens a shopper avoids: those it contains, those it may
 * contain traces of, and whether some of its sweets have no food information (nothing can be
 * promised). Nothing avoided, nothing marked.
 */
export function avoidedIn(
  rollup: AllergenRollup,
  avoid: readonly Allergen[],
): { contains: Allergen[]; traces: Allergen[]; unknown: boolean } {
  if (avoid.length === 0) return { contains: [], traces: [], unknown: false };
  return {
    contains: rollup.contains.filter((a) => avoid.includes(a)),
    traces: rollup.traces.filter((a) => avoid.includes(a)),
    unknown: rollup.unknown,
  };
}

/**
 * Whether a product can be shown under "without" these allergens: only one whose food
 * information says it neither contains them nor may contain traces of them. A product without
 * food information is left out: nobody has said it is free of them.
 */
export function isFreeOf(
  food: Pick<FoodInfo, "allergens" | "traces"> | null,
  without: readonly Allergen[],
): boolean {
  if (!food) return false;
  return without.every((a) => !food.allergens.includes(a) && !food.traces.includes(a));
}

/**
 * Words that name an allergen in an ingredient list. English words count when a word starts
 * with one ("pistachios", "butterfat"); Arabic ones anywhere in a word, since the article and
 * "and" are written joined to it ("والفستق").
 */
export const ALLERGEN_WORDS: Record<Allergen, Record<Lang, readonly string[]>> = {
  gluten: {
    en: [
      "wheat",
      "flour",
      "semolina",
      "gluten",
      "barley",
      "rye",
      "oat",
      "spelt",
      "kamut",
      "bulgur",
    ],
    ar: ["قمح", "طحين", "دقيق", "سميد", "غلوتين", "جلوتين", "شعير", "شوفان", "برغل", "الحنطة"],
  },
  crustaceans: {
    en: ["crustacean", "shrimp", "prawn", "crab", "lobster"],
    ar: ["قشريات", "روبيان", "جمبري", "سلطعون", "كركند"],
  },
  eggs: { en: ["egg"], ar: ["بيض"] },
  fish: { en: ["fish", "anchov", "tuna", "salmon"], ar: ["سمك", "أسماك", "تونة", "سلمون"] },
  peanuts: { en: ["peanut", "groundnut"], ar: ["فول سوداني", "الفول السوداني", "فستق العبيد"] },
  soybeans: { en: ["soy", "soya", "lecithin"], ar: ["صويا", "ليسيثين"] },
  milk: {
    en: ["milk", "butter", "ghee", "cream", "cheese", "yoghurt", "yogurt", "whey", "lactose"],
    ar: ["حليب", "زبدة", "زبده", "سمن", "قشطة", "قشطه", "جبن", "لبن", "قشدة", "مصل اللبن"],
  },
  nuts: {
    en: [
      "nut",
      "pistachio",
      "walnut",
      "almond",
      "hazelnut",
      "cashew",
      "pecan",
      "macadamia",
      "brazil nut",
    ],
    ar: ["فستق", "فستق حلبي", "جوز", "لوز", "بندق", "كاجو", "مكسرات", "بقان"],
  },
  celery: { en: ["celery", "celeriac"], ar: ["كرفس"] },
  mustard: { en: ["mustard"], ar: ["خردل"] },
  sesame: { en: ["sesame", "tahini", "tahina"], ar: ["سمسم", "طحينة", "طحينية"] },
  sulphites: {
    en: ["sulphite", "sulfite", "sulphur dioxide", "sulfur dioxide"],
    ar: ["كبريتيت", "ثاني أكسيد الكبريت"],
  },
  lupin: { en: ["lupin"], ar: ["ترمس"] },
  molluscs: {
    en: ["mollusc", "squid", "mussel", "oyster", "clam"],
    ar: ["رخويات", "حبار", "محار"],
  },
};

export type IngredientPart = { text: string; allergen: Allergen | null };

/** Runs of letters (and digits, and marks joined to them) are words; the rest separates them. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * Words that only look like an allergen word: "nutmeg" is a spice, "أبيض" (white, as in white
 * sugar) holds the letters of "بيض" (eggs).
 */
const NOT_ALLERGEN_WORDS: Record<Lang, readonly string[]> = {
  en: ["nutmeg", "nutri", "cream of tartar"],
  ar: ["أبيض", "ابيض", "بيضاء", "لبنان", "جوز الهند"],
};

function allergenOfWord(word: string, next: string, codes: readonly Allergen[], lang: Lang) {
  const lower = word.toLocaleLowerCase(lang === "ar" ? "ar" : "en");
  const phrase = `${lower} ${next.toLocaleLowerCase()}`;
  for (const not of NOT_ALLERGEN_WORDS[lang]) {
    const [first] = not.split(" ");
    if (lang === "ar" ? phrase.includes(not) && lower.includes(first!) : phrase.startsWith(not))
      return null;
  }
  for (const code of codes) {
    for (const keyword of ALLERGEN_WORDS[code][lang]) {
      // A two-word name ("brazil nut", "فول سوداني") is matched on its first word and the next.
      const [first, ...more] = keyword.split(" ");
      const hit =
        lang === "ar" ? lower.includes(first!) : lower.startsWith(first!) && first!.length > 0;
      if (!hit) continue;
      if (more.length === 0 || next.toLocaleLowerCase().startsWith(more.join(" "))) return code;
    }
  }
  return null;
}

/**
 * The ingredient list cut into parts, each allergen word of `allergens` marked, so a page can
 * set those in bold as labels do. Data, not markup: the page escapes the text as usual. The
 * parts join back to the text exactly.
 */
export function emphasiseAllergens(
  ingredients: string,
  allergens: readonly Allergen[],
  lang: Lang,
): IngredientPart[] {
  const parts: IngredientPart[] = [];
  const push = (text: string, allergen: Allergen | null) => {
    if (text === "") return;
    const last = parts[parts.length - 1];
    if (last && last.allergen === allergen) last.text += text;
    else parts.push({ text, allergen });
  };
  // Both languages' words: an Arabic list may name "E322" or an English one "tahini".
  const languages: Lang[] = lang === "ar" ? ["ar", "en"] : ["en", "ar"];
  let at = 0;
  for (const match of ingredients.matchAll(WORD)) {
    const start = match.index;
    push(ingredients.slice(at, start), null);
    const word = match[0];
    const next = ingredients.slice(start + word.length).replace(/^[\s-]+/, "");
    let code: Allergen | null = null;
    for (const l of languages) {
      code = allergenOfWord(word, next, allergens, l);
      if (code) break;
    }
    push(word, code);
    at = start + word.length;
  }
  push(ingredients.slice(at), null);
  return parts;
}
