// Golden vectors worked out by hand from RFC 4180 and docs/contract.md §4 json-to-csv.
import type { ToolCase } from '../define';

const csv = (output: string, columns: string[], rowCount: number) => ({
  output,
  row_count: rowCount,
  column_count: columns.length,
  columns,
  mode: 'json-to-csv',
});

const json = (output: string, columns: string[], rowCount: number) => ({
  output,
  row_count: rowCount,
  column_count: columns.length,
  columns,
  mode: 'csv-to-json',
});

const failed = (mode: string, error: string) => ({ output: '', row_count: 0, column_count: 0, columns: [], mode, error });

const cases: ToolCase[] = [
  // ---- json-to-csv
  {
    name: 'nested objects flatten to dot columns',
    body: { input: '[{"name":"Ada","address":{"city":"London","zip":"N1"}},{"name":"Alan","address":{"city":"Wilmslow"}}]' },
    status: 200,
    expect: csv('name,address.city,address.zip\nAda,London,N1\nAlan,Wilmslow,', ['name', 'address.city', 'address.zip'], 2),
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
    body: { input: '[{"d":"x,y","q":"say \\"hi\\"","nl":"l1\\nl2","cr":"a\\rb","sp":" lead","tr":"trail ","mid":"mid dle","tab":"a\\tb"}]' },
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
    expect: csv('a;b\n1,5;"x;y"', ['a', 'b'], 1),
  },
  {
    name: 'tab delimiter',
    body: { input: '[{"a":"x\\ty","b":"p,q"}]', delimiter: '\t' },
    status: 200,
    expect: csv('a\tb\n"x\ty"\tp,q', ['a', 'b'], 1),
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
    name: 'a JSON object instead of an array is an error',
    body: { input: '\n{"a":1}' },
    status: 200,
    expect: failed('json-to-csv', 'Invalid input: expected a JSON array of objects, found an object at line 2, column 1.'),
  },

  // ---- csv-to-json
  {
    name: 'csv-to-json: booleans, numbers that survive, and strings that must stay strings',
    body: { input: 'a,b,c,d,e,f,g,h,i\ntrue,false,TRUE,42,-1.5e3,007,1e400,9007199254740993,', mode: 'csv-to-json' },
    status: 200,
    expect: json(
      '[\n  {\n    "a": true,\n    "b": false,\n    "c": "TRUE",\n    "d": 42,\n    "e": -1500,\n    "f": "007",\n    "g": "1e400",\n    "h": "9007199254740993",\n    "i": ""\n  }\n]',
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],
      1,
    ),
  },
  {
    name: 'csv-to-json: RFC 4180 quoted delimiter, doubled quotes and a newline inside a field',
    body: { input: 'name,quote\n"Doe, J","He said ""hi""\nand left"', mode: 'csv-to-json' },
    status: 200,
    expect: json('[\n  {\n    "name": "Doe, J",\n    "quote": "He said \\"hi\\"\\nand left"\n  }\n]', ['name', 'quote'], 1),
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
    expect: json('[\n  {\n    "id": 1,\n    "name": "Ada",\n    "name_1": "Lovelace"\n  }\n]', ['id', 'name', 'name_1'], 1),
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
    ),
  },
  {
    name: 'csv-to-json: a header alone gives an empty array',
    body: { input: 'a\tb', mode: 'csv-to-json', delimiter: '\t' },
    status: 200,
    expect: json('[]', ['a', 'b'], 0),
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
    expect: failed('csv-to-json', 'Invalid CSV: Unterminated quoted field (no closing \'"\') at line 2, column 3.'),
  },
  {
    name: 'csv-to-json: text after a closing quote is an error',
    body: { input: 'a,b\n"x"y,2', mode: 'csv-to-json' },
    status: 200,
    match: { output: '', row_count: 0, columns: [], error: /^Invalid CSV: Unexpected 'y' after the closing quote .* at line 2, column 4\.$/ },
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
    body: { input: 'a|b', mode: 'csv-to-json', delimiter: '|' },
    status: 400,
    match: { error: /'delimiter' must be one of ",", ";", "\\t"/ },
  },
  {
    name: 'a wrong mode and a non-boolean flatten are both named',
    body: { input: '[]', mode: 'xml', flatten: 'yes' },
    status: 400,
    match: { error: /'mode' must be one of "json-to-csv", "csv-to-json".*'flatten' must be a boolean/ },
  },
];

export default cases;
