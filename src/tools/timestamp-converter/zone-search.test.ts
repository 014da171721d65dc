// Zone search against the runtime's own list (Intl.supportedValuesOf): every zone is found from
// its city as people write it, and the everyday names of the issue find theirs.
import { describe, expect, it } from 'vitest';
import { canonicalZone, suggestZones } from './zoned';

describe('suggestZones', () => {
  it('finds Kolkata, tokyo, IST, Calcutta (an old name), new york and Mumbai', () => {
    expect(suggestZones('Kolkata')[0]).toBe('Asia/Kolkata');
    expect(suggestZones('tokyo')[0]).toBe('Asia/Tokyo');
    expect(suggestZones('IST').slice(0, 3)).toEqual(['Asia/Kolkata', 'Asia/Jerusalem', 'Europe/Dublin']);
    expect(suggestZones('calcutta')[0]).toBe('Asia/Kolkata');
    expect(suggestZones('new york')[0]).toBe('America/New_York');
    expect(suggestZones('Mumbai')[0]).toBe('Asia/Kolkata');
    expect(suggestZones('Tokio')).toContain('Asia/Tokyo'); // one typing mistake
    expect(suggestZones('')).toEqual([]);
    expect(suggestZones('Mars/Olympus_Mons')).toEqual([]);
  });

  // Each city of the runtime's list that names one zone only finds that zone first.
  const runtime = Intl.supportedValuesOf('timeZone').filter((name) => name.includes('/'));
  const cities = new Map<string, Set<string>>();
  for (const name of runtime) {
    const city = name.slice(name.lastIndexOf('/') + 1).replaceAll('_', ' ');
    const zones = cities.get(city.toLowerCase()) ?? new Set();
    zones.add(canonicalZone(name));
    cities.set(city.toLowerCase(), zones);
  }
  it(`finds each of the runtime's ${runtime.length} zones from its city alone`, () => {
    const missed: string[] = [];
    for (const name of runtime) {
      const city = name.slice(name.lastIndexOf('/') + 1).replaceAll('_', ' ');
      if (cities.get(city.toLowerCase())!.size > 1) continue; // e.g. Indiana's and Kentucky's cities
      if (suggestZones(city)[0] !== canonicalZone(name))
        missed.push(`${city} → ${suggestZones(city)[0]}, not ${canonicalZone(name)}`);
    }
    expect(missed).toEqual([]);
  });

  it("the API's 400 names the zones a city or abbreviation may mean, and still picks none", () => {
    expect(() => canonicalZone('Kolkata')).toThrow(
      /is not a known IANA time zone; use an IANA time zone name such as Europe\/Berlin, America\/New_York or UTC\. Did you mean Asia\/Kolkata\?$/,
    );
    expect(() => canonicalZone('IST')).toThrow(/Did you mean Asia\/Kolkata, Asia\/Jerusalem or Europe\/Dublin\?$/);
  });
});
