import { defineTool } from '../define';
import { Input, Output } from './schema';
import { convert } from './convert';

export default defineTool({
  slug: 'json-to-csv',
  name: 'JSON ⇄ CSV Converter',
  summary:
    'Converts a JSON array of objects to CSV with a header row (nested objects flattened to dot columns), or CSV back to a JSON array.',
  tag: 'formatting',
  category: 'data',
  icon: 'sheet',
  blurb: 'JSON arrays to CSV tables and back.',
  keywords: ['csv', 'json', 'tsv', 'spreadsheet', 'excel', 'table', 'rows', 'columns', 'convert'],
  paste: [
    { kind: 'csv', field: 'input', with: { mode: 'csv-to-json' } },
    { kind: 'json-rows', field: 'input', with: { mode: 'json-to-csv' }, fit: 0.95 },
  ],
  input: Input,
  output: Output,
  accepts: { types: { 'text/csv': ['.csv'] }, read: 'text', field: 'input', with: { mode: 'csv-to-json' } },
  examples: [
    {
      summary: 'JSON array to CSV, nested objects flattened',
      input: { input: '[{"name":"Ada","address":{"city":"London"}},{"name":"Alan","address":{"city":"Wilmslow"}}]' },
    },
    {
      summary: 'Semicolon CSV to JSON',
      input: { input: 'name;age;active\nAda;36;true\n"Lovelace; A.";;false', mode: 'csv-to-json', delimiter: ';' },
    },
    {
      summary: 'CSV to JSON, delimiter detected, every value kept as text',
      input: {
        input: 'sku|price|version\nA-1|1.50|2.0\nB-2|12|10',
        mode: 'csv-to-json',
        delimiter: 'auto',
        infer_types: false,
      },
    },
    {
      summary: 'JSON Lines to CSV with a byte order mark for Excel',
      input: { input: '{"id":1,"name":"Ada"}\n{"id":2,"name":"Zoë"}', bom: true },
    },
  ],
  run: convert,
});
