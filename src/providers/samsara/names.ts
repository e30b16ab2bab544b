/**
 * Samsara drivers have one `name` string; the normalized model has first, middle and last
 * names. The rule, in order:
 *
 * 1. Whitespace is collapsed; an empty name gives no names at all.
 * 2. "Last, First Middle" (a comma) is read as the last name before the comma. A part after the
 *    comma that is only a suffix ("Smith, Jr.") is not a given name: it stays with the last name.
 * 3. One word is a first name only ("Cher").
 * 4. Otherwise the first word is the first name and the last word the last name; a trailing
 *    suffix (Jr., Sr., II, III, IV, V) joins the last name, and so do the surname particles just
 *    before it (van, der, de, la, von, da, di, du, del, della, dos, das, le, st., bin, ibn, al, ten,
 *    ter, mac), in any case. The words in between are the middle name.
 *
 * "Mary Ann van der Berg" → Mary / Ann / van der Berg; "Martin Luther King Jr." → Martin /
 * Luther / King Jr.; "José de la Cruz" → José / – / de la Cruz.
 */

export type PersonName = { firstName?: string; middleName?: string; lastName?: string };

const PARTICLES = new Set([
  "van",
  "der",
  "den",
  "de",
  "la",
  "von",
  "da",
  "di",
  "du",
  "del",
  "della",
  "dos",
  "das",
  "le",
  "st.",
  "bin",
  "ibn",
  "al",
  "ten",
  "ter",
  "mac",
]);
const SUFFIXES = new Set(["jr", "jr.", "sr", "sr.", "ii", "iii", "iv", "v"]);

const isParticle = (word: string) => PARTICLES.has(word.toLowerCase());
const isSuffix = (word: string) => SUFFIXES.has(word.toLowerCase());

export function splitName(full: string): PersonName {
  const name = full.replace(/\s+/g, " ").trim();
  if (!name) return {};
  const comma = name.indexOf(",");
  if (comma >= 0) {
    const before = name.slice(0, comma).trim();
    const after = name.slice(comma + 1).trim();
    const givenWords = after ? after.split(" ") : [];
    if (givenWords.length > 0 && givenWords.every(isSuffix)) return splitWords([...before.split(" "), ...givenWords]);
    if (!before) return splitWords(givenWords);
    const [firstName, ...middle] = givenWords;
    return compact({ firstName, middleName: middle.join(" "), lastName: before });
  }
  return splitWords(name.split(" "));
}

function splitWords(words: string[]): PersonName {
  const cleaned = words.filter(Boolean);
  if (cleaned.length === 0) return {};
  if (cleaned.length === 1) return { firstName: cleaned[0]! };
  const suffix = cleaned.length >= 3 && isSuffix(cleaned.at(-1)!) ? [cleaned.at(-1)!] : [];
  const body = suffix.length ? cleaned.slice(0, -1) : cleaned;
  let lastStart = body.length - 1;
  while (lastStart - 1 >= 1 && isParticle(body[lastStart - 1]!)) lastStart--;
  return compact({
    firstName: body[0],
    middleName: body.slice(1, lastStart).join(" "),
    lastName: [...body.slice(lastStart), ...suffix].join(" "),
  });
}

/** Drops empty parts: an absent name is omitted, never "". */
function compact(name: { firstName?: string | undefined; middleName?: string; lastName?: string }): PersonName {
  return {
    ...(name.firstName ? { firstName: name.firstName } : {}),
    ...(name.middleName ? { middleName: name.middleName } : {}),
    ...(name.lastName ? { lastName: name.lastName } : {}),
  };
}
