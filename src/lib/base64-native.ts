// The runtime's own Base64 for large payloads (image requests and responses run to megabytes):
// Node's Buffer, else the engine's Uint8Array.fromBase64/toBase64 where it has them. Native code
// is 3–8× faster than base64.ts's loops (bench/image-stages.mjs: 2.1 MB decoded in ~4 ms instead
// of ~16), but each runtime has its own lenience (Buffer skips characters it does not know), so a
// decode is accepted only if re-encoding it gives back the very text: that proves the text was
// clean Base64 in one alphabet, whose bytes base64.ts would have produced too. Anything else
// (whitespace, mixed alphabets, stray characters, non-zero leftover bits) returns `undefined`,
// and base64.ts's own decoder answers, with its messages.

interface NativeBase64 {
  decode(text: string, urlSafe: boolean): Uint8Array | undefined;
  /** Unpadded for the URL-safe alphabet, padded for the standard one (as both runtimes do). */
  encode(bytes: Uint8Array, urlSafe: boolean): string;
}

interface NodeBuffer {
  from(text: string, encoding: string): Uint8Array;
  from(buffer: ArrayBufferLike, offset: number, length: number): { toString(encoding: string): string };
}

interface EngineBase64 {
  fromBase64(text: string, options: { alphabet: string }): Uint8Array;
}

/** Below this many characters the JavaScript loops are as quick and nothing is worth risking. */
export const NATIVE_MIN_LENGTH = 1 << 16;

function pick(): NativeBase64 | undefined {
  const buffer = (globalThis as { Buffer?: NodeBuffer }).Buffer;
  if (buffer) {
    return {
      // A large Buffer owns its memory (only small ones share Node's pool): a plain view of it.
      decode: (text) => {
        const bytes = buffer.from(text, 'base64');
        return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
      },
      encode: (bytes, urlSafe) =>
        buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString(urlSafe ? 'base64url' : 'base64'),
    };
  }
  const engine = Uint8Array as unknown as Partial<EngineBase64>;
  const toBase64 = (
    Uint8Array.prototype as { toBase64?: (options: { alphabet: string; omitPadding: boolean }) => string }
  ).toBase64;
  if (typeof engine.fromBase64 === 'function' && typeof toBase64 === 'function') {
    const fromBase64 = engine.fromBase64.bind(Uint8Array);
    return {
      decode: (text, urlSafe) => {
        try {
          return fromBase64(text, { alphabet: urlSafe ? 'base64url' : 'base64' });
        } catch {
          return undefined; // not Base64 by the engine's rules: base64.ts explains
        }
      },
      encode: (bytes, urlSafe) =>
        toBase64.call(bytes, { alphabet: urlSafe ? 'base64url' : 'base64', omitPadding: urlSafe }),
    };
  }
  return undefined;
}

const native = pick();

/** The trailing '=' of `text` (0, 1 or 2 for Base64; more means it is not). */
function paddingOf(text: string): number {
  let n = 0;
  while (n < 3 && text.charCodeAt(text.length - 1 - n) === 61) n++;
  return n;
}

/**
 * The bytes of `text` if it is large, clean Base64 (no whitespace) in one alphabet, with correct
 * padding or none; `undefined` otherwise. `urlSafe`: which alphabet it is in, for the caller.
 */
export function decodeNative(text: string): { bytes: Uint8Array; urlSafe: boolean; standard: boolean } | undefined {
  if (!native || text.length < NATIVE_MIN_LENGTH) return undefined;
  const urlSafe = text.includes('-') || text.includes('_');
  const standard = text.includes('+') || text.includes('/');
  if (urlSafe && standard) return undefined;
  const bytes = native.decode(text, urlSafe);
  if (!bytes) return undefined;
  // The round trip: the canonical text of these bytes, padding aside, must be the input's.
  const canonical = native.encode(bytes, urlSafe);
  // The usual case, the very text the runtime writes: one comparison (startsWith below runs
  // character by character: 2 ms on 1.5 MB of text).
  if (canonical === text) return { bytes, urlSafe, standard };
  const padding = paddingOf(text);
  const canonicalPadding = paddingOf(canonical);
  const body = text.length - padding;
  if (body !== canonical.length - canonicalPadding) return undefined;
  if (padding !== 0 && padding !== (4 - (body % 4)) % 4) return undefined;
  if (!canonical.startsWith(text.slice(0, body))) return undefined;
  return { bytes, urlSafe, standard };
}

/** `bytes` as Base64 by the runtime, when large and the form is one it writes; else `undefined`. */
export function encodeNative(bytes: Uint8Array, urlSafe: boolean, padding: boolean): string | undefined {
  // The runtimes pad the standard alphabet and not the URL-safe one: other forms are base64.ts's.
  if (!native || bytes.length < (NATIVE_MIN_LENGTH * 3) / 4 || padding === urlSafe) return undefined;
  return native.encode(bytes, urlSafe);
}
