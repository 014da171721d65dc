import { defineTool } from '../define';
import { decodeBase64, encodeBase64 } from '../../lib/base64';
import { Input, Output } from './schema';

const utf8Encoder = new TextEncoder();
/** Small inputs are encoded into this reused buffer: TextEncoder.encode allocates a new buffer
 * per call, which cost more than the encoding itself. Safe because run() is synchronous. */
const scratch = new Uint8Array(48 * 1024);
const utf8 = (text: string) => (text.length * 3 > scratch.length ? utf8Encoder.encode(text) : scratch.subarray(0, utf8Encoder.encodeInto(text, scratch).written));
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

export default defineTool({
  slug: 'base64',
  name: 'Base64 Encoder / Decoder',
  summary: 'Encodes UTF-8 text to Base64 or decodes Base64 to text, in the standard (RFC 4648) or URL-safe alphabet.',
  tag: 'encoding',
  category: 'encode',
  icon: 'file-code',
  blurb: 'Text to Base64 and back, URL-safe too.',
  keywords: ['base64', 'base64url', 'b64', 'atob', 'btoa', 'encode', 'decode', 'url-safe'],
  paste: [{ kind: 'base64', field: 'input', with: { mode: 'decode' } }, { kind: 'text', field: 'input', with: { mode: 'encode' }, fit: 0.3 }],
  input: Input,
  output: Output,
  examples: [
    { summary: 'Encode text', input: { input: 'Hello, World!' } },
    { summary: 'Decode URL-safe Base64', input: { input: 'SGVsbG8_IFdvcmxkIQ', mode: 'decode' } },
  ],
  run({ input, mode, charset, padding }) {
    if (mode === 'encode') {
      const bytes = utf8(input);
      return { output: encodeBase64(bytes, charset === 'url-safe', padding), valid: true, encoding: charset, byte_length: bytes.length };
    }
    const decoded = decodeBase64(input);
    if (!decoded.ok) return { output: '', valid: false, encoding: charset, byte_length: 0, error: decoded.error };
    const encoding = decoded.alphabet ?? charset;
    try {
      return { output: strictUtf8.decode(decoded.bytes), valid: true, encoding, byte_length: decoded.bytes.length };
    } catch {
      // Not UTF-8: still a valid decoding (docs/contract.md §4 base64); show what can be shown.
      return { output: lenientUtf8.decode(decoded.bytes), valid: true, encoding, byte_length: decoded.bytes.length, is_utf8: false as const };
    }
  },
});
