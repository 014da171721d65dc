import { defineTool } from '../define';
import { Input, Output } from './schema';
import { jsonToCsv } from './to-csv';
import { csvToJson } from './to-json';

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
  paste: [{ kind: 'csv', field: 'input', with: { mode: 'csv-to-json' } }, { kind: 'json-rows', field: 'input', with: { mode: 'json-to-csv' }, fit: 0.95 }],
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
  ],
  run({ input, mode, delimiter, flatten }) {
    const result = mode === 'json-to-csv' ? jsonToCsv(input, delimiter, flatten) : csvToJson(input, delimiter, flatten);
    // docs/contract.md §1/§4: a conversion failure is a 200 with `error`, empty output and zero counts.
    if (!result.ok) return { output: '', row_count: 0, column_count: 0, columns: [], mode, error: result.error };
    return { output: result.output, row_count: result.rowCount, column_count: result.columns.length, columns: result.columns, mode };
  },
});
