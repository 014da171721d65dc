import { defineTool, ToolInputError } from '../define';
import { uuidsGregorian } from './gregorian';
import { NAMESPACES, uuidNameBased, type NamespaceName } from './name-based';
import { NANOID_ALPHABET, NANOID_SIZE, nanoids } from './nanoid';
import { Input, NANOID_ALPHABET_MAX, Output, type Version } from './schema';
import { ulids } from './ulid';
import { formatUuid, hexDigits, inspect, uuidsV4, uuidsV7 } from './uuid';

/** The 32 hex digits of `namespace`: a well-known name (any case) or a UUID. */
function namespaceHex(namespace: string): string {
  const known = NAMESPACES[namespace.trim().toLowerCase() as NamespaceName] as string | undefined;
  const hex = hexDigits(known ?? namespace);
  if (hex === undefined)
    throw new ToolInputError(
      `'namespace' must be dns, url, oid, x500 or a UUID (got ${JSON.stringify(namespace.slice(0, 60))}).`,
    );
  return hex;
}

/**
 * Fields that belong to some versions only are refused elsewhere, so that a request meaning a
 * name-based (or custom, or NanoID) answer cannot silently get a random UUID.
 */
function refuseForeignFields(
  version: Version,
  fields: { namespace?: string; name?: string; data?: string; size?: number; alphabet?: string },
): void {
  const owners = { namespace: [3, 5], name: [3, 5], data: [8], size: ['nanoid'], alphabet: ['nanoid'] } as const;
  for (const [field, versions] of Object.entries(owners) as [keyof typeof owners, readonly Version[]][]) {
    if (fields[field] === undefined || versions.includes(version)) continue;
    const which =
      versions.length === 2
        ? `versions ${versions[0]} and ${versions[1]}`
        : versions[0] === 'nanoid'
          ? 'version "nanoid"'
          : `version ${versions[0]}`;
    const send = versions.length === 2 ? `version ${versions[0]} or ${versions[1]}` : which;
    throw new ToolInputError(`'${field}' applies to ${which} only; leave it out or send ${send}.`);
  }
}

/** RFC 9562 §5.8: the given 128 bits with the version nibble set to 8 and the variant to `10`. */
function uuidV8(data: string): Uint8Array {
  const hex = hexDigits(data);
  if (hex === undefined)
    throw new ToolInputError(
      `'data' must be 32 hex digits (a UUID's 128 bits, hyphens or braces allowed); got ${JSON.stringify(data.slice(0, 60))}.`,
    );
  const bytes = Uint8Array.from(hex.match(/../g)!, (pair) => Number.parseInt(pair, 16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return bytes;
}

/** The alphabet as distinct code points, or a 400 that says what is wrong with it. */
function nanoidAlphabet(alphabet: string): string[] {
  // Over twice the limit in UTF-16 units is over the limit in characters: refused before it is split.
  const chars = alphabet.length > 2 * NANOID_ALPHABET_MAX ? undefined : [...alphabet];
  if (chars === undefined || chars.length < 2 || chars.length > NANOID_ALPHABET_MAX) {
    const has = chars === undefined ? `more than ${NANOID_ALPHABET_MAX}` : String(chars.length);
    throw new ToolInputError(`'alphabet' must have 2–${NANOID_ALPHABET_MAX} characters; it has ${has}.`);
  }
  const seen = new Set<string>();
  for (const char of chars) {
    if (seen.has(char))
      throw new ToolInputError(
        `'alphabet' lists ${JSON.stringify(char)} twice; each character may appear once, or some would come up more often.`,
      );
    seen.add(char);
  }
  return chars;
}

/**
 * The 16-byte UUIDs of the request.
 */
async function generate(
  version: Exclude<Version, 'ulid' | 'nanoid'>,
  count: number,
  random: Uint8Array,
  nowMs: number,
  fields: { namespace?: string; name?: string; data?: string },
): Promise<Uint8Array[]> {
  const { namespace, name, data } = fields;
  if (version === 8) {
    if (data === undefined)
      throw new ToolInputError(`'data' is required for version 8: the 32 hex digits to lay out as the UUID.`);
    const uuid = uuidV8(data);
    return Array.from({ length: count }, () => uuid.slice());
  }
  if (version === 3 || version === 5) {
    if (namespace === undefined)
      throw new ToolInputError(`'namespace' is required for version ${version}: dns, url, oid, x500 or a UUID.`);
    if (name === undefined)
      throw new ToolInputError(`'name' is required for version ${version}: the text to hash in the namespace.`);
    const uuid = await uuidNameBased(namespaceHex(namespace), name, version);
    return Array.from({ length: count }, () => uuid.slice());
  }
  switch (version) {
    case 1:
    case 6:
      return uuidsGregorian(random, count, nowMs, version);
    case 7:
      return uuidsV7(random, count, nowMs);
    case 'nil':
      return Array.from({ length: count }, () => new Uint8Array(16));
    case 'max':
      return Array.from({ length: count }, () => new Uint8Array(16).fill(0xff));
    default:
      return uuidsV4(random, count);
  }
}

export default defineTool({
  slug: 'uuid-generator',
  name: 'UUID Generator',
  summary:
    'Generates UUIDs (versions 1, 3, 4, 5, 6, 7, 8, nil, max), ULIDs or NanoIDs, and explains a given UUID or ULID: version, variant and the time inside.',
  tag: 'generation',
  category: 'crypto',
  icon: 'id-card',
  blurb: 'Random, time-ordered or name-based UUIDs and ULIDs; inspect one.',
  keywords: [
    'uuid',
    'guid',
    'ulid',
    'uuid v1',
    'uuid v3',
    'uuid v4',
    'uuid v5',
    'uuid v6',
    'uuid v7',
    'v4',
    'v7',
    'uuid v8',
    'nanoid',
    'nano id',
    'nil uuid',
    'max uuid',
    'name-based',
    'random id',
    'unique id',
    'identifier',
    'validate',
  ],
  paste: [{ kind: 'uuid', field: 'validate' }],
  nondeterministic:
    'Versions 1, 4, 6, 7, ULIDs and NanoIDs are new on every call (random bits, and the clock for 1, 6, 7 and ULIDs); the name-based 3 and 5, the custom 8, nil and max repeat.',
  input: Input,
  output: Output,
  examples: [
    { summary: 'Five UUIDs', input: { count: 5 } },
    { summary: 'Time-ordered v7 UUIDs, compact', input: { count: 3, version: 7, format: 'compact' } },
    { summary: 'A name-based v5 UUID', input: { version: 5, namespace: 'dns', name: 'python.org' } },
    { summary: 'Validate a UUID', input: { validate: '{919108F7-52D1-4320-9BAC-F847DB4148A8}' } },
    { summary: 'The time inside a ULID', input: { version: 'ulid', validate: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } },
  ],
  async run({ count, format, version, namespace, name, data, size, alphabet, validate }, ctx) {
    // UUIDs are generated in every request, validation or not (docs/contract.md §4), from one
    // draw of 16 random bytes per UUID (NanoIDs draw as many as they need).
    refuseForeignFields(version, { namespace, name, data, size, alphabet });
    let uuids: string[];
    if (version === 'nanoid') {
      const chars = alphabet === undefined ? [...NANOID_ALPHABET] : nanoidAlphabet(alphabet);
      uuids = nanoids(chars, size ?? NANOID_SIZE, count, (n) => ctx.randomBytes(new Uint8Array(n)));
    } else {
      const random = ctx.randomBytes(new Uint8Array(16 * count));
      uuids =
        version === 'ulid'
          ? ulids(random, count, ctx.now())
          : (await generate(version, count, random, ctx.now(), { namespace, name, data })).map((uuid) =>
              formatUuid(uuid, format === 'hyphenated'),
            );
    }
    if (validate === undefined) return { uuids, count, format };
    // Sent but empty (or blank) is still a request to check, and it is not a UUID.
    return { uuids, count, format, ...inspect(validate) };
  },
});
