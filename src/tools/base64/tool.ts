import { defineTool } from '../define';
import { decodeBase64, encodeBase64 } from '../../lib/base64';
import { characterPosition } from '../../lib/text-position';
import { dataUrlPrefix } from './data-url';
import { toHex } from '../../lib/hex';
import { parseHex } from './hex';
import { Input, Output } from './schema';

const utf8Encoder = new TextEncoder();
/** Small inputs are encoded into this reused buffer: TextEncoder.encode allocates a new buffer
 * per call, which cost more than the encoding itself. Safe because run() is synchronous. */
const scratch = new Uint8Array(48 * 1024);
const utf8 = (text: string) =>
  text.length * 3 > scratch.length
    ? utf8Encoder.encode(text)
    : scratch.subarray(0, utf8Encoder.encodeInto(text, scratch).written);
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

const isUtf8 = (bytes: Uint8Array) => {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

export default defineTool({
  slug: 'base64',
  name: 'Base64 Encoder / Decoder',
  summary: 'Encodes UTF-8 text to Base64 or decodes Base64 to text, in the standard (RFC 4648) or URL-safe alphabet.',
  tag: 'encoding',
  category: 'encode',
  icon: 'file-code',
  blurb: 'Text and files to Base64 and back.',
  keywords: [
    'base64',
    'base64url',
    'b64',
    'atob',
    'btoa',
    'encode',
    'decode',
    'url-safe',
    'data uri',
    'data url',
    'file',
  ],
  paste: [
    { kind: 'base64', field: 'input', with: { mode: 'decode' } },
    { kind: 'text', field: 'input', with: { mode: 'encode' }, fit: 0.3 },
  ],
  input: Input,
  output: Output,
  examples: [
    { summary: 'Encode text', input: { input: 'Hello, World!' } },
    { summary: 'Decode URL-safe Base64', input: { input: 'SGVsbG8_IFdvcmxkIQ', mode: 'decode' } },
    { summary: 'Encode bytes given as hex', input: { input: '89 50 4e 47 0d 0a 1a 0a', data_format: 'hex' } },
    {
      summary: 'Decode a data: URL to hex',
      input: { input: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', mode: 'decode', data_format: 'hex' },
    },
  ],
  run({ input, mode, charset, padding, data_format }) {
    if (mode === 'encode') {
      const bytes = data_format === 'hex' ? parseHex(input) : utf8(input);
      return {
        output: encodeBase64(bytes, charset === 'url-safe', padding),
        valid: true,
        encoding: charset,
        byte_length: bytes.length,
      };
    }
    const prefix = dataUrlPrefix(input);
    if (prefix && !prefix.ok)
      return { output: '', valid: false, encoding: charset, byte_length: 0, error: prefix.error };
    const mime = prefix ? { mime: prefix.mime } : {};
    // The prefix becomes one space per character it had, which the decoder skips: its messages
    // then give positions in the input as sent.
    const base64 = prefix ? ' '.repeat(characterPosition(input, prefix.start) - 1) + input.slice(prefix.start) : input;
    const decoded = decodeBase64(base64);
    if (!decoded.ok)
      return { output: '', valid: false, encoding: charset, byte_length: 0, error: decoded.error, ...mime };
    const encoding = decoded.alphabet ?? charset;
    const { bytes } = decoded;
    if (data_format === 'hex') {
      return {
        output: toHex(bytes),
        valid: true,
        encoding,
        byte_length: bytes.length,
        ...(isUtf8(bytes) ? {} : { is_utf8: false as const }),
        ...mime,
      };
    }
    try {
      return { output: strictUtf8.decode(bytes), valid: true, encoding, byte_length: bytes.length, ...mime };
    } catch {
      // Not UTF-8: still a valid decoding (docs/contract.md §4 base64); show what can be shown.
      return {
        output: lenientUtf8.decode(bytes),
        valid: true,
        encoding,
        byte_length: bytes.length,
        is_utf8: false as const,
        ...mime,
      };
    }
  },
});
