import { defineTool } from '../define';
import { Input, Output } from './schema';
import { formatUuid, uuidsV4, uuidsV7, validateUuid } from './uuid';

export default defineTool({
  slug: 'uuid-generator',
  name: 'UUID Generator',
  summary: 'Generates random version 4 (or time-ordered version 7) UUIDs and validates a given UUID.',
  tag: 'generation',
  category: 'crypto',
  icon: 'id-card',
  blurb: 'Random or time-ordered UUIDs; check one.',
  keywords: ['uuid', 'guid', 'uuid v4', 'uuid v7', 'v4', 'v7', 'random id', 'unique id', 'identifier', 'validate'],
  paste: [{ kind: 'uuid', field: 'validate' }],
  input: Input,
  output: Output,
  examples: [
    { summary: 'Five UUIDs', input: { count: 5 } },
    { summary: 'Time-ordered v7 UUIDs, compact', input: { count: 3, version: 7, format: 'compact' } },
    { summary: 'Validate a UUID', input: { validate: '{919108F7-52D1-4320-9BAC-F847DB4148A8}' } },
  ],
  run({ count, format, version, validate }, ctx) {
    // UUIDs are generated in every request, validation or not (docs/contract.md §4), from one
    // draw of 16 random bytes per UUID.
    const random = ctx.randomBytes(new Uint8Array(16 * count));
    const binary = version === 7 ? uuidsV7(random, count, ctx.now()) : uuidsV4(random, count);
    const uuids = binary.map((uuid) => formatUuid(uuid, format === 'hyphenated'));
    if (validate === undefined) return { uuids, count, format };
    // Sent but empty (or blank) is still a request to check, and it is not a UUID.
    const validated = validateUuid(validate);
    return validated === undefined
      ? { uuids, count, format, is_valid: false }
      : { uuids, count, format, is_valid: true, validated_version: validated };
  },
});
