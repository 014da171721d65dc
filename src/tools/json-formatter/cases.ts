// Golden vectors. Expected outputs are worked out by hand from RFC 8259 and JSON.stringify's
// layout (2-space default, `": "` after keys, `{}`/`[]` when empty); error positions are counted
// by hand (1-based, code points, `\n` / `\r\n` / `\r` each one line break).
import type { ToolCase } from '../vectors';

const invalid = (error: string, line: number, column: number) => ({
  output: '',
  valid: false,
  error: `${error} at line ${line}, column ${column}.`,
  error_line: line,
  error_column: column,
});

const cases: ToolCase[] = [
  // --- formatting ---
  {
    name: 'pretty-prints with 2 spaces by default',
    body: { json: '{"name":"Ada","langs":["en","fr"],"born":1815}' },
    status: 200,
    expect: { output: '{\n  "name": "Ada",\n  "langs": [\n    "en",\n    "fr"\n  ],\n  "born": 1815\n}', valid: true },
  },
  {
    name: 'minify removes all whitespace between tokens, not inside strings',
    body: { json: '{\r\n\t"a b" : [ 1 , true , null ] ,\n "c": { } }', mode: 'minify' },
    status: 200,
    expect: { output: '{"a b":[1,true,null],"c":{}}', valid: true },
  },
  {
    name: 'indent 4',
    body: { json: '{"a":[1]}', indent: 4 },
    status: 200,
    expect: { output: '{\n    "a": [\n        1\n    ]\n}', valid: true },
  },
  {
    name: 'indent "tab"',
    body: { json: '{"a":[1]}', indent: 'tab' },
    status: 200,
    expect: { output: '{\n\t"a": [\n\t\t1\n\t]\n}', valid: true },
  },
  {
    name: 'indent 0 keeps one value per line without indentation',
    body: { json: '{"a":[1,2]}', indent: 0 },
    status: 200,
    expect: { output: '{\n"a": [\n1,\n2\n]\n}', valid: true },
  },
  {
    name: 'indent is ignored in minify mode',
    body: { json: '[ 1, 2 ]', mode: 'minify', indent: 8 },
    status: 200,
    expect: { output: '[1,2]', valid: true },
  },
  {
    name: 'empty object and array print as {} and []',
    body: { json: '{"a":{ },"b":[\n]}' },
    status: 200,
    expect: { output: '{\n  "a": {},\n  "b": []\n}', valid: true },
  },
  {
    name: 'a scalar document is valid JSON',
    body: { json: '  "hi"\n' },
    status: 200,
    expect: { output: '"hi"', valid: true },
  },

  // --- lossless ---
  {
    name: 'numbers are printed exactly as written',
    body: { json: '[12345678901234567890, 1.0, 1e400, -0, 1E+2, 0.1000]', mode: 'minify' },
    status: 200,
    expect: { output: '[12345678901234567890,1.0,1e400,-0,1E+2,0.1000]', valid: true },
  },
  {
    name: 'integer-like keys keep their input position',
    body: { json: '{"b":1,"10":2,"2":3,"a":4}', mode: 'minify' },
    status: 200,
    expect: { output: '{"b":1,"10":2,"2":3,"a":4}', valid: true },
  },
  {
    name: 'duplicate keys: last value wins, at the first position',
    body: { json: '{"a":1,"b":2,"a":{"x":3}}', mode: 'minify' },
    status: 200,
    expect: { output: '{"a":{"x":3},"b":2}', valid: true },
  },
  {
    name: '__proto__ is an ordinary key',
    body: { json: '{"__proto__":{"polluted":true},"constructor":1}', mode: 'minify' },
    status: 200,
    expect: { output: '{"__proto__":{"polluted":true},"constructor":1}', valid: true },
  },
  {
    name: 'strings are re-escaped as JSON.stringify does (\\u0041, \\/, upper-case hex, escaped pair)',
    body: { json: String.raw`["\u0041\/\u00e9\u001F\ud83d\ude00", "é €"]`, mode: 'minify' },
    status: 200,
    expect: { output: '["A/é\\u001f😀","é €"]', valid: true },
  },
  {
    name: 'a lone surrogate stays escaped',
    body: { json: String.raw`"\uDC00"` },
    status: 200,
    expect: { output: '"\\udc00"', valid: true },
  },

  // --- sort_keys ---
  {
    name: 'sort_keys is recursive and keeps array order',
    body: { json: '{"b":{"d":1,"c":2},"a":[{"z":1,"y":2},3,1]}', mode: 'minify', sort_keys: true },
    status: 200,
    expect: { output: '{"a":[{"y":2,"z":1},3,1],"b":{"c":2,"d":1}}', valid: true },
  },
  {
    name: 'sort_keys compares code points, not UTF-16 units (U+E000 before U+1F600)',
    body: { json: '{"😀":1,"\ue000":2,"a":3,"Z":4,"10":5,"9":6}', mode: 'minify', sort_keys: true },
    status: 200,
    expect: { output: '{"10":5,"9":6,"Z":4,"a":3,"\ue000":2,"😀":1}', valid: true },
  },

  // --- syntax errors ---
  {
    name: 'wrong closing bracket: line and column of the bracket',
    body: { json: '{\n  "a": 1,\n  "b": 2\n  ]\n}' },
    status: 200,
    expect: invalid("Expected ',' or '}' after a property value but found ']'", 4, 3),
  },
  {
    name: 'trailing comma in an array',
    body: { json: '[1, 2,]' },
    status: 200,
    expect: invalid("Expected a JSON value after ',' but found ']'", 1, 7),
  },
  {
    name: 'trailing comma in an object',
    body: { json: '{"a":1,}' },
    status: 200,
    expect: invalid("Expected a double-quoted property name after ',' but found '}'", 1, 8),
  },
  {
    name: 'single-quoted property name',
    body: { json: "{'a': 1}" },
    status: 200,
    expect: invalid(`Expected a double-quoted property name or '}' but found "'"`, 1, 2),
  },
  {
    name: 'comment',
    body: { json: '// note\n{}' },
    status: 200,
    expect: invalid("Expected a JSON value but found a comment ('//')", 1, 1),
  },
  {
    name: 'leading zero',
    body: { json: '[01]' },
    status: 200,
    expect: invalid(
      "Expected '.', 'e' or the end of the number after a leading '0' (leading zeros are not allowed) but found '1'",
      1,
      3,
    ),
  },
  {
    name: 'NaN is named as found',
    body: { json: '{"x": NaN}' },
    status: 200,
    expect: invalid("Expected a property value but found 'NaN'", 1, 7),
  },
  {
    name: 'unescaped tab inside a string',
    body: { json: '"tab\there"' },
    status: 200,
    expect: invalid(
      'Expected an escape sequence (control characters must be escaped in strings) but found a tab character',
      1,
      5,
    ),
  },
  {
    name: 'invalid escape',
    body: { json: String.raw`"\x41"` },
    status: 200,
    expect: invalid(
      String.raw`Expected an escape character (\", \\, \/, \b, \f, \n, \r, \t or \u) after '\' but found 'x'`,
      1,
      3,
    ),
  },
  {
    name: 'unexpected end after a final newline is on the next line, column 1',
    body: { json: '{"a": [1, 2\n' },
    status: 200,
    expect: invalid("Expected ',' or ']' after an array element but found end of input", 2, 1),
  },
  {
    name: 'unterminated string points just past the last character',
    body: { json: '"abc' },
    status: 200,
    expect: invalid(`Expected '"' to end the string but found end of input`, 1, 5),
  },
  {
    name: '\\r\\n, \\r and \\n each count as one line break',
    body: { json: '[1,\r\n2,\r3,\n4 5]' },
    status: 200,
    expect: invalid("Expected ',' or ']' after an array element but found '5'", 4, 3),
  },
  {
    name: 'columns count code points (an emoji is one column)',
    body: { json: '["😀😀", x]' },
    status: 200,
    expect: invalid("Expected a JSON value after ',' but found 'x'", 1, 8),
  },
  {
    name: 'whitespace-only input is an unexpected end',
    body: { json: '   ' },
    status: 200,
    expect: invalid('Expected a JSON value but found end of input', 1, 4),
  },
  {
    name: 'two documents',
    body: { json: '[1] [2]' },
    status: 200,
    expect: invalid("Expected end of input after the JSON value but found '['", 1, 5),
  },

  // --- repair ---
  {
    name: 'repair: unquoted keys, single quotes, trailing comma, comment',
    body: { json: "{name: 'Ada', tags: ['math',], // comment\n}", repair: true },
    status: 200,
    expect: { output: '{\n  "name": "Ada",\n  "tags": [\n    "math"\n  ]\n}', valid: true, repaired: true },
  },
  {
    name: 'repair: Python literals',
    body: { json: '{"a": None, "b": True, "c": False}', repair: true, mode: 'minify' },
    status: 200,
    expect: { output: '{"a":null,"b":true,"c":false}', valid: true, repaired: true },
  },
  {
    name: 'repair: truncated input is closed',
    body: { json: '[1, 2, {"a": 3', repair: true, mode: 'minify' },
    status: 200,
    expect: { output: '[1,2,{"a":3}]', valid: true, repaired: true },
  },
  {
    name: 'repair: missing commas, numbers kept as written',
    body: { json: '[1.0 2 12345678901234567890]', repair: true, mode: 'minify' },
    status: 200,
    expect: { output: '[1.0,2,12345678901234567890]', valid: true, repaired: true },
  },
  {
    name: 'repair leaves valid input alone (no repaired field)',
    body: { json: '{"a":1.50}', repair: true, mode: 'minify' },
    status: 200,
    expect: { output: '{"a":1.50}', valid: true },
  },
  {
    name: 'repair that fails reports the original syntax error',
    body: { json: '{"a":1}{"b":2}', repair: true },
    status: 200,
    expect: invalid("Expected end of input after the JSON value but found '{'", 1, 8),
  },

  // --- nesting limit (1000 levels, the outermost container included, empty ones too) ---
  {
    name: '500 nested arrays are valid',
    body: { json: '['.repeat(500) + ']'.repeat(500), mode: 'minify' },
    status: 200,
    expect: { output: '['.repeat(500) + ']'.repeat(500), valid: true },
  },
  {
    name: '1000 levels of objects and an empty array innermost are valid, also sorted',
    body: { json: '{"a":'.repeat(999) + '[]' + '}'.repeat(999), mode: 'minify', sort_keys: true },
    status: 200,
    expect: { output: '{"a":'.repeat(999) + '[]' + '}'.repeat(999), valid: true },
  },
  {
    name: 'nesting deeper than 1000 levels is an error at the bracket that goes too deep',
    body: { json: '['.repeat(1001) + ']'.repeat(1001) },
    status: 200,
    expect: invalid('Nesting is deeper than 1000 levels', 1, 1001),
  },
  {
    name: 'too deep inside objects and on a later line, sorted or not',
    body: { json: '{"a":\n' + '[{"b":'.repeat(500) + '1' + '}]'.repeat(500) + '}', sort_keys: true },
    status: 200,
    expect: invalid('Nesting is deeper than 1000 levels', 2, 2996), // the '{' of the 500th '[{"b":'
  },
  {
    name: 'repair does not lift the nesting limit',
    body: { json: '['.repeat(5000), repair: true },
    status: 200,
    expect: invalid('Nesting is deeper than 1000 levels', 1, 1001),
  },

  // --- repair limit ---
  {
    name: 'repair reads at most 16384 characters: longer malformed input keeps its error, with a note',
    body: { json: '[' + '1 '.repeat(8192), repair: true },
    status: 200,
    expect: {
      ...invalid("Expected ',' or ']' after an array element but found '1'", 1, 4),
      error:
        "Expected ',' or ']' after an array element but found '1' at line 1, column 4. Not repaired: repair reads at most 16384 characters, and this input has 16385.",
    },
  },
  {
    name: 'repair at exactly 16384 characters still repairs',
    body: { json: '[' + '1 '.repeat(8191) + '1', repair: true, mode: 'minify' },
    status: 200,
    expect: { output: '[' + '1,'.repeat(8191) + '1]', valid: true, repaired: true },
  },
  {
    name: 'valid JSON longer than the repair limit is formatted as usual with repair',
    body: { json: '[' + '1, '.repeat(6000) + '1]', repair: true, mode: 'minify' },
    status: 200,
    expect: { output: '[' + '1,'.repeat(6000) + '1]', valid: true },
  },

  // --- request validation ---
  {
    name: 'indent above 10 is a schema error',
    body: { json: '[1]', indent: 11 },
    status: 400,
    match: { error: /'indent'/, issues: [{ path: ['indent'], message: /10/ }] },
  },
  {
    name: 'indent must be an integer or "tab"',
    body: { json: '[1]', indent: 'spaces' },
    status: 400,
    match: {
      error: /'indent' must be an integer from 0 to 10 or "tab"/,
      issues: [{ path: ['indent'], message: /tab/ }],
    },
  },
  {
    name: 'empty json is a schema error',
    body: { json: '' },
    status: 400,
    match: { error: /'json' must not be empty/, issues: [{ path: ['json'], message: /empty/ }] },
  },
  {
    name: 'json is required',
    body: { mode: 'pretty' },
    status: 400,
    match: { error: /'json' is required/, issues: [{ path: ['json'], message: /required/ }] },
  },
  {
    name: 'unknown mode is a schema error',
    body: { json: '[1]', mode: 'compact' },
    status: 400,
    match: { error: /'mode' must be one of "pretty", "minify"/, issues: [{ path: ['mode'], message: /pretty/ }] },
  },
  // --- jsonpath: a sample of the RFC 9535 compliance test suite (tests/fixtures/jsonpath-cts,
  // where the results come from; jsonpath-cts.test.ts runs all of it through the core) ---
  ...(
    [
      ['basic, descendant segment, wildcard shorthand, array data', '$..*', [0, 1], [0, 1], ['$[0]', '$[1]']],
      [
        'filter, less than string, single quotes',
        "$[?@.a<'c']",
        [
          { a: 'b', d: 'e' },
          { a: 'c', d: 'f' },
        ],
        [{ a: 'b', d: 'e' }],
        ['$[0]'],
      ],
      [
        'slice selector, negative step with default start and end',
        '$[::-1]',
        [0, 1, 2, 3],
        [3, 2, 1, 0],
        ['$[3]', '$[2]', '$[1]', '$[0]'],
      ],
      ['functions, match, found match', "$[?match(@.a, 'a.*')]", [{ a: 'ab' }], [{ a: 'ab' }], ['$[0]']],
      ['functions, length, string data', '$[?length(@.a)>=2]', [{ a: 'ab' }, { a: 'd' }], [{ a: 'ab' }], ['$[0]']],
      [
        'functions, count, count function',
        '$[?count(@..*)>2]',
        [{ a: [1, 2, 3] }, { a: [1], d: 'f' }, { a: 1, d: 'f' }],
        [{ a: [1, 2, 3] }, { a: [1], d: 'f' }],
        ['$[0]', '$[1]'],
      ],
      ['name selector, double quotes, escaped reverse solidus', '$["\\\\"]', { '\\': 'A' }, ['A'], ["$['\\\\']"]],
      ['index selector, negative', '$[-1]', ['first', 'second'], ['second'], ['$[1]']],
    ] as const
  ).map(([name, jsonpath, document, result, paths]): ToolCase => ({
    name: `jsonpath (RFC 9535 suite): ${name}`,
    body: { json: JSON.stringify(document), jsonpath, mode: 'minify' },
    status: 200,
    expect: { output: JSON.stringify(document), valid: true, query_result: JSON.stringify(result), query_paths: paths },
  })),
  ...(
    [
      ['basic, no leading whitespace', ' $', /'jsonpath' is not a valid JSONPath query \(RFC 9535\): .+/],
      [
        'filter, equals number, invalid e decimal',
        '$[?@.a==1e2.3]',
        /'jsonpath' is not a valid JSONPath query \(RFC 9535\): .+/,
      ],
      ['slice selector, too many colons', '$[1:2:3:4]', /'jsonpath' is not a valid JSONPath query \(RFC 9535\): .+/],
      [
        'whitespace, selectors, newline between dot and name',
        '$.\na',
        /'jsonpath' is not a valid JSONPath query \(RFC 9535\): .+/,
      ],
    ] as const
  ).map(([name, jsonpath, error]): ToolCase => ({
    name: `jsonpath (RFC 9535 suite): ${name} is a 400`,
    body: { json: '{"a":1}', jsonpath },
    status: 400,
    match: { error },
  })),

  // --- jsonpath: lossless, ordered, printed like the output (worked out by hand) ---
  {
    name: 'jsonpath matches keep their number text and are printed in the request mode and indent',
    body: { json: '{"ids":[12345678901234567890,1.0,-0,1e400],"n":{"x":0.1000}}', jsonpath: '$..*', indent: 'tab' },
    status: 200,
    expect: {
      output:
        '{\n\t"ids": [\n\t\t12345678901234567890,\n\t\t1.0,\n\t\t-0,\n\t\t1e400\n\t],\n\t"n": {\n\t\t"x": 0.1000\n\t}\n}',
      valid: true,
      query_result:
        '[\n\t[\n\t\t12345678901234567890,\n\t\t1.0,\n\t\t-0,\n\t\t1e400\n\t],\n\t{\n\t\t"x": 0.1000\n\t},\n\t12345678901234567890,\n\t1.0,\n\t-0,\n\t1e400,\n\t0.1000\n]',
      query_paths: ["$['ids']", "$['n']", "$['ids'][0]", "$['ids'][1]", "$['ids'][2]", "$['ids'][3]", "$['n']['x']"],
    },
  },
  {
    name: 'jsonpath filters compare big numbers by value and print them exactly',
    body: {
      json: '[{"id":12345678901234567890,"p":8.950},{"id":2,"p":12.99}]',
      jsonpath: '$[?@.p < 10].id',
      mode: 'minify',
    },
    status: 200,
    expect: {
      output: '[{"id":12345678901234567890,"p":8.950},{"id":2,"p":12.99}]',
      valid: true,
      query_result: '[12345678901234567890]',
      query_paths: ["$[0]['id']"],
    },
  },
  {
    name: 'jsonpath visits members in input order, integer-like keys included',
    body: { json: '{"b":1,"10":2,"2":3,"a":4}', jsonpath: '$.*', mode: 'minify' },
    status: 200,
    expect: {
      output: '{"b":1,"10":2,"2":3,"a":4}',
      valid: true,
      query_result: '[1,2,3,4]',
      query_paths: ["$['b']", "$['10']", "$['2']", "$['a']"],
    },
  },
  {
    name: 'jsonpath with sort_keys prints matched objects sorted',
    body: { json: '{"a":{"z":1,"y":[]}}', jsonpath: '$.a', sort_keys: true },
    status: 200,
    expect: {
      output: '{\n  "a": {\n    "y": [],\n    "z": 1\n  }\n}',
      valid: true,
      query_result: '[\n  {\n    "y": [],\n    "z": 1\n  }\n]',
      query_paths: ["$['a']"],
    },
  },
  {
    name: 'jsonpath: no match is an empty array',
    body: { json: '{"a":1}', jsonpath: '$.b' },
    status: 200,
    expect: { output: '{\n  "a": 1\n}', valid: true, query_result: '[]', query_paths: [] },
  },
  {
    name: 'jsonpath: inherited names and __proto__ are no members, an own __proto__ key is',
    body: {
      json: '{"__proto__":{"x":1},"a":{}}',
      jsonpath: '$..["constructor","toString","__proto__"]',
      mode: 'minify',
    },
    status: 200,
    expect: {
      output: '{"__proto__":{"x":1},"a":{}}',
      valid: true,
      query_result: '[{"x":1}]',
      query_paths: ["$['__proto__']"],
    },
  },
  {
    name: 'jsonpath runs on the repaired document',
    body: { json: '{a: [1, 2,], // note\n}', repair: true, jsonpath: '$.a[-1]', mode: 'minify' },
    status: 200,
    expect: { output: '{"a":[1,2]}', valid: true, repaired: true, query_result: '[2]', query_paths: ["$['a'][1]"] },
  },
  {
    name: 'jsonpath on invalid JSON: the syntax error, no query_result',
    body: { json: '{"a":}', jsonpath: '$.a' },
    status: 200,
    expect: invalid(`Expected a property value but found '}'`, 1, 6),
  },
  {
    name: 'jsonpath is checked even when the JSON is invalid',
    body: { json: '{"a":}', jsonpath: '$.a[' },
    status: 400,
    match: { error: /^'jsonpath' is not a valid JSONPath query \(RFC 9535\): .*\('\$\.a\['/ },
  },
  {
    name: 'jsonpath must be a string',
    body: { json: '[1]', jsonpath: 1 },
    status: 400,
    match: { error: /'jsonpath'/, issues: [{ path: ['jsonpath'] }] },
  },

  // --- compare_with: an RFC 6902 JSON Patch from json to compare_with ---
  {
    name: 'compare_with: removes and adds of members first, then changes inside them, arrays by index',
    body: { json: '{"a":1,"b":[1,2,3],"c":"x"}', compare_with: '{"b":[1,2],"a":2,"d":null}', mode: 'minify' },
    status: 200,
    expect: {
      output: '{"a":1,"b":[1,2,3],"c":"x"}',
      valid: true,
      patch:
        '[{"op":"remove","path":"/c"},{"op":"add","path":"/d","value":null},{"op":"replace","path":"/a","value":2},{"op":"remove","path":"/b/2"}]',
      differences: 4,
    },
  },
  {
    name: 'compare_with: equal documents (key order and number spelling aside) give an empty patch',
    body: { json: '{"a":[1.0,"\\u00e9"],"b":{}}', compare_with: '{"b":{},"a":[1,"é"]}', mode: 'minify' },
    status: 200,
    expect: { output: '{"a":[1.0,"é"],"b":{}}', valid: true, patch: '[]', differences: 0 },
  },
  {
    name: 'compare_with: pointers escape ~ and /, numbers compare exactly',
    body: {
      json: '{"a/b":1.0,"~":12345678901234567890}',
      compare_with: '{"a/b":1,"~":12345678901234567891}',
      mode: 'minify',
    },
    status: 200,
    expect: {
      output: '{"a/b":1.0,"~":12345678901234567890}',
      valid: true,
      patch: '[{"op":"replace","path":"/~0","value":12345678901234567891}]',
      differences: 1,
    },
  },
  {
    name: 'compare_with, array_diff lcs: an element that moved is one move',
    body: { json: '[1,2,3]', compare_with: '[3,1,2]', array_diff: 'lcs', mode: 'minify' },
    status: 200,
    expect: { output: '[1,2,3]', valid: true, patch: '[{"op":"move","from":"/2","path":"/0"}]', differences: 1 },
  },
  {
    name: 'compare_with: invalid JSON there is a 400 with its line and column',
    body: { json: '[1]', compare_with: '[1,\n 2' },
    status: 400,
    expect: {
      error: `'compare_with' is not valid JSON: Expected ',' or ']' after an array element but found end of input at line 2, column 3.`,
    },
  },
  {
    name: 'compare_with on invalid JSON: the syntax error, no patch',
    body: { json: '{"a":}', compare_with: '{}' },
    status: 200,
    expect: invalid(`Expected a property value but found '}'`, 1, 6),
  },
  {
    name: 'array_diff must be index or lcs',
    body: { json: '[1]', compare_with: '[2]', array_diff: 'myers' },
    status: 400,
    match: { error: /'array_diff'/, issues: [{ path: ['array_diff'] }] },
  },
  // --- YAML and TOML (input_format, output_format) ---
  {
    name: 'input_format yaml: YAML 1.2 core schema to JSON, numbers as written, aliases repeated',
    body: {
      json: 'name: Ada\nborn: 1815\nratio: 1.0\nbig: 12345678901234567890\nhex: 0x1F\nnone: ~\nyes: yes\nlangs: &l [en, fr]\nagain: *l\n',
      input_format: 'yaml',
      mode: 'minify',
    },
    status: 200,
    expect: {
      output:
        '{"name":"Ada","born":1815,"ratio":1.0,"big":12345678901234567890,"hex":31,"none":null,"yes":"yes","langs":["en","fr"],"again":["en","fr"]}',
      valid: true,
    },
  },
  {
    name: 'input_format yaml: block scalars keep their line breaks',
    body: { json: 'text: |\n  line one\n  line two\nfolded: >\n  one\n  two\n', input_format: 'yaml', mode: 'minify' },
    status: 200,
    expect: { output: '{"text":"line one\\nline two\\n","folded":"one two\\n"}', valid: true },
  },
  {
    name: 'input_format yaml: a syntax error has its line and column',
    body: { json: 'a: 1\nb: [1, 2\n', input_format: 'yaml' },
    status: 200,
    expect: invalid(
      'Invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
      3,
      1,
    ),
  },
  {
    name: 'input_format yaml: an alias of a collection that contains it is an error at the alias',
    body: { json: 'a: &a [1, *a]', input_format: 'yaml' },
    status: 200,
    expect: invalid('Invalid YAML: the alias *a refers to a collection that contains it, which has no end', 1, 11),
  },
  {
    name: 'input_format yaml: a second document is an error where it starts',
    body: { json: 'a: 1\n---\nb: 2\n', input_format: 'yaml' },
    status: 200,
    expect: invalid('Expected one YAML document but found a second (after ---); convert one document at a time', 2, 1),
  },
  {
    name: 'input_format yaml: nesting deeper than 200 levels is an error where it goes too deep',
    body: { json: '['.repeat(201) + ']'.repeat(201), input_format: 'yaml' },
    status: 200,
    expect: invalid('Nesting is deeper than 200 levels (YAML)', 1, 202),
  },
  {
    name: 'input_format yaml: 200 levels of block sequences are read',
    body: { json: '- '.repeat(200) + 'x', input_format: 'yaml', mode: 'minify' },
    status: 200,
    expect: { output: '['.repeat(200) + '"x"' + ']'.repeat(200), valid: true },
  },
  {
    name: 'input_format yaml: 201 levels of block sequences are not',
    body: { json: '- '.repeat(201) + 'x', input_format: 'yaml' },
    status: 200,
    expect: invalid('Nesting is deeper than 200 levels (YAML)', 1, 402),
  },
  {
    name: 'input_format yaml: aliases that expand past the limit (a billion laughs) are a 400',
    body: {
      json: [
        'a: &a [x,x,x,x,x,x,x,x,x,x]',
        ...'bcdefg'.split('').map((c, i) => `${c}: &${c} [${Array(10).fill(`*${'abcdefg'[i]}`).join(',')}]`),
      ].join('\n'),
      input_format: 'yaml',
    },
    status: 400,
    match: { error: /^'json' has YAML aliases that expand it to more than 1000\d+ values/ },
  },
  {
    name: 'input_format yaml: more than 4 Mi characters of YAML is a 400',
    body: { json: 'a: 1\n' + '#'.repeat(4 * 1024 * 1024), input_format: 'yaml' },
    status: 400,
    expect: {
      error: `'json' has 4194309 characters, and YAML is read up to 4194304 (its reader holds the whole document several times over); send JSON or TOML, or convert it in parts.`,
    },
  },
  {
    name: 'input_format yaml: .inf has no JSON form, a 400 with its path',
    body: { json: 'limits: [1, .inf]', input_format: 'yaml' },
    status: 400,
    expect: {
      error:
        "'json' holds .inf at '/limits/1', and JSON has no infinities or NaN: write it as YAML or TOML (output_format), without jsonpath or compare_with.",
    },
  },
  {
    name: 'input_format toml: tables, arrays of tables, 64-bit integers, floats and dates',
    body: {
      json: 'title = "TOML"\nmax = 9223372036854775807\npi = 3.14\none = 1.0\n\n[owner]\nborn = 1979-05-27T07:32:00-08:00\nday = 1979-05-27\n\n[[items]]\nsku = 1\n\n[[items]]\nsku = 2\n',
      input_format: 'toml',
      mode: 'minify',
    },
    status: 200,
    expect: {
      output:
        '{"title":"TOML","max":9223372036854775807,"pi":3.14,"one":1.0,"owner":{"born":"1979-05-27T07:32:00.000-08:00","day":"1979-05-27"},"items":[{"sku":1},{"sku":2}]}',
      valid: true,
    },
  },
  {
    name: 'input_format toml: a syntax error has its line and column',
    body: { json: 'a = 1\nb = [1, 2\n', input_format: 'toml' },
    status: 200,
    expect: invalid('Invalid TOML: expected comma or end of structure', 3, 1),
  },
  {
    name: 'input_format toml: a dotted key of more than 1000 parts is refused before it is built',
    body: { json: 'x = 1\n' + 'a.'.repeat(1001) + 'a = 1\n', input_format: 'toml' },
    status: 200,
    expect: invalid('Nesting is deeper than 1000 levels (TOML)', 2, 1),
  },
  {
    name: 'input_format toml: a line of 1500 floats is no deep key',
    body: { json: `v = [${Array(1500).fill('1.5').join(',')}]`, input_format: 'toml', mode: 'minify' },
    status: 200,
    expect: { output: `{"v":[${Array(1500).fill('1.5').join(',')}]}`, valid: true },
  },
  {
    name: 'input_format auto: JSON stays JSON',
    body: { json: '{"a":1.50}', input_format: 'auto', mode: 'minify' },
    status: 200,
    expect: { output: '{"a":1.50}', valid: true, detected_format: 'json' },
  },
  {
    name: 'input_format auto: TOML is detected',
    body: { json: '[server]\nport = 8080\n', input_format: 'auto', mode: 'minify' },
    status: 200,
    expect: { output: '{"server":{"port":8080}}', valid: true, detected_format: 'toml' },
  },
  {
    name: 'input_format auto: YAML is detected',
    body: { json: 'server:\n  port: 8080\n', input_format: 'auto', mode: 'minify' },
    status: 200,
    expect: { output: '{"server":{"port":8080}}', valid: true, detected_format: 'yaml' },
  },
  {
    name: "input_format auto: a first line like key = value is TOML, and its error is TOML's",
    body: { json: 'a = 1\nb = \n', input_format: 'auto' },
    status: 200,
    expect: { ...invalid('Invalid TOML: invalid value', 2, 5), detected_format: 'toml' },
  },
  {
    name: "input_format auto: text that starts with a bracket and is nothing gets JSON's error",
    body: { json: '{"a": [1,, 2]}', input_format: 'auto' },
    status: 200,
    expect: { ...invalid(`Expected a JSON value after ',' but found ','`, 1, 10), detected_format: 'json' },
  },
  {
    name: 'output_format yaml: block style, strings plain only where nothing else could be read',
    body: {
      json: '{"name":"Ada","n":1.0,"big":12345678901234567890,"tags":["x y",{"k":true}],"no":"no","empty":{},"s":"1.5","t":"a: b","none":null}',
      output_format: 'yaml',
    },
    status: 200,
    expect: {
      output:
        'name: Ada\n"n": 1.0\nbig: 12345678901234567890\ntags:\n  - x y\n  - k: true\n"no": "no"\nempty: {}\ns: "1.5"\nt: "a: b"\nnone: null\n',
      valid: true,
    },
  },
  {
    name: 'output_format yaml with indent 4 and sort_keys',
    body: { json: '{"b":{"y":[1,[2,3]],"x":2},"a":0}', output_format: 'yaml', indent: 4, sort_keys: true },
    status: 200,
    expect: { output: 'a: 0\nb:\n    x: 2\n    "y":\n        - 1\n        - - 2\n          - 3\n', valid: true },
  },
  {
    name: 'output_format toml: pairs first, then [tables] and [[arrays of tables]], numbers as written',
    body: {
      json: '{"owner":{"name":"Tom"},"title":"T","ratio":1.0,"ports":[80,443],"items":[{"sku":1},{"sku":2}],"inline":[{"a":1},2],"odd key":"\\u007f"}',
      output_format: 'toml',
    },
    status: 200,
    expect: {
      output:
        'title = "T"\nratio = 1.0\nports = [80, 443]\ninline = [{ a = 1 }, 2]\n"odd key" = "\\u007F"\n\n[owner]\nname = "Tom"\n\n[[items]]\nsku = 1\n\n[[items]]\nsku = 2\n',
      valid: true,
    },
  },
  {
    name: 'output_format toml: null is a 400 naming its path',
    body: { json: '{"a":{"b":[1,null]}}', output_format: 'toml' },
    status: 400,
    expect: {
      error: `'output_format' is "toml", but TOML has no null, and the value at '/a/b/1' is null; leave the member out or use "".`,
    },
  },
  {
    name: 'output_format toml: a document that is not an object is a 400',
    body: { json: '[1,2]', output_format: 'toml' },
    status: 400,
    expect: {
      error: `'output_format' is "toml", but a TOML document is a table (a JSON object), and this document is an array.`,
    },
  },
  {
    name: 'output_format toml: an integer beyond 64 bits is a 400 naming its path',
    body: { json: '{"id":12345678901234567890}', output_format: 'toml' },
    status: 400,
    expect: {
      error: `'output_format' is "toml", but TOML integers are 64-bit, and the value at '/id' (12345678901234567890) is beyond them; write it as a string or a float (1.2345e19).`,
    },
  },
  {
    name: 'YAML to TOML keeps infinities and NaN',
    body: { json: 'a: [.inf, -.Inf, .NaN]', input_format: 'yaml', output_format: 'toml' },
    status: 200,
    expect: { output: 'a = [inf, -inf, nan]\n', valid: true },
  },
  {
    name: 'TOML to YAML',
    body: { json: 'a = 1\n[t]\nx = "2024-01-01"\ny = [1.0, 2]\n', input_format: 'toml', output_format: 'yaml' },
    status: 200,
    expect: { output: 'a: 1\nt:\n  x: "2024-01-01"\n  "y":\n    - 1.0\n    - 2\n', valid: true },
  },
  {
    name: 'jsonpath and compare_with on YAML: the second document is YAML too, the answers JSON',
    body: {
      json: 'a: 1\nb: [x]\n',
      input_format: 'yaml',
      jsonpath: '$.b[0]',
      compare_with: 'a: 2\nb: [x]\n',
      mode: 'minify',
    },
    status: 200,
    expect: {
      output: '{"a":1,"b":["x"]}',
      valid: true,
      query_result: '["x"]',
      query_paths: ["$['b'][0]"],
      patch: '[{"op":"replace","path":"/a","value":2}]',
      differences: 1,
    },
  },
  {
    name: 'compare_with in YAML: invalid YAML there is a 400 with its line and column',
    body: { json: 'a: 1', input_format: 'yaml', compare_with: 'a: [1' },
    status: 400,
    expect: {
      error: `'compare_with' is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ] at line 1, column 6.`,
    },
  },
  {
    name: 'repair reads JSON only',
    body: { json: 'a: 1', input_format: 'yaml', repair: true },
    status: 400,
    expect: {
      error: `'repair' mends JSON only, so it cannot be combined with input_format "yaml"; leave it off or send JSON.`,
    },
  },
  {
    name: 'mode minify writes JSON only',
    body: { json: '{"a":1}', output_format: 'toml', mode: 'minify' },
    status: 400,
    expect: { error: `'mode' "minify" writes JSON only; with output_format "toml" leave it at "pretty".` },
  },
  {
    name: 'YAML output needs an indent of 1 to 10 spaces',
    body: { json: '{"a":1}', output_format: 'yaml', indent: 'tab' },
    status: 400,
    expect: {
      error: `'indent' must be 1 to 10 spaces with output_format "yaml": YAML indents with spaces, at least one.`,
    },
  },
  {
    name: 'input_format must be json, yaml, toml or auto',
    body: { json: '{}', input_format: 'xml' },
    status: 400,
    match: { error: /'input_format'/, issues: [{ path: ['input_format'] }] },
  },
  {
    name: 'repaired JSON written as YAML',
    body: { json: "{a: 'x', b: [1,],}", repair: true, output_format: 'yaml' },
    status: 200,
    expect: { output: 'a: x\nb:\n  - 1\n', valid: true, repaired: true },
  },
];

export default cases;
