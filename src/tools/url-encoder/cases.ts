// Expected answers worked out by hand from RFC 3986 (§2.1 uppercase hex, §2.5 UTF-8 examples),
// the spec's and docs/contract.md's rules, and checked against encodeURIComponent/decodeURIComponent.
import type { ToolCase } from '../vectors';

const entry = (original: string, encoded: string) => ({ original, encoded });

const cases: ToolCase[] = [
  {
    name: 'spec example: a space becomes %20 (default mode encode-component)',
    body: { input: 'a b' },
    status: 200,
    expect: { output: 'a%20b', mode: 'encode-component', changed: true, encoding_table: [entry(' ', '%20')] },
  },
  {
    name: 'characters encode-component keeps are unchanged',
    body: { input: "AZaz09-_.!~*'()" },
    status: 200,
    expect: { output: "AZaz09-_.!~*'()", mode: 'encode-component', changed: false, encoding_table: [] },
  },
  {
    name: 'RFC 3986 §2.5: A, À and ア as UTF-8 bytes',
    body: { input: 'AÀア' },
    status: 200,
    expect: {
      output: 'A%C3%80%E3%82%A2',
      mode: 'encode-component',
      changed: true,
      encoding_table: [entry('À', '%C3%80'), entry('ア', '%E3%82%A2')],
    },
  },
  {
    name: 'one entry per distinct character, in order of first occurrence',
    body: { input: 'é a&b é&c d' },
    status: 200,
    expect: {
      output: '%C3%A9%20a%26b%20%C3%A9%26c%20d',
      mode: 'encode-component',
      changed: true,
      encoding_table: [entry('é', '%C3%A9'), entry(' ', '%20'), entry('&', '%26')],
    },
  },
  {
    name: 'an astral character is one entry with its four bytes',
    body: { input: 'hi👋' },
    status: 200,
    expect: {
      output: 'hi%F0%9F%91%8B',
      mode: 'encode-component',
      changed: true,
      encoding_table: [entry('👋', '%F0%9F%91%8B')],
    },
  },
  {
    name: 'uppercase hex for control characters, and % itself is encoded',
    body: { input: '100%\n' },
    status: 200,
    expect: {
      output: '100%25%0A',
      mode: 'encode-component',
      changed: true,
      encoding_table: [entry('%', '%25'), entry('\n', '%0A')],
    },
  },
  {
    name: 'encode-component encodes the URL structure characters',
    body: { input: 'https://example.com/a?b=c#d' },
    status: 200,
    expect: {
      output: 'https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc%23d',
      mode: 'encode-component',
      changed: true,
      encoding_table: [entry(':', '%3A'), entry('/', '%2F'), entry('?', '%3F'), entry('=', '%3D'), entry('#', '%23')],
    },
  },
  {
    name: 'encode-full keeps every structure character the spec lists',
    body: { input: ":/?#[]@!$&'()*+,;=", mode: 'encode-full' },
    status: 200,
    expect: { output: ":/?#[]@!$&'()*+,;=", mode: 'encode-full', changed: false, encoding_table: [] },
  },
  {
    name: 'encode-full keeps [ ] and encodes space, %, { } and non-ASCII',
    body: { input: 'http://[::1]:8080/a b?x=5%&q={ü}', mode: 'encode-full' },
    status: 200,
    expect: {
      output: 'http://[::1]:8080/a%20b?x=5%25&q=%7B%C3%BC%7D',
      mode: 'encode-full',
      changed: true,
      encoding_table: [
        entry(' ', '%20'),
        entry('%', '%25'),
        entry('{', '%7B'),
        entry('ü', '%C3%BC'),
        entry('}', '%7D'),
      ],
    },
  },
  {
    name: 'encode-full encodes the other ASCII delimiters',
    body: { input: '"<>\\^`|', mode: 'encode-full' },
    status: 200,
    expect: {
      output: '%22%3C%3E%5C%5E%60%7C',
      mode: 'encode-full',
      changed: true,
      encoding_table: [
        entry('"', '%22'),
        entry('<', '%3C'),
        entry('>', '%3E'),
        entry('\\', '%5C'),
        entry('^', '%5E'),
        entry('`', '%60'),
        entry('|', '%7C'),
      ],
    },
  },
  {
    name: 'decode UTF-8 sequences; the table is empty',
    body: { input: 'caf%C3%A9%20%26%20cr%C3%A8me', mode: 'decode' },
    status: 200,
    expect: { output: 'café & crème', mode: 'decode', changed: true, encoding_table: [] },
  },
  {
    name: 'decode accepts lowercase hex and four-byte sequences',
    body: { input: '%c3%a9%F0%9F%91%8b', mode: 'decode' },
    status: 200,
    expect: { output: 'é👋', mode: 'decode', changed: true, encoding_table: [] },
  },
  {
    name: 'decode leaves + as + and other characters as they are',
    body: { input: 'a+b%2Bc é', mode: 'decode' },
    status: 200,
    expect: { output: 'a+b+c é', mode: 'decode', changed: true, encoding_table: [] },
  },
  {
    name: 'decode of text without % is unchanged',
    body: { input: 'plain text', mode: 'decode' },
    status: 200,
    expect: { output: 'plain text', mode: 'decode', changed: false, encoding_table: [] },
  },
  {
    name: 'decode: % without two hex digits names its position',
    body: { input: 'abc%2', mode: 'decode' },
    status: 400,
    expect: {
      error: `'input' has a malformed percent-encoding at position 4: '%' must be followed by two hexadecimal digits (found "%2").`,
    },
  },
  {
    name: 'decode: non-hex digits after %',
    body: { input: '%zz', mode: 'decode' },
    status: 400,
    match: { error: /^'input' has a malformed percent-encoding at position 1:/ },
  },
  {
    name: 'decode: bytes that are not UTF-8 name the position of their first %',
    body: { input: 'ok %C3%28', mode: 'decode' },
    status: 400,
    expect: { error: "'input' has percent-encoded bytes at position 4 that are not valid UTF-8: %C3%28." },
  },
  {
    name: 'decode: positions count characters, an emoji is one',
    body: { input: '👋%FF', mode: 'decode' },
    status: 400,
    match: { error: /^'input' has percent-encoded bytes at position 2 that are not valid UTF-8: %FF\.$/ },
  },
  {
    name: 'decode: an overlong encoding is not UTF-8',
    body: { input: '%C0%AF', mode: 'decode' },
    status: 400,
    match: { error: /position 1 that are not valid UTF-8: %C0\.$/ },
  },
  {
    name: 'decode: an encoded surrogate is not UTF-8',
    body: { input: 'x%ED%A0%80', mode: 'decode' },
    status: 400,
    match: { error: /position 2 that are not valid UTF-8: %ED%A0\.$/ },
  },
  {
    name: 'decode: a sequence cut short is not UTF-8',
    body: { input: '%E2%82-', mode: 'decode' },
    status: 400,
    match: { error: /position 1 that are not valid UTF-8: %E2%82\.$/ },
  },
  {
    name: 'encode: a lone surrogate names its position',
    body: { input: 'ab\ud800c' },
    status: 400,
    expect: {
      error:
        "'input' contains a lone surrogate (U+D800) at position 3, which is not valid Unicode and cannot be percent-encoded as UTF-8.",
    },
  },
  // ---- application/x-www-form-urlencoded (expected values from URLSearchParams)
  {
    name: 'encode-form: space is +, only * - . _ and alphanumerics stay',
    body: { input: "a b&c=d/é*~+!()'", mode: 'encode-form' },
    status: 200,
    expect: {
      output: 'a+b%26c%3Dd%2F%C3%A9*%7E%2B%21%28%29%27',
      mode: 'encode-form',
      changed: true,
      encoding_table: [
        entry(' ', '+'),
        entry('&', '%26'),
        entry('=', '%3D'),
        entry('/', '%2F'),
        entry('é', '%C3%A9'),
        entry('~', '%7E'),
        entry('+', '%2B'),
        entry('!', '%21'),
        entry('(', '%28'),
        entry(')', '%29'),
        entry("'", '%27'),
      ],
    },
  },
  {
    name: 'encode-form: an emoji is its four UTF-8 bytes',
    body: { input: 'hi👋 x', mode: 'encode-form' },
    status: 200,
    expect: {
      output: 'hi%F0%9F%91%8B+x',
      mode: 'encode-form',
      changed: true,
      encoding_table: [entry('👋', '%F0%9F%91%8B'), entry(' ', '+')],
    },
  },
  {
    name: 'encode-form: a lone surrogate names its position',
    body: { input: 'a b\udc00', mode: 'encode-form' },
    status: 400,
    expect: {
      error:
        "'input' contains a lone surrogate (U+DC00) at position 4, which is not valid Unicode and cannot be percent-encoded as UTF-8.",
    },
  },
  {
    name: 'decode-form: + is a space, %2B a plus',
    body: { input: 'a+b%2Bc%20caf%C3%A9', mode: 'decode-form' },
    status: 200,
    expect: { output: 'a b+c café', mode: 'decode-form', changed: true, encoding_table: [] },
  },
  {
    name: 'decode-form: malformed % names its position',
    body: { input: 'a+b+%4', mode: 'decode-form' },
    status: 400,
    expect: {
      error: `'input' has a malformed percent-encoding at position 5: '%' must be followed by two hexadecimal digits (found "%4").`,
    },
  },
  {
    name: 'decode of a full URL adds its query parameters, decoded as a form',
    body: {
      input:
        'https://user@example.com:8443/search?q=gr%C3%BC%C3%9Fe+bl%C3%BC&lang=de&&empty=&flag&a=1%262&b=%3D%2B#top',
      mode: 'decode',
    },
    status: 200,
    expect: {
      output: 'https://user@example.com:8443/search?q=grüße+blü&lang=de&&empty=&flag&a=1&2&b==+#top',
      mode: 'decode',
      changed: true,
      encoding_table: [],
      query: [
        { name: 'q', value: 'grüße blü' },
        { name: 'lang', value: 'de' },
        { name: 'empty', value: '' },
        { name: 'flag', value: '' },
        { name: 'a', value: '1&2' },
        { name: 'b', value: '=+' },
      ],
    },
  },
  {
    name: 'decode-form of a mailto: URL',
    body: { input: 'mailto:ada@example.com?subject=Hello%20there&body=a+b', mode: 'decode-form' },
    status: 200,
    expect: {
      output: 'mailto:ada@example.com?subject=Hello there&body=a b',
      mode: 'decode-form',
      changed: true,
      encoding_table: [],
      query: [
        { name: 'subject', value: 'Hello there' },
        { name: 'body', value: 'a b' },
      ],
    },
  },
  {
    name: 'decode of a URL without a query: query is empty',
    body: { input: 'https://example.com/a%20b', mode: 'decode' },
    status: 200,
    expect: { output: 'https://example.com/a b', mode: 'decode', changed: true, encoding_table: [], query: [] },
  },
  {
    name: 'a relative URL has no query field',
    body: { input: '/search?q=a%20b', mode: 'decode' },
    status: 200,
    expect: { output: '/search?q=a b', mode: 'decode', changed: true, encoding_table: [] },
  },
  {
    name: 'encode modes never add query',
    body: { input: 'https://example.com/?q=1', mode: 'encode-form' },
    status: 200,
    match: { output: 'https%3A%2F%2Fexample.com%2F%3Fq%3D1', query: undefined },
  },
  {
    name: 'empty input is a schema error',
    body: { input: '' },
    status: 400,
    match: { error: /'input' must not be empty/, issues: [{ path: ['input'], message: 'must not be empty' }] },
  },
  {
    name: 'unknown mode names the choices',
    body: { input: 'x', mode: 'encode' },
    status: 400,
    match: { error: /'mode' must be one of "encode-component", "encode-full", "decode", "encode-form", "decode-form"/ },
  },
];

export default cases;
