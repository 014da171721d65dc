// Splits a compact JWT and decodes its parts (docs/contract.md §4 jwt-decoder): well-formed means
// exactly three dot-separated parts, a base64url JSON object header and a base64url JSON payload.
// The signature's alphabet is not part of well-formedness (the contract does not list it); it is
// checked here too and reported as a verification problem instead. A token whose payload is not
// JSON is not a JWT but is still a JWS (RFC 7515 allows any payload bytes; RFC 7520 §4 signs
// text), so its signature can be checked: such a token carries its `jws` parts.
// What people paste around a token is dropped first: surrounding whitespace, one pair
// of surrounding quotes ("…", '…' or `…`, as copied from JSON or code) and a leading
// `Bearer ` or `Authorization: Bearer ` in any case (as copied from an HTTP header).
import { decodeBase64url, type Base64urlResult } from '../../lib/base64';
import { characterPosition as position } from '../../lib/text-position';
import { describeChar, quote } from './messages';
import { unwrapToken } from './unwrap';

/**
 * Deepest nesting accepted in the header or payload. The decoded value is serialized again by
 * every door (JSON.stringify, structuredClone), which recurse and overflow the stack a few
 * thousand levels down; no real JWT comes close to this bound.
 */
export const MAX_DEPTH = 500;

/** A token that is not well-formed: what did decode, and the first problem. */
export interface MalformedToken {
  ok: false;
  /** Absent when the header did not decode to an object. */
  header?: Record<string, unknown>;
  /** Absent (undefined) when the payload did not decode; JSON never yields undefined. */
  payload?: unknown;
  error: string;
  /** Present when only the payload is wrong (three parts, an object header): a JWS to verify. */
  jws?: Jws;
}

/** What signature verification needs: a compact JWS with an object header. */
export interface Jws {
  /** The token without what surrounded it (whitespace, quotes, `Bearer `): the JWS that gets verified. */
  text: string;
  header: Record<string, unknown>;
  /** The third part as given. */
  signature: string;
  /** The decoded signature, or why the third part cannot be one. */
  signatureBytes?: Uint8Array;
  signatureError?: string;
}

export interface WellFormedToken extends Jws {
  ok: true;
  payload: unknown;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

type PartName = 'header (part 1)' | 'payload (part 2)' | 'signature (part 3)';

/** Where the trimmed text sits in the field as sent, so that positions count from the field. */
interface Field {
  raw: string;
  offset: number;
}

export function decodeToken(raw: string): MalformedToken | WellFormedToken {
  const { start, end } = unwrapToken(raw);
  const text = raw.slice(start, end);
  const field: Field = { raw, offset: start };
  if (text === '') {
    return {
      ok: false,
      error:
        start === raw.length
          ? 'The token is empty: it has only whitespace.'
          : 'The token is empty: there is nothing after the quotes or the Bearer prefix.',
    };
  }

  const dot1 = text.indexOf('.');
  const dot2 = dot1 < 0 ? -1 : text.indexOf('.', dot1 + 1);
  const dot3 = dot2 < 0 ? -1 : text.indexOf('.', dot2 + 1);
  const partCount = dot1 < 0 ? 1 : dot2 < 0 ? 2 : dot3 < 0 ? 3 : 3 + countDots(text, dot3);

  // Every part that can be decoded is, so that a broken token still shows what it carries.
  const header = decodeJsonPart(text, 0, dot1 < 0 ? text.length : dot1, 'header (part 1)', field);
  const payload =
    dot1 < 0 ? undefined : decodeJsonPart(text, dot1 + 1, dot2 < 0 ? text.length : dot2, 'payload (part 2)', field);
  const headerValue = 'value' in header && isObject(header.value) ? header.value : undefined;
  const payloadValue = payload && 'value' in payload ? payload.value : undefined;
  const error =
    partsProblem(partCount) ??
    ('error' in header
      ? header.error
      : headerValue
        ? undefined
        : `The header (part 1) is JSON but not an object (it is ${jsonKind(header.value)}).`) ??
    (payload && 'error' in payload ? payload.error : undefined);
  if (error !== undefined) {
    const malformed: MalformedToken = { ok: false, error };
    if (headerValue) malformed.header = headerValue;
    if (payloadValue !== undefined) malformed.payload = payloadValue;
    // Three parts, an object header and base64url payload bytes that are not JSON (or not
    // UTF-8, or too deep): not a JWT, but a JWS, which may carry any bytes.
    if (partCount === 3 && headerValue && decodeBase64url(text, dot1 + 1, dot2).ok) {
      malformed.jws = jwsParts(text, headerValue, dot2, field);
    }
    return malformed;
  }

  // No error means the header decoded to an object.
  return { ok: true, payload: payloadValue, ...jwsParts(text, headerValue!, dot2, field) };
}

function jwsParts(text: string, header: Record<string, unknown>, dot2: number, field: Field): Jws {
  const jws: Jws = { text, header, signature: text.slice(dot2 + 1) };
  const signature = decodeBase64url(text, dot2 + 1, text.length);
  if (dot2 + 1 === text.length) jws.signatureError = 'The signature (part 3) is empty, so there is nothing to verify.';
  else if (signature.ok) jws.signatureBytes = signature.bytes;
  else jws.signatureError = base64Problem('signature (part 3)', signature, text.length - dot2 - 1, field);
  return jws;
}

/** Dots from index `from` on (inclusive). */
function countDots(text: string, from: number): number {
  let count = 0;
  for (let i = text.indexOf('.', from); i >= 0; i = text.indexOf('.', i + 1)) count++;
  return count;
}

function partsProblem(count: number): string | undefined {
  if (count === 3) return undefined;
  if (count === 1) return "The token has no '.' separators; a JWT has three parts: header.payload.signature.";
  if (count === 2)
    return 'The token has 2 dot-separated parts; a JWT has 3 (header.payload.signature, the signature empty when unsigned).';
  if (count === 5)
    return "The token has 5 dot-separated parts, the shape of an encrypted JWT (JWE), which cannot be decoded without the recipient's key; a signed JWT has 3.";
  return `The token has ${count} dot-separated parts; a JWT has 3 (header.payload.signature).`;
}

type PartResult = { value: unknown } | { error: string };

function decodeJsonPart(text: string, start: number, end: number, name: PartName, field: Field): PartResult {
  if (start === end) return { error: `The ${name} is empty.` };
  const decoded = decodeBase64url(text, start, end);
  if (!decoded.ok) return { error: base64Problem(name, decoded, end - start, field) };
  let json: string;
  try {
    json = strictUtf8.decode(decoded.bytes);
  } catch {
    return { error: `The ${name} does not decode to UTF-8 text.` };
  }
  // Checked before parsing: some engines' JSON.parse fails on deep nesting and some do not.
  if (exceedsDepth(json, MAX_DEPTH)) return { error: `The ${name} nests deeper than ${MAX_DEPTH} levels.` };
  try {
    return { value: JSON.parse(json) };
  } catch {
    // The engine's own message differs between engines, so it is not passed on.
    return { error: `The ${name} decodes to text that is not JSON: ${quote(json)}.` };
  }
}

function base64Problem(
  name: PartName,
  result: Extract<Base64urlResult, { ok: false }>,
  length: number,
  field: Field,
): string {
  if (result.problem === 'length')
    return `The ${name} is ${length} characters long, a length no base64url encoding produces.`;
  const index = field.offset + result.index;
  const at = `at position ${position(field.raw, index)}`;
  const c = field.raw.charCodeAt(index);
  if (c === 0x3d) return `The ${name} contains '=' ${at}: JWT parts are base64url without '=' padding.`;
  if (c === 0x2b || c === 0x2f) {
    return `The ${name} contains ${describeChar(field.raw, index)} ${at}, which is standard Base64; base64url uses '-' and '_' instead of '+' and '/'.`;
  }
  return `The ${name} contains ${describeChar(field.raw, index)} ${at}, which is not a base64url character (A–Z, a–z, 0–9, '-', '_').`;
}

/** Nesting depth of brackets outside strings, bounded scan; valid for any text, JSON or not. */
export function exceedsDepth(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) depth--;
  }
  return false;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
