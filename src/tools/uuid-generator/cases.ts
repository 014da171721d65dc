// Validation answers come from RFC 9562 (Appendix A and B example UUIDs, §4.1 variant and §4.2
// version fields, §5.9/§5.10 nil and max). Generated UUIDs depend on randomness and the clock,
// so they are matched by pattern only: version nibble, variant `10` (8, 9, a or b), lowercase.
import type { ToolCase } from '../define';

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const V4_COMPACT = /^[0-9a-f]{12}4[0-9a-f]{3}[89ab][0-9a-f]{15}$/;
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** One fresh v4 UUID next to the validation result. */
const validated = (name: string, validate: string, version: string | undefined): ToolCase => ({
  name,
  body: { validate },
  status: 200,
  match: { uuids: [V4], count: 1, format: 'hyphenated', is_valid: version !== undefined, validated_version: version },
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
  validated('RFC 9562 A.1 version 1 (uppercase)', 'C232AB00-9414-11EC-B3C8-9F6BDECED846', 'v1'),
  validated('RFC 9562 A.2 version 3', '5df41881-3aed-3515-88a7-2f4a814cf09e', 'v3'),
  validated('RFC 9562 A.3 version 4', '919108f7-52d1-4320-9bac-f847db4148a8', 'v4'),
  validated('RFC 9562 A.4 version 5', '2ed6657d-e927-568b-95e1-2665a8aea6a2', 'v5'),
  validated('RFC 9562 A.5 version 6', '1EC9414C-232A-6B00-B3C8-9F6BDECED846', 'v6'),
  validated('RFC 9562 A.6 version 7', '017F22E2-79B0-7CC3-98C4-DC0C0C07398F', 'v7'),
  validated('RFC 9562 B.1 version 8 (time-based)', '2489E9AD-2EE2-8E00-8EC9-32D5F69181C0', 'v8'),
  validated('RFC 9562 B.2 version 8 (name-based)', '5c146b14-3c52-8afd-938a-375d0df1fbf6', 'v8'),
  validated('RFC 9562 §5.9 nil UUID', '00000000-0000-0000-0000-000000000000', 'nil'),
  validated('RFC 9562 §5.10 max UUID (uppercase)', 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF', 'max'),
  validated('compact form', '919108f752d143209bacf847db4148a8', 'v4'),
  validated('braces', '{919108F7-52D1-4320-9BAC-F847DB4148A8}', 'v4'),
  validated('urn:uuid: prefix (RFC 9562 §4)', 'URN:UUID:f81d4fae-7dec-11d0-a765-00a0c91e6bf6', 'v1'),
  validated('surrounding whitespace is ignored', ' \t919108f7-52d1-4320-9bac-f847db4148a8\n', 'v4'),
  validated('variant 0xxx (NCS) is not valid', '919108f7-52d1-4320-7bac-f847db4148a8', undefined),
  validated('variant 110x (Microsoft) is not valid', '919108f7-52d1-4320-cbac-f847db4148a8', undefined),
  validated('version 0 is not valid', '919108f7-52d1-0320-9bac-f847db4148a8', undefined),
  validated('version 9 is not valid', '919108f7-52d1-9320-9bac-f847db4148a8', undefined),
  validated('a non-hex digit', '919108f7-52d1-4320-9bac-f847db4148ag', undefined),
  validated('hyphens in the wrong places', '919108f75-2d1-4320-9bac-f847db4148a8', undefined),
  validated('one digit short', '919108f7-52d1-4320-9bac-f847db4148a', undefined),
  validated('an empty string is checked and is not valid', '', undefined),
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
    body: { format: 'braces', version: 5 },
    status: 400,
    match: { error: /'format' must be one of "hyphenated", "compact".*'version' must be one of 4, 7/ },
  },
  {
    name: 'validate must be a string',
    body: { validate: 42 },
    status: 400,
    match: { error: /'validate' must be a string \(got a number\)/ },
  },
];

export default cases;
