// Finding a zone from what people type: a city (`Kolkata`, `tokyo`, `new york`, a link's old
// name such as `Calcutta`), a common abbreviation (`IST`, `PST`, `CET`) or a big city that is
// not a zone's name (`Mumbai`, `San Francisco`). Used for suggestions only: the API's
// `timezone` stays an exact IANA name (an abbreviation can name several zones, IST is India's,
// Ireland's and Israel's), and its 400 names these suggestions.

/**
 * Abbreviations and city names → zones, most likely first. Abbreviations are those in everyday
 * use (the standard and the summer name alike); cities are large ones without a zone of their own.
 */
const ALIASES: Record<string, readonly string[]> = {
  ist: ['Asia/Kolkata', 'Europe/Dublin', 'Asia/Jerusalem'],
  pst: ['America/Los_Angeles'],
  pdt: ['America/Los_Angeles'],
  pt: ['America/Los_Angeles'],
  mst: ['America/Denver', 'America/Phoenix'],
  mdt: ['America/Denver'],
  mt: ['America/Denver'],
  cst: ['America/Chicago', 'Asia/Shanghai', 'America/Havana'],
  cdt: ['America/Chicago'],
  ct: ['America/Chicago'],
  est: ['America/New_York'],
  edt: ['America/New_York'],
  et: ['America/New_York'],
  akst: ['America/Anchorage'],
  akdt: ['America/Anchorage'],
  hst: ['Pacific/Honolulu'],
  ast: ['America/Halifax', 'Asia/Riyadh'],
  adt: ['America/Halifax'],
  nst: ['America/St_Johns'],
  ndt: ['America/St_Johns'],
  bst: ['Europe/London', 'Asia/Dhaka'],
  wet: ['Europe/Lisbon'],
  west: ['Europe/Lisbon'],
  cet: ['Europe/Paris', 'Europe/Berlin'],
  cest: ['Europe/Paris', 'Europe/Berlin'],
  eet: ['Europe/Athens', 'Europe/Helsinki'],
  eest: ['Europe/Athens', 'Europe/Helsinki'],
  msk: ['Europe/Moscow'],
  trt: ['Europe/Istanbul'],
  gst: ['Asia/Dubai'],
  pkt: ['Asia/Karachi'],
  npt: ['Asia/Kathmandu'],
  ict: ['Asia/Bangkok'],
  wib: ['Asia/Jakarta'],
  sgt: ['Asia/Singapore'],
  hkt: ['Asia/Hong_Kong'],
  pht: ['Asia/Manila'],
  jst: ['Asia/Tokyo'],
  kst: ['Asia/Seoul'],
  awst: ['Australia/Perth'],
  acst: ['Australia/Adelaide'],
  acdt: ['Australia/Adelaide'],
  aest: ['Australia/Sydney', 'Australia/Brisbane'],
  aedt: ['Australia/Sydney'],
  nzst: ['Pacific/Auckland'],
  nzdt: ['Pacific/Auckland'],
  sast: ['Africa/Johannesburg'],
  wat: ['Africa/Lagos'],
  cat: ['Africa/Maputo'],
  eat: ['Africa/Nairobi'],
  brt: ['America/Sao_Paulo'],
  art: ['America/Argentina/Buenos_Aires'],
  mumbai: ['Asia/Kolkata'],
  bombay: ['Asia/Kolkata'],
  delhi: ['Asia/Kolkata'],
  new_delhi: ['Asia/Kolkata'],
  bangalore: ['Asia/Kolkata'],
  bengaluru: ['Asia/Kolkata'],
  chennai: ['Asia/Kolkata'],
  hyderabad: ['Asia/Kolkata'],
  beijing: ['Asia/Shanghai'],
  shenzhen: ['Asia/Shanghai'],
  san_francisco: ['America/Los_Angeles'],
  seattle: ['America/Los_Angeles'],
  washington: ['America/New_York'],
  boston: ['America/New_York'],
  miami: ['America/New_York'],
  atlanta: ['America/New_York'],
  dallas: ['America/Chicago'],
  houston: ['America/Chicago'],
  austin: ['America/Chicago'],
  montreal: ['America/Toronto'],
  munich: ['Europe/Berlin'],
  frankfurt: ['Europe/Berlin'],
  hamburg: ['Europe/Berlin'],
  milan: ['Europe/Rome'],
  barcelona: ['Europe/Madrid'],
  st_petersburg: ['Europe/Moscow'],
  osaka: ['Asia/Tokyo'],
  abu_dhabi: ['Asia/Dubai'],
  melbourne_au: ['Australia/Melbourne'],
};

/** How a name is compared: lower case, spaces and hyphens as the underscore tz names use. */
const normalise = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** Levenshtein distance, stopping early past `limit` (returns limit + 1 then). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * Zones for what was typed, best first, at most `limit`, as canonical names. `table` maps every
 * zone and link name in lower case to its canonical zone (zoned.ts). Ranks: the exact name or an
 * alias; a city (the name's last part) equal to the text; a city that starts with it; a name that
 * contains it (3 characters or more); a city one typing mistake away (two from 8 characters).
 * When something matches exactly (the first two ranks), only those are given.
 */
export function searchZones(query: string, table: ReadonlyMap<string, string>, limit = 8): string[] {
  const q = normalise(query);
  if (q === '') return [];
  const ranked = new Map<string, number>();
  const offer = (zone: string | undefined, rank: number) => {
    if (zone === undefined) return;
    const had = ranked.get(zone);
    if (had === undefined || rank < had) ranked.set(zone, rank);
  };
  offer(table.get(q), 0);
  (ALIASES[q] ?? []).forEach((zone, i) => offer(table.get(zone.toLowerCase()), i === 0 ? 0 : 1));
  const typo = q.length >= 8 ? 2 : q.length >= 4 ? 1 : 0;
  for (const [name, zone] of table) {
    const city = name.slice(name.lastIndexOf('/') + 1);
    if (city === q) offer(zone, 1);
    else if (q.length >= 2 && city.startsWith(q)) offer(zone, 2);
    else if (q.length >= 3 && name.includes(q)) offer(zone, 3);
    else if (typo > 0 && distance(city, q, typo) <= typo) offer(zone, 4);
  }
  const sorted = [...ranked].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
  // A name, an alias or a city that is exactly the text: only those (`IST` is no part of Istanbul).
  const exact = sorted[0] !== undefined && sorted[0][1] <= 1 ? sorted.filter(([, rank]) => rank <= 1) : sorted;
  return exact.slice(0, limit).map(([zone]) => zone);
}
