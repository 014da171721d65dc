// What smart paste recognises and how a tool's page takes it: the vocabulary shared by the tools'
// definitions and src/lib/smart-paste.ts. Imports nothing.

/**
 * What smart paste recognises in pasted text (src/lib/smart-paste.ts). A tool lists the kinds it
 * opens; the detector says how sure it is, the tool how well it fits.
 */
export const PASTE_KINDS = [
  'jwt',
  'json',
  'json-rows',
  'uuid',
  'unix-time',
  'date',
  'base64',
  'color',
  'lcov',
  'hex-number',
  'binary-number',
  'octal-number',
  'decimal-number',
  'percent-encoded',
  'url',
  'csv',
  'identifier',
  'text',
] as const;
export type PasteKind = (typeof PASTE_KINDS)[number];

/** How a tool's page takes a paste of one kind: the text goes to `field`, `with` sets others. */
export interface PasteTarget {
  kind: PasteKind;
  field: string;
  with?: Record<string, unknown>;
  /** How well the tool fits this kind, 0–1 (default 1): a generic tool takes it with less. */
  fit?: number;
}
