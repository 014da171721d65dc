import { defineTool } from '../define';
import { COMPONENT_KEEP, FORM_KEEP, FULL_KEEP, percentDecode, percentEncode } from './percent';
import { queryOf } from './query';
import { Input, Output } from './schema';

export default defineTool({
  slug: 'url-encoder',
  name: 'URL Encoder / Decoder',
  summary:
    'Percent-encodes text as UTF-8 per RFC 3986, as a URL component or keeping the URL structure, or decodes it.',
  tag: 'encoding',
  category: 'encode',
  icon: 'link',
  blurb: 'Percent-encode for URLs, or decode.',
  keywords: [
    'url',
    'uri',
    'percent',
    'percent-encoding',
    'urlencode',
    'urldecode',
    'encodeURIComponent',
    'query string',
    'escape',
    'x-www-form-urlencoded',
    'form',
    'URLSearchParams',
    'query parameters',
  ],
  paste: [
    { kind: 'percent-encoded', field: 'input', with: { mode: 'decode' } },
    { kind: 'url', field: 'input', with: { mode: 'encode-full' } },
    { kind: 'text', field: 'input', with: { mode: 'encode-component' }, fit: 0.3 },
  ],
  input: Input,
  output: Output,
  examples: [
    { summary: 'Encode a query value', input: { input: 'café & crème brûlée' } },
    {
      summary: 'Encode a whole URL',
      input: { input: 'https://example.com/search?q=grüße&lang=de', mode: 'encode-full' },
    },
    { summary: 'Decode', input: { input: 'caf%C3%A9%20%26%20cr%C3%A8me', mode: 'decode' } },
  ],
  run({ input, mode }) {
    if (mode === 'decode' || mode === 'decode-form') {
      // The decode modes leave characters other than %XX untouched, a lone surrogate included:
      // no UTF-8 is produced from them, so there is nothing to refuse. decode-form first reads
      // `+` as a space (same length, so error positions still count in the input).
      const output = percentDecode(mode === 'decode-form' ? input.replaceAll('+', ' ') : input);
      const query = queryOf(input);
      return { output, mode, changed: output !== input, encoding_table: [], ...(query && { query }) };
    }
    const keep = mode === 'encode-full' ? FULL_KEEP : mode === 'encode-form' ? FORM_KEEP : COMPONENT_KEEP;
    const { output, table } = percentEncode(input, keep, mode === 'encode-form');
    return { output, mode, changed: output !== input, encoding_table: table };
  },
});
