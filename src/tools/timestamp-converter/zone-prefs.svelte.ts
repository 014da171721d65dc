// The page's chosen time zones, kept on this device (localStorage through src/ui/storage.ts) and
// shared by open tabs. Only zone names are stored, never what the user converts.
import { load, save, watch } from '../../ui/storage';

const KEY = 'timestamp-converter:zones';
/** Enough for a team spread over the world; the list stays one screen long. */
export const MAX_ZONES = 12;

const isZoneList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= MAX_ZONES && value.every((z) => typeof z === 'string' && z.length <= 64);

/** The browser's own zone, as ICU names it (mapped to tzdata's name by the page once zones load). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** First visit: the user's zone and three that developers often meet (deployments, colleagues). */
const DEFAULT_ZONES = ['America/New_York', 'Europe/London', 'Asia/Tokyo'];

export class ZonePrefs {
  zones = $state<string[]>([]);

  constructor(local: string) {
    const fallback = [local, ...DEFAULT_ZONES.filter((z) => z !== local)];
    this.zones = load(KEY, fallback, isZoneList);
    watch(KEY, () => (this.zones = load(KEY, this.zones, isZoneList)));
  }

  add(zone: string): void {
    if (this.zones.includes(zone) || this.zones.length >= MAX_ZONES) return;
    this.zones = [...this.zones, zone];
    save(KEY, this.zones);
  }

  remove(zone: string): void {
    this.zones = this.zones.filter((z) => z !== zone);
    save(KEY, this.zones);
  }
}
