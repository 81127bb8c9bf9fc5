/**
 * Opening hours as search engines read them (schema.org `OpeningHoursSpecification`), from the
 * free text the owner types per location ("Daily 9:00 – 23:00", "Sat–Thu 10:00-22:00"). The
 * text stays what people read; this is only its machine-readable twin, so a text it cannot
 * read gives nothing rather than a guess.
 */
export type OpeningHours = { days: Weekday[]; opens: string; closes: string };

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const EVERY_DAY = /\b(daily|every ?day|7 days)\b|يومي|كل يوم/i;
// English names and abbreviations, and the Arabic names (with or without "ال").
const DAY_NAMES: [RegExp, Weekday][] = [
  [/\bmon(day)?\b|الاثنين|الإثنين|اثنين/i, "Monday"],
  [/\btue(s|sday)?\b|الثلاثاء|ثلاثاء/i, "Tuesday"],
  [/\bwed(nesday)?\b|الأربعاء|الاربعاء|أربعاء/i, "Wednesday"],
  [/\bthu(rs|rsday)?\b|الخميس|خميس/i, "Thursday"],
  [/\bfri(day)?\b|الجمعة|جمعة/i, "Friday"],
  [/\bsat(urday)?\b|السبت|سبت/i, "Saturday"],
  [/\bsun(day)?\b|الأحد|الاحد|أحد/i, "Sunday"],
];
const TIME_RANGE =
  /(\d{1,2})(?::(\d{2}))?\s*(am|pm)?\s*(?:[-–—]|to|إلى|الى|حتى)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)?/i;

function dayOf(word: string): Weekday | null {
  for (const [pattern, day] of DAY_NAMES) if (pattern.test(word)) return day;
  return null;
}

function clock(hour: string, minute: string | undefined, half: string | undefined): string | null {
  let h = Number(hour);
  const m = Number(minute ?? "0");
  if (half) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (half.toLowerCase() === "pm" ? 12 : 0);
  }
  if (h > 24 || m > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
}

/** The days a text names: every day, a range ("Sat–Thu", wrapping the week), or a list. */
function daysOf(text: string): Weekday[] | null {
  if (EVERY_DAY.test(text)) return [...WEEKDAYS];
  const words = text.split(/[\s,،]+/).filter(Boolean);
  const named = words.map(dayOf);
  const range = /([^\s\d–—-]+)\s*(?:[-–—]|to|إلى|الى|حتى)\s*([^\s\d–—-]+)/i.exec(text);
  if (range) {
    const from = dayOf(range[1]!);
    const to = dayOf(range[2]!);
    if (from && to) {
      const days: Weekday[] = [];
      for (let i = WEEKDAYS.indexOf(from); ; i = (i + 1) % 7) {
        days.push(WEEKDAYS[i]!);
        if (WEEKDAYS[i] === to) return days;
      }
    }
  }
  const listed = named.filter((day): day is Weekday => day !== null);
  return listed.length ? [...new Set(listed)] : null;
}

/** The hours a text states, or null when it does not read as days and one time range. */
export function parseOpeningHours(text: string): OpeningHours | null {
  const normalised = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const times = TIME_RANGE.exec(normalised);
  if (!times) return null;
  const opens = clock(times[1]!, times[2], times[3]);
  const closes = clock(times[4]!, times[5], times[6]);
  if (!opens || !closes) return null;
  const days = daysOf(normalised.replace(TIME_RANGE, " "));
  return days ? { days, opens, closes } : null;
}
