import { defineTool, ToolInputError } from '../define';
import { uuidsGregorian } from './gregorian';
import { NAMESPACES, uuidNameBased, type NamespaceName } from './name-based';
import { Input, Output, type Version } from './schema';
import { ulids } from './ulid';
import { formatUuid, hexDigits, inspect, uuidsV4, uuidsV7 } from './uuid';

/** The 32 hex digits of `namespace`: a well-known name (any case) or a UUID. */
function namespaceHex(namespace: string): string {
  const known = NAMESPACES[namespace.trim().toLowerCase() as NamespaceName] as string | undefined;
  const hex = hexDigits(known ?? namespace);
  if (hex === undefined) throw new ToolInputError(`'namespace' must be dns, url, oid, x500 or a UUID (got ${JSON.stringify(namespace.slice(0, 60))}).`);
  return hex;
}

/**
 * Name and namespace belong to versions 3 and 5: they are required there (see `generate`) and
 * refused elsewhere, so that a request meaning a name-based UUID cannot silently get a random one.
 */
function refuseNameFields(version: Version, namespace?: string, name?: string): void {
  if (version === 3 || version === 5) return;
  for (const [field, value] of [['namespace', namespace], ['name', name]] as const) {
    if (value !== undefined) throw new ToolInputError(`'${field}' applies to versions 3 and 5 only; leave it out or send version 3 or 5.`);
  }
}

/**
 * The 16-byte UUIDs of the request.
 */
async function generate(version: Exclude<Version, 'ulid'>, count: number, random: Uint8Array, nowMs: number, namespace?: string, name?: string): Promise<Uint8Array[]> {
  if (version === 3 || version === 5) {
    if (namespace === undefined) throw new ToolInputError(`'namespace' is required for version ${version}: dns, url, oid, x500 or a UUID.`);
    if (name === undefined) throw new ToolInputError(`'name' is required for version ${version}: the text to hash in the namespace.`);
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
  summary: 'Generates UUIDs (versions 1, 3, 4, 5, 6, 7, nil, max) or ULIDs, and explains a given UUID or ULID: version, variant and the time inside.',
  tag: 'generation',
  category: 'crypto',
  icon: 'id-card',
  blurb: 'Random, time-ordered or name-based UUIDs and ULIDs; inspect one.',
  keywords: ['uuid', 'guid', 'ulid', 'uuid v1', 'uuid v3', 'uuid v4', 'uuid v5', 'uuid v6', 'uuid v7', 'v4', 'v7', 'nil uuid', 'max uuid', 'name-based', 'random id', 'unique id', 'identifier', 'validate'],
  paste: [{ kind: 'uuid', field: 'validate' }],
  nondeterministic: 'Versions 1, 4, 6, 7 and ULIDs are new on every call (random bits, and the clock for all but 4); the name-based 3 and 5, nil and max repeat.',
  input: Input,
  output: Output,
  examples: [
    { summary: 'Five UUIDs', input: { count: 5 } },
    { summary: 'Time-ordered v7 UUIDs, compact', input: { count: 3, version: 7, format: 'compact' } },
    { summary: 'A name-based v5 UUID', input: { version: 5, namespace: 'dns', name: 'python.org' } },
    { summary: 'Validate a UUID', input: { validate: '{919108F7-52D1-4320-9BAC-F847DB4148A8}' } },
    { summary: 'The time inside a ULID', input: { version: 'ulid', validate: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } },
  ],
  async run({ count, format, version, namespace, name, validate }, ctx) {
    // UUIDs are generated in every request, validation or not (docs/contract.md §4), from one
    // draw of 16 random bytes per UUID.
    refuseNameFields(version, namespace, name);
    const random = ctx.randomBytes(new Uint8Array(16 * count));
    const uuids =
      version === 'ulid'
        ? ulids(random, count, ctx.now())
        : (await generate(version, count, random, ctx.now(), namespace, name)).map((uuid) => formatUuid(uuid, format === 'hyphenated'));
    if (validate === undefined) return { uuids, count, format };
    // Sent but empty (or blank) is still a request to check, and it is not a UUID.
    return { uuids, count, format, ...inspect(validate) };
  },
});
