// Validation answers come from RFC 9562 (Appendix A and B example UUIDs and their timestamps,
// §4.1 variant and §4.2 version fields, §5.9/§5.10 nil and max) and the ULID spec's example.
// Name-based answers are RFC 9562 A.2/A.4 and Python's uuid3/uuid5 known answers. Generated
// UUIDs depend on randomness and the clock, so they are matched by pattern only: version
// nibble, variant `10` (8, 9, a or b), lowercase; ULIDs by Crockford's alphabet.
import type { ToolCase } from '../vectors';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const V4_COMPACT = /^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/;
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** Versions 1 and 6: the node's first octet is odd (multicast bit set, RFC 9562 §6.10). */
const V1 = /^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f][13579bdf][0-9a-f]{10}$/;
const V6 = /^[0-9a-f]{8}-[0-9a-f]{4}-6[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f][13579bdf][0-9a-f]{10}$/;
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
/** NanoID's default: 21 characters of its URL-safe alphabet. */
const NANOID = /^[A-Za-z0-9_-]{21}$/;

/** One fresh v4 UUID next to the validation result; a valid vN UUID has the RFC 9562 variant. */
const validated = (
  name: string,
  validate: string,
  version: string | undefined,
  variant = version?.startsWith('v') ? 'RFC 9562' : undefined,
  timestamp?: string,
): ToolCase => ({
  name,
  body: { validate },
  status: 200,
  match: {
    uuids: [V4],
    count: 1,
    format: 'hyphenated',
    is_valid: version !== undefined,
    validated_version: version,
    variant,
    timestamp,
  },
});

const cases: ToolCase[] = [
  {
    name: 'defaults: one hyphenated version 4 UUID, no validation fields',
    body: {},
    status: 200,
    match: { uuids: [V4], count: 1, format: 'hyphenated', is_valid: undefined, validated_version: undefined },
  },
  {
    name: 'five UUIDs',
    body: { count: 5 },
    status: 200,
    match: { uuids: [V4, V4, V4, V4, V4], count: 5, format: 'hyphenated' },
  },
  {
    name: 'compact format has no hyphens',
    body: { count: 2, format: 'compact' },
    status: 200,
    match: { uuids: [V4_COMPACT, V4_COMPACT], count: 2, format: 'compact' },
  },
  {
    name: 'the maximum of 100',
    body: { count: 100 },
    status: 200,
    match: { uuids: Array.from({ length: 100 }, () => V4), count: 100 },
  },
  {
    name: 'version 7 (time-ordered)',
    body: { count: 3, version: 7 },
    status: 200,
    match: { uuids: [V7, V7, V7], count: 3, format: 'hyphenated' },
  },
  validated(
    'RFC 9562 A.1 version 1 (uppercase), its time to 100 ns',
    'C232AB00-9414-11EC-B3C8-9F6BDECED846',
    'v1',
    'RFC 9562',
    '2022-02-22T19:22:22.0000000Z',
  ),
  validated('RFC 9562 A.2 version 3', '5df41881-3aed-3515-88a7-2f4a814cf09e', 'v3', 'RFC 9562'),
  validated('RFC 9562 A.3 version 4', '919108f7-52d1-4320-9bac-f847db4148a8', 'v4', 'RFC 9562'),
  validated('RFC 9562 A.4 version 5', '2ed6657d-e927-568b-95e1-2665a8aea6a2', 'v5', 'RFC 9562'),
  validated(
    'RFC 9562 A.5 version 6, its time to 100 ns',
    '1EC9414C-232A-6B00-B3C8-9F6BDECED846',
    'v6',
    'RFC 9562',
    '2022-02-22T19:22:22.0000000Z',
  ),
  validated(
    'RFC 9562 A.6 version 7, its time to the millisecond',
    '017F22E2-79B0-7CC3-98C4-DC0C0C07398F',
    'v7',
    'RFC 9562',
    '2022-02-22T19:22:22.000Z',
  ),
  validated('RFC 9562 B.1 version 8 (time-based)', '2489E9AD-2EE2-8E00-8EC9-32D5F69181C0', 'v8'),
  validated('RFC 9562 B.2 version 8 (name-based)', '5c146b14-3c52-8afd-938a-375d0df1fbf6', 'v8'),
  validated('RFC 9562 §5.9 nil UUID (variant NCS, §4.1)', '00000000-0000-0000-0000-000000000000', 'nil', 'NCS'),
  validated(
    'RFC 9562 §5.10 max UUID (uppercase; variant future, §4.1)',
    'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
    'max',
    'future',
  ),
  validated('compact form', '919108f752d143209bacf847db4148a8', 'v4'),
  validated('braces', '{919108F7-52D1-4320-9BAC-F847DB4148A8}', 'v4'),
  // RFC 9562 §4's example, a version 1 UUID; its time as Python's uuid reads it (UUID.time, 100-ns units).
  validated(
    'urn:uuid: prefix (RFC 9562 §4)',
    'URN:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6',
    'v1',
    'RFC 9562',
    '1997-02-03T17:43:12.2168750Z',
  ),
  validated('surrounding whitespace is ignored', ' \t919108f7-52d1-4320-9bac-f847db4148a8\n', 'v4'),
  validated('variant 0xxx (NCS) is not valid, and is named', '919108f7-52d1-4320-7bac-f847db4148a8', undefined, 'NCS'),
  validated(
    'variant 110x (Microsoft) is not valid, and is named',
    '919108f7-52d1-4320-cbac-f847db4148a8',
    undefined,
    'Microsoft',
  ),
  validated('version 0 is not valid', '919108f7-52d1-0320-9bac-f847db4148a8', undefined, 'RFC 9562'),
  validated('version 9 is not valid', '919108f7-52d1-9320-9bac-f847db4148a8', undefined, 'RFC 9562'),
  validated('a non-hex digit', '919108f7-52d1-4320-9bac-f847db4148ag', undefined),
  validated('hyphens in the wrong places', '919108f75-2d1-4320-9bac-f847db4148a8', undefined),
  validated('one digit short', '919108f7-52d1-4320-9bac-f847db4148a', undefined),
  validated('an empty string is checked and is not valid', '', undefined),
  validated(
    'variant 111x (future) is not valid, and is named',
    '919108f7-52d1-4320-ebac-f847db4148a8',
    undefined,
    'future',
  ),
  validated(
    'ULID spec example, its time to the millisecond',
    '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    'ulid',
    undefined,
    '2016-07-30T23:54:10.259Z',
  ),
  validated('a ULID in lower case', '01arz3ndektsv4rrffq69g5fav', 'ulid', undefined, '2016-07-30T23:54:10.259Z'),
  validated('a ULID with U (not in Crockford Base32) is not valid', '01ARZ3NDEKTSV4RRFFQ69G5FAU', undefined),
  validated('a ULID above 7ZZZZZZZZZZZZZZZZZZZZZZZZZ is not valid', '81ARZ3NDEKTSV4RRFFQ69G5FAV', undefined),
  {
    name: 'version 1: random node with the multicast bit, hyphenated',
    body: { count: 3, version: 1 },
    status: 200,
    match: { uuids: [V1, V1, V1], count: 3, format: 'hyphenated' },
  },
  {
    name: 'version 6 (reordered time)',
    body: { count: 2, version: 6 },
    status: 200,
    match: { uuids: [V6, V6], count: 2 },
  },
  {
    name: "version 5: Python's uuid5(NAMESPACE_DNS, 'python.org')",
    body: { version: 5, namespace: 'dns', name: 'python.org' },
    status: 200,
    match: { uuids: ['886313e1-3b8a-5372-9b90-0c9aee199e5d'], count: 1, format: 'hyphenated' },
  },
  {
    name: "version 3: Python's uuid3(NAMESPACE_DNS, 'python.org'), compact, twice",
    body: { version: 3, namespace: 'DNS', name: 'python.org', format: 'compact', count: 2 },
    status: 200,
    match: {
      uuids: ['6fa459eaee8a3ca4894edb77e160355e', '6fa459eaee8a3ca4894edb77e160355e'],
      count: 2,
      format: 'compact',
    },
  },
  {
    name: 'version 5 in a namespace given as a UUID (RFC 9562 A.4: the DNS namespace spelled out)',
    body: { version: 5, namespace: '{6BA7B810-9DAD-11D1-80B4-00C04FD430C8}', name: 'www.example.com' },
    status: 200,
    match: { uuids: ['2ed6657d-e927-568b-95e1-2665a8aea6a2'] },
  },
  {
    name: 'nil and max',
    body: { version: 'max', count: 2, validate: '00000000000000000000000000000000' },
    status: 200,
    match: {
      uuids: ['ffffffff-ffff-ffff-ffff-ffffffffffff', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
      is_valid: true,
      validated_version: 'nil',
      variant: 'NCS',
    },
  },
  {
    name: 'the nil UUID, compact',
    body: { version: 'nil', format: 'compact' },
    status: 200,
    match: { uuids: ['00000000000000000000000000000000'], format: 'compact' },
  },
  {
    name: 'ULIDs: 26 Crockford Base32 characters, the format field ignored',
    body: { version: 'ulid', count: 3, format: 'compact' },
    status: 200,
    match: { uuids: [ULID, ULID, ULID], count: 3, format: 'compact' },
  },
  {
    name: "version 8 from RFC 9562 B.1's bits: the same UUID back, and the same each time",
    body: { version: 8, data: '2489E9AD-2EE2-8E00-8EC9-32D5F69181C0', count: 2 },
    status: 200,
    match: { uuids: ['2489e9ad-2ee2-8e00-8ec9-32d5f69181c0', '2489e9ad-2ee2-8e00-8ec9-32d5f69181c0'], count: 2 },
  },
  {
    name: 'version 8 sets the version and variant bits over the data (RFC 9562 §5.8)',
    body: { version: 8, data: 'ffffffffffffffffffffffffffffffff', format: 'compact' },
    status: 200,
    match: { uuids: ['ffffffffffff8fffbfffffffffffffff'], format: 'compact' },
  },
  {
    name: 'version 8 of all-zero data is RFC 9562 B.2-shaped: version 8, variant 10',
    body: { version: 8, data: '{00000000-0000-0000-0000-000000000000}' },
    status: 200,
    match: { uuids: ['00000000-0000-8000-8000-000000000000'] },
  },
  {
    name: 'version 8 without data is refused',
    body: { version: 8 },
    status: 400,
    match: { error: "'data' is required for version 8: the 32 hex digits to lay out as the UUID." },
  },
  {
    name: 'version 8 data that is not 32 hex digits is refused',
    body: { version: 8, data: '2489e9ad2ee28e008ec932d5f69181' },
    status: 400,
    match: {
      error: `'data' must be 32 hex digits (a UUID's 128 bits, hyphens or braces allowed); got "2489e9ad2ee28e008ec932d5f69181".`,
    },
  },
  {
    name: 'data with another version is refused',
    body: { version: 4, data: '2489e9ad2ee28e008ec932d5f69181c0' },
    status: 400,
    match: { error: "'data' applies to version 8 only; leave it out or send version 8." },
  },
  {
    name: 'NanoIDs: 21 URL-safe characters by default, the format field ignored',
    body: { version: 'nanoid', count: 3, format: 'compact' },
    status: 200,
    match: { uuids: [NANOID, NANOID, NANOID], count: 3, format: 'compact' },
  },
  {
    name: 'NanoIDs of a given size and alphabet',
    body: { version: 'nanoid', size: 12, alphabet: '0123456789abcdef', count: 2 },
    status: 200,
    match: { uuids: [/^[0-9a-f]{12}$/, /^[0-9a-f]{12}$/] },
  },
  {
    name: 'a NanoID alphabet of whole code points (emoji are one character each)',
    body: { version: 'nanoid', size: 8, alphabet: '🍎🍐🍊🍋' },
    status: 200,
    match: { uuids: [/^(?:🍎|🍐|🍊|🍋){8}$/u] },
  },
  {
    name: 'a NanoID alphabet with a repeated character is refused',
    body: { version: 'nanoid', alphabet: 'abca' },
    status: 400,
    match: { error: `'alphabet' lists "a" twice; each character may appear once, or some would come up more often.` },
  },
  {
    name: 'a one-character NanoID alphabet is refused',
    body: { version: 'nanoid', alphabet: 'a' },
    status: 400,
    match: { error: "'alphabet' must have 2–256 characters; it has 1." },
  },
  {
    name: 'a NanoID size over 1024 is refused',
    body: { version: 'nanoid', size: 1025 },
    status: 400,
    match: { error: /'size' must be at most 1024/ },
  },
  {
    name: 'size with a UUID version is refused',
    body: { size: 10 },
    status: 400,
    match: { error: `'size' applies to version "nanoid" only; leave it out or send version "nanoid".` },
  },
  {
    name: 'version 5 without a name is refused',
    body: { version: 5, namespace: 'url' },
    status: 400,
    match: { error: "'name' is required for version 5: the text to hash in the namespace." },
  },
  {
    name: 'version 3 without a namespace is refused',
    body: { version: 3, name: 'x' },
    status: 400,
    match: { error: "'namespace' is required for version 3: dns, url, oid, x500 or a UUID." },
  },
  {
    name: 'an unknown namespace is refused',
    body: { version: 5, namespace: 'email', name: 'x' },
    status: 400,
    match: { error: `'namespace' must be dns, url, oid, x500 or a UUID (got "email").` },
  },
  {
    name: 'a name with a version other than 3 or 5 is refused',
    body: { version: 'ulid', name: 'x' },
    status: 400,
    match: { error: "'name' applies to versions 3 and 5 only; leave it out or send version 3 or 5." },
  },
  {
    name: 'name must be a string',
    body: { version: 5, namespace: 'dns', name: 5 },
    status: 400,
    match: { error: /'name' must be a string \(got a number\)/ },
  },
  {
    name: 'validating in compact format still generates',
    body: { validate: '017f22e279b07cc398c4dc0c0c07398f', format: 'compact', count: 2 },
    status: 200,
    match: { uuids: [V4_COMPACT, V4_COMPACT], count: 2, format: 'compact', is_valid: true, validated_version: 'v7' },
  },
  {
    name: 'count 0 is refused',
    body: { count: 0 },
    status: 400,
    match: { error: /'count' must be at least 1/, issues: [{ path: ['count'], message: 'must be at least 1' }] },
  },
  {
    name: 'count 101 is refused',
    body: { count: 101 },
    status: 400,
    match: { error: /'count' must be at most 100/ },
  },
  {
    name: 'a fractional count is refused',
    body: { count: 2.5 },
    status: 400,
    match: { error: /'count' must be an integer/ },
  },
  {
    name: 'unknown format and version are both named',
    body: { format: 'braces', version: 2 },
    status: 400,
    match: {
      error:
        /'format' must be one of "hyphenated", "compact".*'version' must be one of 1, 3, 4, 5, 6, 7, "nil", "max", "ulid"/,
    },
  },
  {
    name: 'validate must be a string',
    body: { validate: 42 },
    status: 400,
    match: { error: /'validate' must be a string \(got a number\)/ },
  },
];

export default cases;
