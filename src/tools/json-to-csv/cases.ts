// Golden vectors worked out by hand from RFC 4180 and docs/contract.md §4 json-to-csv.
import type { ToolCase } from '../vectors';

const csv = (output: string, columns: string[], rowCount: number, delimiter = ',') => ({
  output,
  row_count: rowCount,
  column_count: columns.length,
  columns,
  mode: 'json-to-csv',
  delimiter,
});

const json = (output: string, columns: string[], rowCount: number, delimiter = ',') => ({
  output,
  row_count: rowCount,
  column_count: columns.length,
  columns,
  mode: 'csv-to-json',
  delimiter,
});

const failed = (mode: string, error: string, delimiter = ',') => ({
  output: '',
  row_count: 0,
  column_count: 0,
  columns: [],
  mode,
  delimiter,
  error,
});

const cases: ToolCase[] = [
  // ---- json-to-csv
  {
    name: 'nested objects flatten to dot columns',
    body: {
      input: '[{"name":"Ada","address":{"city":"London","zip":"N1"}},{"name":"Alan","address":{"city":"Wilmslow"}}]',
    },
    status: 200,
    expect: csv(
      'name,address.city,address.zip\nAda,London,N1\nAlan,Wilmslow,',
      ['name', 'address.city', 'address.zip'],
      2,
    ),
  },
  {
    name: 'flatten false keeps a nested object as JSON text, quotes doubled',
    body: { input: '[{"id":1,"meta":{"a":1,"b":"x"}}]', flatten: false },
    status: 200,
    expect: csv('id,meta\n1,"{""a"":1,""b"":""x""}"', ['id', 'meta'], 1),
  },
  {
    name: 'columns are the union of keys in first-seen order; null and missing are empty',
    body: { input: '[{"a":1,"b":2},{"b":3,"c":4},{"a":null}]' },
    status: 200,
    expect: csv('a,b,c\n1,2,\n,3,4\n,,', ['a', 'b', 'c'], 3),
  },
  {
    name: 'RFC 4180 quoting: delimiter, quote, LF, CR, leading and trailing space',
    body: {
      input:
        '[{"d":"x,y","q":"say \\"hi\\"","nl":"l1\\nl2","cr":"a\\rb","sp":" lead","tr":"trail ","mid":"mid dle","tab":"a\\tb"}]',
    },
    status: 200,
    expect: csv(
      'd,q,nl,cr,sp,tr,mid,tab\n"x,y","say ""hi""","l1\nl2","a\rb"," lead","trail ",mid dle,a\tb',
      ['d', 'q', 'nl', 'cr', 'sp', 'tr', 'mid', 'tab'],
      1,
    ),
  },
  {
    name: 'an empty only field of its row is quoted so it is not a blank line',
    body: { input: '[{"a":""},{"a":null},{"a":"x"}]' },
    status: 200,
    expect: csv('a\n""\n""\nx', ['a'], 3),
  },
  {
    name: 'semicolon delimiter: commas are plain, semicolons are quoted',
    body: { input: '[{"a":"1,5","b":"x;y"}]', delimiter: ';' },
    status: 200,
    expect: csv('a;b\n1,5;"x;y"', ['a', 'b'], 1, ';'),
  },
  {
    name: 'tab delimiter',
    body: { input: '[{"a":"x\\ty","b":"p,q"}]', delimiter: '\t' },
    status: 200,
    expect: csv('a\tb\n"x\ty"\tp,q', ['a', 'b'], 1, '\t'),
  },
  {
    name: 'primitive elements are rows with one column "value"',
    body: { input: '[{"v":1},"text",42,true,null,[1,"a"]]' },
    status: 200,
    expect: csv('v,value\n1,\n,text\n,42\n,true\n,\n,"[1,""a""]"', ['v', 'value'], 6),
  },
  {
    name: 'flatten: two keys of one row that flatten to one column are an error naming the row and both keys',
    body: { input: '[{"a":1},{"a":{"b":1},"a.b":2}]' },
    status: 200,
    expect: failed(
      'json-to-csv',
      'Row 2 has two keys that flatten to the column "a.b": /a/b and /a.b (as JSON Pointers); rename one of them or set flatten to false.',
    ),
  },
  {
    name: 'flatten: rows share a column that different key paths give',
    body: { input: '[{"a":{"b":1}},{"a.b":2}]' },
    status: 200,
    expect: csv('a.b\n1\n2', ['a.b'], 2),
  },
  {
    name: 'flatten false keeps a key and a nested object with the same dotted name apart',
    body: { input: '[{"a":{"b":1},"a.b":2}]', flatten: false },
    status: 200,
    expect: csv('a,a.b\n"{""b"":1}",2', ['a', 'a.b'], 1),
  },
  {
    name: 'arrays become JSON text; an empty nested object is a {} cell',
    body: { input: '[{"tags":["a","b"],"n":[],"o":{},"p":{"q":{}}}]' },
    status: 200,
    expect: csv('tags,n,o,p.q\n"[""a"",""b""]",[],{},{}', ['tags', 'n', 'o', 'p.q'], 1),
  },
  {
    name: 'integer-like keys keep their order of first appearance',
    body: { input: '[{"name":"x","10":"ten","2":"two"}]' },
    status: 200,
    expect: csv('name,10,2\nx,ten,two', ['name', '10', '2'], 1),
  },
  {
    name: 'numbers: JSON form, but digits a double cannot hold are kept',
    body: { input: '[{"id":12345678901234567890,"f":1.50,"e":1E3,"big":1e400,"t":false}]' },
    status: 200,
    expect: csv('id,f,e,big,t\n12345678901234567890,1.5,1000,1e400,false', ['id', 'f', 'e', 'big', 't'], 1),
  },
  {
    name: 'an empty array is not an error',
    body: { input: ' [ ] ' },
    status: 200,
    expect: csv('', [], 0),
  },
  {
    name: 'invalid JSON: error with line and column, empty output',
    body: { input: '[{"a":1},\n {"b":2,}]' },
    status: 200,
    expect: failed('json-to-csv', "Invalid JSON: Trailing comma before '}' at line 2, column 8."),
  },
  {
    name: 'invalid JSON literal is located at the first wrong character',
    body: { input: '[1, 2,\n  tru]' },
    status: 200,
    expect: failed('json-to-csv', "Invalid JSON: Invalid literal (expected 'true'), found ']' at line 2, column 6."),
  },
  {
    name: 'unterminated string is located at its opening quote',
    body: { input: '["abc' },
    status: 200,
    expect: failed('json-to-csv', 'Invalid JSON: Unterminated string at line 1, column 2.'),
  },
  {
    name: 'a top-level JSON object is one row',
    body: { input: '\n{"id":7,"tags":["x"],"owner":{"name":"Ada"}}' },
    status: 200,
    expect: csv('id,tags,owner.name\n7,"[""x""]",Ada', ['id', 'tags', 'owner.name'], 1),
  },
  {
    name: 'a single top-level value that is neither an array nor an object is an error',
    body: { input: '\n 42' },
    status: 200,
    expect: failed(
      'json-to-csv',
      'Invalid input: expected a JSON array, a JSON object or JSON Lines, found a number at line 2, column 2.',
    ),
  },
  {
    name: 'JSON Lines: a row per line, blank lines and CRLF skipped, primitives in the value column',
    body: { input: '{"id":1,"name":"Ada"}\r\n\r\n{"id":2,"extra":{"k":true}}\r\n"text"\r\n[1,2]\r\n' },
    status: 200,
    expect: csv('id,name,extra.k,value\n1,Ada,,\n2,,true,\n,,,text\n,,,"[1,2]"', ['id', 'name', 'extra.k', 'value'], 4),
  },
  {
    name: 'JSON Lines: an error names the line, and its column',
    body: { input: '{"a":1}\n{"a":2}\n{"a":3,}' },
    status: 200,
    expect: failed('json-to-csv', "Invalid JSON Lines: Trailing comma before '}' at line 3, column 7."),
  },
  {
    name: 'JSON Lines: big integers and integer-like keys keep their digits and order',
    body: { input: '{"b":1,"2":9007199254740993}\n{"b":2}' },
    status: 200,
    expect: csv('b,2\n1,9007199254740993\n2,', ['b', '2'], 2),
  },
  {
    name: 'a broken array is not JSON Lines: the JSON error is kept',
    body: { input: '[{"a":1},\n{"a":2}' },
    status: 200,
    expect: failed(
      'json-to-csv',
      "Invalid JSON: Expected ',' or ']' after an array element, found the end of the input at line 2, column 8.",
    ),
  },
  {
    name: 'bom: the CSV starts with U+FEFF for Excel',
    body: { input: '[{"name":"Zoë","n":1}]', bom: true },
    status: 200,
    expect: csv('\ufeffname,n\nZoë,1', ['name', 'n'], 1),
  },
  {
    name: 'pipe delimiter: pipes are quoted',
    body: { input: '[{"a":"x|y","b":"p,q"}]', delimiter: '|' },
    status: 200,
    expect: csv('a|b\n"x|y"|p,q', ['a', 'b'], 1, '|'),
  },
  {
    name: 'auto in json-to-csv writes commas',
    body: { input: '[{"a":1,"b":2}]', delimiter: 'auto' },
    status: 200,
    expect: csv('a,b\n1,2', ['a', 'b'], 1),
  },

  // ---- csv-to-json
  {
    name: 'csv-to-json: booleans, numbers that print back, and strings that must stay strings',
    body: { input: 'a,b,c,d,e,f,g,h,i\ntrue,false,TRUE,42,-1.5e3,007,1e400,9007199254740993,', mode: 'csv-to-json' },
    status: 200,
    expect: json(
      '[\n  {\n    "a": true,\n    "b": false,\n    "c": "TRUE",\n    "d": 42,\n    "e": "-1.5e3",\n    "f": "007",\n    "g": "1e400",\n    "h": "9007199254740993",\n    "i": ""\n  }\n]',
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],
      1,
    ),
  },
  {
    name: 'csv-to-json: a cell is a number only when it prints back to the same text (prices and versions stay)',
    body: {
      input: 'p,q,r,s,t,u,v,w,x,y,z,aa,ab\n1.50,1.10,2.0,1e5,+1,-0,1.,1.5,-2,0,100000,1e+21,0.30000000000000004',
      mode: 'csv-to-json',
    },
    status: 200,
    expect: json(
      '[\n  {\n    "p": "1.50",\n    "q": "1.10",\n    "r": "2.0",\n    "s": "1e5",\n    "t": "+1",\n    "u": "-0",\n    "v": "1.",\n    "w": 1.5,\n    "x": -2,\n    "y": 0,\n    "z": 100000,\n    "aa": 1e+21,\n    "ab": 0.30000000000000004\n  }\n]',
      ['p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z', 'aa', 'ab'],
      1,
    ),
  },
  {
    name: 'csv-to-json: infer_types false keeps every cell a string',
    body: { input: 'n,b,j,e\n1.5,true,"[1,2]",', mode: 'csv-to-json', infer_types: false },
    status: 200,
    expect: json(
      '[\n  {\n    "n": "1.5",\n    "b": "true",\n    "j": "[1,2]",\n    "e": ""\n  }\n]',
      ['n', 'b', 'j', 'e'],
      1,
    ),
  },
  {
    name: 'csv-to-json: auto detects semicolons although cells hold decimal commas',
    body: { input: 'name;price\nTea;1,50\nCake;2,25', mode: 'csv-to-json', delimiter: 'auto' },
    status: 200,
    expect: json(
      '[\n  {\n    "name": "Tea",\n    "price": "1,50"\n  },\n  {\n    "name": "Cake",\n    "price": "2,25"\n  }\n]',
      ['name', 'price'],
      2,
      ';',
    ),
  },
  {
    name: 'csv-to-json: auto detects tabs',
    body: { input: 'a\tb c\n1\t2', mode: 'csv-to-json', delimiter: 'auto' },
    status: 200,
    expect: json('[\n  {\n    "a": 1,\n    "b c": 2\n  }\n]', ['a', 'b c'], 1, '\t'),
  },
  {
    name: "csv-to-json: auto detects pipes mixed with commas (papaparse's own vector)",
    body: { input: 'one|two,two|three\nfour|five,five|six', mode: 'csv-to-json', delimiter: 'auto' },
    status: 200,
    expect: json(
      '[\n  {\n    "one": "four",\n    "two,two": "five,five",\n    "three": "six"\n  }\n]',
      ['one', 'two,two', 'three'],
      1,
      '|',
    ),
  },
  {
    name: 'csv-to-json: auto reads quoted fields holding other candidates and line breaks',
    body: { input: 'id;data\r\n1;"{""a"": 1,\n ""b"": 2}"\r\n2;"x,y|z"', mode: 'csv-to-json', delimiter: 'auto' },
    status: 200,
    expect: json(
      '[\n  {\n    "id": 1,\n    "data": {\n      "a": 1,\n      "b": 2\n    }\n  },\n  {\n    "id": 2,\n    "data": "x,y|z"\n  }\n]',
      ['id', 'data'],
      2,
      ';',
    ),
  },
  {
    name: 'csv-to-json: auto with one column falls back to commas',
    body: { input: 'word\nhello\nworld', mode: 'csv-to-json', delimiter: 'auto' },
    status: 200,
    expect: json('[\n  {\n    "word": "hello"\n  },\n  {\n    "word": "world"\n  }\n]', ['word'], 2),
  },
  {
    name: 'csv-to-json: a semicolon file read with commas is one column, with a warning naming the semicolon',
    body: { input: 'a;b\n1;2', mode: 'csv-to-json' },
    status: 200,
    expect: {
      ...json('[\n  {\n    "a;b": "1;2"\n  }\n]', ['a;b'], 1),
      warnings: [
        'The text looks separated by semicolons rather than by "," (every row is one column): use the delimiter ";" or "auto".',
      ],
    },
  },
  {
    name: 'csv-to-json: a semicolon file with decimal commas read with commas: ragged rows, and the warning',
    body: { input: 'item;price\nTea;1,50\nCake;2,25', mode: 'csv-to-json', flatten: false },
    status: 200,
    expect: {
      ...json(
        '[\n  {\n    "item;price": "Tea;1",\n    "column_2": 50\n  },\n  {\n    "item;price": "Cake;2",\n    "column_2": 25\n  }\n]',
        ['item;price', 'column_2'],
        2,
      ),
      warnings: ['The text looks separated by semicolons rather than by ",": use the delimiter ";" or "auto".'],
    },
  },
  {
    name: 'csv-to-json: a tab file whose quoting a semicolon cannot read: the error, and the warning',
    body: { input: 'a\tb\n"x;y"\t2', mode: 'csv-to-json', delimiter: ';' },
    status: 200,
    expect: {
      ...failed(
        'csv-to-json',
        'Invalid CSV: Unexpected U+0009 after the closing quote of a field (a quote inside a quoted field is written "") at line 2, column 6.',
        ';',
      ),
      warnings: [
        'The text looks separated by tabs rather than by ";" (the CSV cannot be read that way): use the delimiter "\\t" or "auto".',
      ],
    },
  },
  {
    name: 'csv-to-json: RFC 4180 quoted delimiter, doubled quotes and a newline inside a field',
    body: { input: 'name,quote\n"Doe, J","He said ""hi""\nand left"', mode: 'csv-to-json' },
    status: 200,
    expect: json(
      '[\n  {\n    "name": "Doe, J",\n    "quote": "He said \\"hi\\"\\nand left"\n  }\n]',
      ['name', 'quote'],
      1,
    ),
  },
  {
    name: 'csv-to-json: dot columns rebuild nested objects',
    body: { input: 'id,address.city,address.zip\n1,London,N1', mode: 'csv-to-json' },
    status: 200,
    expect: json(
      '[\n  {\n    "id": 1,\n    "address": {\n      "city": "London",\n      "zip": "N1"\n    }\n  }\n]',
      ['id', 'address.city', 'address.zip'],
      1,
    ),
  },
  {
    name: 'csv-to-json: flatten false keeps dotted keys',
    body: { input: 'id,address.city\n1,London', mode: 'csv-to-json', flatten: false },
    status: 200,
    expect: json('[\n  {\n    "id": 1,\n    "address.city": "London"\n  }\n]', ['id', 'address.city'], 1),
  },
  {
    name: 'csv-to-json: a cell holding a JSON array becomes that array',
    body: { input: 'id,tags\n1,"[""a"",2]"', mode: 'csv-to-json' },
    status: 200,
    expect: json('[\n  {\n    "id": 1,\n    "tags": [\n      "a",\n      2\n    ]\n  }\n]', ['id', 'tags'], 1),
  },
  {
    name: 'csv-to-json: columns a and a.b cannot both nest; a.b stays one key',
    body: { input: 'a,a.b\n1,2', mode: 'csv-to-json' },
    status: 200,
    expect: json('[\n  {\n    "a": 1,\n    "a.b": 2\n  }\n]', ['a', 'a.b'], 1),
  },
  {
    name: 'csv-to-json: ragged rows keep every cell',
    body: { input: 'a,b\n1\n2,3,4', mode: 'csv-to-json' },
    status: 200,
    expect: json(
      '[\n  {\n    "a": 1,\n    "b": "",\n    "column_3": ""\n  },\n  {\n    "a": 2,\n    "b": 3,\n    "column_3": 4\n  }\n]',
      ['a', 'b', 'column_3'],
      2,
    ),
  },
  {
    name: 'csv-to-json: duplicate header names are renamed',
    body: { input: 'id,name,name\n1,Ada,Lovelace', mode: 'csv-to-json' },
    status: 200,
    expect: json(
      '[\n  {\n    "id": 1,\n    "name": "Ada",\n    "name_1": "Lovelace"\n  }\n]',
      ['id', 'name', 'name_1'],
      1,
    ),
  },
  {
    name: 'csv-to-json: CRLF, a blank line skipped, a quoted empty field kept',
    body: { input: 'a\r\n""\r\n\r\nx\r\n', mode: 'csv-to-json' },
    status: 200,
    expect: json('[\n  {\n    "a": ""\n  },\n  {\n    "a": "x"\n  }\n]', ['a'], 2),
  },
  {
    name: 'csv-to-json: mixed line endings',
    body: { input: 'a;b\n1;2\r\n3;4\r5;6', mode: 'csv-to-json', delimiter: ';' },
    status: 200,
    expect: json(
      '[\n  {\n    "a": 1,\n    "b": 2\n  },\n  {\n    "a": 3,\n    "b": 4\n  },\n  {\n    "a": 5,\n    "b": 6\n  }\n]',
      ['a', 'b'],
      3,
      ';',
    ),
  },
  {
    name: 'csv-to-json: a header alone gives an empty array',
    body: { input: 'a\tb', mode: 'csv-to-json', delimiter: '\t' },
    status: 200,
    expect: json('[]', ['a', 'b'], 0, '\t'),
  },
  {
    name: 'csv-to-json: a byte order mark is not part of the first name',
    body: { input: '\ufeffa\n1', mode: 'csv-to-json' },
    status: 200,
    expect: json('[\n  {\n    "a": 1\n  }\n]', ['a'], 1),
  },
  {
    name: 'csv-to-json: unterminated quoted field is an error with its position',
    body: { input: 'a,b\n1,"oops\n2,3', mode: 'csv-to-json' },
    status: 200,
    expect: failed('csv-to-json', "Invalid CSV: Unterminated quoted field (no closing '\"') at line 2, column 3."),
  },
  {
    name: 'csv-to-json: text after a closing quote is an error',
    body: { input: 'a,b\n"x"y,2', mode: 'csv-to-json' },
    status: 200,
    match: {
      output: '',
      row_count: 0,
      columns: [],
      error: /^Invalid CSV: Unexpected 'y' after the closing quote .* at line 2, column 4\.$/,
    },
  },

  // ---- json-to-csv: where the records are (records_path)
  {
    name: "an API answer's records array named data is found; the answer says where",
    body: { input: '{"data":[{"id":1,"name":"Ada"},{"id":2,"name":"Alan"}],"page":2,"links":[{"rel":"next"}]}' },
    status: 200,
    expect: { ...csv('id,name\n1,Ada\n2,Alan', ['id', 'name'], 2), records_path: "$['data']" },
  },
  {
    name: 'without a records name, the longest array of objects, found through nested objects',
    body: { input: '{"meta":{"count":3},"response":{"tags":[{"t":"a"}],"users":[{"u":1},{"u":2},{"u":3}]}}' },
    status: 200,
    expect: { ...csv('u\n1\n2\n3', ['u'], 3), records_path: "$['response']['users']" },
  },
  {
    name: 'a named array wins over a longer one; an array holding a non-object is no records array',
    body: {
      input:
        '{"ids":[1,2,3,4],"mixed":[{"a":1},2,{"a":3},{"a":4}],"others":[{"o":1},{"o":2},{"o":3}],"items":[{"i":1}]}',
    },
    status: 200,
    expect: { ...csv('i\n1', ['i'], 1), records_path: "$['items']" },
  },
  {
    name: 'an object without an array of objects is still one row (no records_path in the answer)',
    body: { input: '{"id":7,"tags":["a","b"],"empty":[]}' },
    status: 200,
    expect: csv('id,tags,empty\n7,"[""a"",""b""]",[]', ['id', 'tags', 'empty'], 1),
  },
  {
    name: 'records_path picks another array',
    body: {
      input: '{"data":[{"id":1}],"included":[{"type":"user","id":"u1"},{"type":"user","id":"u2"}]}',
      records_path: '$.included',
    },
    status: 200,
    expect: { ...csv('type,id\nuser,u1\nuser,u2', ['type', 'id'], 2), records_path: "$['included']" },
  },
  {
    name: 'records_path $ reads the object as one row',
    body: { input: '{"data":[{"id":1}],"page":2}', records_path: '$' },
    status: 200,
    expect: { ...csv('data,page\n"[{""id"":1}]",2', ['data', 'page'], 1), records_path: '$' },
  },
  {
    name: 'records_path selecting several nodes makes each a row; the answer repeats the query',
    body: {
      input: '{"data":[{"user":{"name":"Ada"},"n":1},{"user":{"name":"Alan"},"n":2}]}',
      records_path: '$.data[*].user',
    },
    status: 200,
    expect: { ...csv('name\nAda\nAlan', ['name'], 2), records_path: '$.data[*].user' },
  },
  {
    name: 'records_path keeps exact numbers and key order of the ordered parser',
    body: { input: '{"rows":[{"2":"b","1":"a","big":12345678901234567890}]}', records_path: "$['rows']" },
    status: 200,
    expect: { ...csv('2,1,big\nb,a,12345678901234567890', ['2', '1', 'big'], 1), records_path: "$['rows']" },
  },
  {
    name: 'records_path selecting nothing is an error naming the query',
    body: { input: '{"data":[{"id":1}]}', records_path: '$.results' },
    status: 200,
    expect: failed('json-to-csv', 'records_path "$.results" selects nothing.'),
  },
  {
    name: 'records_path that is not JSONPath is an error naming it',
    body: { input: '{"data":[{"id":1}]}', records_path: 'data' },
    status: 200,
    match: { output: '', row_count: 0, error: /^records_path "data" is not a JSONPath query: / },
  },
  {
    name: 'records_path with JSON Lines is an error',
    body: { input: '{"a":1}\n{"a":2}', records_path: '$' },
    status: 200,
    expect: failed('json-to-csv', 'records_path needs one JSON document; JSON Lines are already one record a line.'),
  },

  // ---- csv-to-json: decimal commas (decimal_separator)
  {
    name: "decimal_separator ',' reads 0,15 as 0.15; 1,50 and 1.500 stay text",
    body: {
      input: 'sku;price;weight;qty\nA;0,15;1,50;3\nB;-2,5;1.500;10',
      mode: 'csv-to-json',
      delimiter: ';',
      decimal_separator: ',',
    },
    status: 200,
    expect: {
      ...json(
        '[\n  {\n    "sku": "A",\n    "price": 0.15,\n    "weight": "1,50",\n    "qty": 3\n  },\n  {\n    "sku": "B",\n    "price": -2.5,\n    "weight": "1.500",\n    "qty": 10\n  }\n]',
        ['sku', 'price', 'weight', 'qty'],
        2,
        ';',
      ),
      decimal_separator: ',',
    },
  },
  {
    name: "decimal_separator auto is ',' with the ';' delimiter (detected)",
    body: { input: 'name;rate\nx;0,15', mode: 'csv-to-json', delimiter: 'auto', decimal_separator: 'auto' },
    status: 200,
    expect: {
      ...json('[\n  {\n    "name": "x",\n    "rate": 0.15\n  }\n]', ['name', 'rate'], 1, ';'),
      decimal_separator: ',',
    },
  },
  {
    name: "decimal_separator auto is '.' with the ',' delimiter",
    body: { input: 'name,rate\nx,0.15', mode: 'csv-to-json', delimiter: 'auto', decimal_separator: 'auto' },
    status: 200,
    expect: {
      ...json('[\n  {\n    "name": "x",\n    "rate": 0.15\n  }\n]', ['name', 'rate'], 1),
      decimal_separator: '.',
    },
  },
  {
    name: 'without decimal_separator a decimal comma stays text (the answer as before)',
    body: { input: 'name;rate\nx;0,15', mode: 'csv-to-json', delimiter: ';' },
    status: 200,
    expect: json('[\n  {\n    "name": "x",\n    "rate": "0,15"\n  }\n]', ['name', 'rate'], 1, ';'),
  },
  {
    name: 'decimal_separator with infer_types false: every cell is text',
    body: { input: 'a;b\n0,15;2', mode: 'csv-to-json', delimiter: ';', decimal_separator: ',', infer_types: false },
    status: 200,
    expect: { ...json('[\n  {\n    "a": "0,15",\n    "b": "2"\n  }\n]', ['a', 'b'], 1, ';'), decimal_separator: ',' },
  },
  {
    name: 'an unknown decimal_separator is a schema error',
    body: { input: 'a\n1', mode: 'csv-to-json', decimal_separator: ' ' },
    status: 400,
    match: { error: /'decimal_separator' must be one of "auto", "\.", ","/ },
  },

  // ---- schema errors
  {
    name: 'empty input is a schema error',
    body: { input: '' },
    status: 400,
    match: { error: /'input' must not be empty/, issues: [{ path: ['input'], message: 'must not be empty' }] },
  },
  {
    name: 'an unsupported delimiter is a schema error',
    body: { input: 'a:b', mode: 'csv-to-json', delimiter: ':' },
    status: 400,
    match: { error: /'delimiter' must be one of "auto", ",", ";", "\\t", "\|"/ },
  },
  {
    name: 'a wrong mode and a non-boolean flatten are both named',
    body: { input: '[]', mode: 'xml', flatten: 'yes' },
    status: 400,
    match: { error: /'mode' must be one of "json-to-csv", "csv-to-json".*'flatten' must be a boolean/ },
  },
];

export default cases;
