// The instant as a wall clock in an IANA time zone, read from the engine's own tz database
// through Intl.DateTimeFormat (Node and browsers carry full ICU), so no zone data ships with the
// app. The offset is derived from the formatted parts, not from Intl's offset names: those round
// historic local-mean-time offsets (Africa/Monrovia was −00:44:30 until 1972) and their spelling
// differs between engines, while the parts are exact to the second everywhere.
import { ToolInputError } from '../define';
import { MS_PER_DAY, civilFromDays, daysFromCivil } from '../../lib/civil';
import { ZONE_LINKS, ZONE_NAMES } from './tz-names';
import { searchZones } from './zone-search';

export interface Zoned {
  timezone: string;
  local: string;
  offset: string;
}

/** One formatter per zone: building one costs far more than using it. Bounded, oldest dropped. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 64;

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // 'en-US' with h23 and an era: numeric parts in a known order; years before 1 come as BC.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (formatters.size >= MAX_FORMATTERS) formatters.delete(formatters.keys().next().value!);
    formatters.set(zone, f);
  }
  return f;
}

/** Quoted for an error message, cut short so a megabyte of junk does not come back whole. */
const shown = (name: string) => JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name);

/** Names whose zones are UTC under another name: they all answer as `UTC`. */
const UTC_ZONES = new Set(['Etc/UTC', 'Etc/GMT']);

let canonical: Map<string, string> | undefined;

/** Lower-case name → canonical name, built on first use from the tzdata tables. */
function canonicalNames(): Map<string, string> {
  if (canonical) return canonical;
  canonical = new Map();
  const final = (name: string) => (UTC_ZONES.has(name) ? 'UTC' : name);
  for (const zone of ZONE_NAMES.split(' ')) if (zone) canonical.set(zone.toLowerCase(), final(zone));
  for (const pair of ZONE_LINKS.split(' ')) {
    if (!pair) continue;
    const [link, target] = pair.split('>') as [string, string];
    canonical.set(link.toLowerCase(), final(target));
  }
  return canonical;
}

/**
 * The zone's canonical IANA name: any letter case is accepted and links are followed to their
 * zone (`utc`, `Etc/UTC`, `GMT`, `Zulu` → `UTC`; `US/Eastern` → `America/New_York`;
 * `Asia/Calcutta` → `Asia/Kolkata`; `Europe/Kiev` → `Europe/Kyiv`). The tables are tzdata's
 * (./tz-names.ts), not the engine's: ICU canonicalises to CLDR's older ids (`Asia/Katmandu`) and
 * engines disagree on offsets such as `+05:30` (Chromium takes them, Node 20 does not), so one
 * table keeps every door's answer the same. Throws ToolInputError (a 400) naming the zone.
 */
export function canonicalZone(name: string, field = 'timezone'): string {
  const advice = 'use an IANA time zone name such as Europe/Berlin, America/New_York or UTC';
  const zone = name.length <= 64 ? canonicalNames().get(name.trim().toLowerCase()) : undefined;
  if (zone === undefined) {
    const hint = /^\s*[+-]\d/.test(name) ? ' (a fixed offset is not a zone)' : '';
    // A city or an abbreviation: name the zones it may mean (never chosen for the caller).
    const near = name.length <= 64 ? suggestZones(name, 3) : [];
    const guess =
      near.length === 0
        ? ''
        : ` Did you mean ${near.length === 1 ? near[0] : `${near.slice(0, -1).join(', ')} or ${near.at(-1)}`}?`;
    throw new ToolInputError(`'${field}' ${shown(name)} is not a known IANA time zone${hint}; ${advice}.${guess}`);
  }
  try {
    formatter(zone);
  } catch {
    // A zone newer than the runtime's ICU data: say so instead of failing as a bug.
    throw new ToolInputError(`'${field}' ${shown(name)} is not in this runtime's time zone data; ${advice}.`);
  }
  return zone;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `+02:00`, `-04:00`, `+05:45`; seconds only when there are some (`-00:44:30`). */
export function formatOffset(seconds: number): string {
  const abs = Math.abs(seconds);
  const s = abs % 60;
  return `${seconds < 0 ? '-' : '+'}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}${s ? `:${pad(s)}` : ''}`;
}

/**
 * The instant `ms` in `zone` (already canonical): `local` is ISO 8601 with the offset, e.g.
 * `2024-01-05T10:00:00+02:00`, milliseconds only when not zero (as Temporal writes it); years
 * outside 0000–9999 as `±YYYYYY`, like `iso8601`.
 */
export function zonedTime(ms: number, zone: string): Zoned {
  const { wall, offsetSeconds } = wallClock(ms, zone);
  const p = splitWall(wall);
  const y = p.year >= 0 && p.year <= 9999 ? pad(p.year, 4) : (p.year < 0 ? '-' : '+') + pad(Math.abs(p.year), 6);
  const fraction = p.milli ? `.${pad(p.milli, 3)}` : '';
  const offset = formatOffset(offsetSeconds);
  return {
    timezone: zone,
    local: `${y}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${fraction}${offset}`,
    offset,
  };
}

export const DISAMBIGUATIONS = ['compatible', 'earlier', 'later', 'reject'] as const;
export type Disambiguation = (typeof DISAMBIGUATIONS)[number];

/** How a wall clock maps to instants: one, none (a gap: clocks jumped over it) or two (an overlap). */
export interface WallReading {
  /** The instant chosen (the earlier one when `kind` is not 'unique' and the choice is 'reject'). */
  ms: number;
  kind: 'unique' | 'gap' | 'overlap';
  /** The zone's offsets in seconds before and after the change, for gaps and overlaps. */
  before: number;
  after: number;
}

/**
 * The instant whose wall clock in `zone` reads `wall` (that wall clock written as if it were UTC
 * milliseconds), chosen as Temporal's `disambiguation` does: in a gap (spring forward) `compatible`
 * and `later` read the clock with the offset before the change (02:30 in Berlin on a
 * spring-forward day is 03:30 CEST), `earlier` with the offset after it (01:30 CET); in an overlap
 * (fall back) `compatible` and `earlier` take the first of the two instants, `later` the second.
 * The offsets are sampled a day either side, so two changes within two days count as one.
 */
export function readWall(
  wall: number,
  zone: string,
  choice: Exclude<Disambiguation, 'reject'> = 'compatible',
): WallReading {
  const before = wallClock(wall - MS_PER_DAY, zone).offsetSeconds;
  const after = wallClock(wall + MS_PER_DAY, zone).offsetSeconds;
  const first = wall - before * 1000;
  const second = wall - after * 1000;
  const fitsFirst = wallClock(first, zone).wall === wall;
  const fitsSecond = wallClock(second, zone).wall === wall;
  if (fitsFirst && fitsSecond && first !== second) {
    const [earlier, later] = first < second ? [first, second] : [second, first];
    return { ms: choice === 'later' ? later : earlier, kind: 'overlap', before, after };
  }
  if (fitsFirst || fitsSecond) return { ms: fitsFirst ? first : second, kind: 'unique', before, after };
  // In the gap: the clock read with the offset before the change moves forward past it.
  return { ms: choice === 'earlier' ? second : first, kind: 'gap', before, after };
}

/** The instant whose wall clock in `zone` reads `wall`, Temporal's 'compatible' choice (the page's picker). */
export function instantAt(wall: number, zone: string): number {
  return readWall(wall, zone).ms;
}

function splitWall(wall: number) {
  const days = Math.floor(wall / MS_PER_DAY);
  const rest = wall - days * MS_PER_DAY;
  return {
    ...civilFromDays(days),
    hour: Math.floor(rest / 3_600_000),
    minute: Math.floor(rest / 60_000) % 60,
    second: Math.floor(rest / 1000) % 60,
    milli: rest % 1000,
  };
}

/** The wall clock of `ms` in `zone` as UTC-style milliseconds, and the offset in seconds. */
export function wallClock(ms: number, zone: string): { wall: number; offsetSeconds: number } {
  const parts: Record<string, string> = {};
  for (const p of formatter(zone).formatToParts(ms)) parts[p.type] = p.value;
  const era = Number(parts.year);
  const year = parts.era?.startsWith('B') ? 1 - era : era; // 1 BC is year 0
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour) % 24; // some engines wrote midnight as 24 with h23 in the past
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const milli = ((ms % 1000) + 1000) % 1000;
  const wall = daysFromCivil(year, month, day) * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1000 + milli;
  return { wall, offsetSeconds: Math.round((wall - ms) / 1000) };
}

/** Zones for a city, an old name or an abbreviation typed (zone-search.ts), best first. */
export function suggestZones(query: string, limit = 8): string[] {
  return searchZones(query, canonicalNames(), limit);
}

/** Every canonical zone name, sorted, for the page's suggestions. */
export function zoneNames(): string[] {
  return [...new Set(canonicalNames().values())].sort();
}
