// The help texts, written from the registry and the schemas (docs/architecture.md principle 1):
// a new tool or field shows up here without an edit.
import { findTool, tools } from '../tools/index';
import { type Field, toolFields } from './fields';

/** Wraps `text` at `width` columns, each line after `indent` spaces. */
function wrap(text: string, indent: number, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.map((l) => ' '.repeat(indent) + l).join('\n');
}

/** Single quotes for a POSIX shell, only when needed. */
export function shellQuote(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

export function mainHelp(version: string): string {
  const width = Math.max(...tools.map((t) => t.slug.length));
  return [
    `devtoolbox ${version}: developer utilities on your own machine, offline (the same tools and answers as the app, the API and MCP).`,
    '',
    'Usage:',
    '  devtoolbox <tool> [--field value …]   run a tool; JSON answer on stdout',
    '  devtoolbox <tool> --help              its fields, defaults and an example',
    '  devtoolbox serve [--port 8787 …]      the HTTP server (options = README "Configuration", e.g. --redis-url)',
    '  devtoolbox mcp                        the MCP server over stdio',
    '',
    'Tools:',
    ...tools.map((t) => `  ${t.slug.padEnd(width)}  ${t.blurb}`),
    '',
    'Values: `@file` reads a text field from a file, `@-` from stdin; image fields take a file path.',
    'The main field (e.g. base64 --input) is read from stdin when not given.',
    'Exit codes: 0 answered, 1 the tool refused the input (the reason on stderr), 2 usage error.',
  ].join('\n');
}

function placeholder(field: Field): string {
  if (field.kind === 'boolean') return '';
  if (field.choices) return ` <${field.choices.join('|')}>`;
  if (field.kind === 'image') return ' <file>';
  if (field.numberOrString) return ' <number|text>';
  return ` <${field.kind === 'string' ? 'text' : field.kind}>`;
}

/** `devtoolbox <tool>` with the first worked example's fields as options. */
export function exampleCommand(slug: string): string {
  const tool = findTool(slug)!;
  const { fields, main } = toolFields(slug);
  const parts = ['devtoolbox', slug];
  for (const [name, value] of Object.entries(tool.examples[0].input)) {
    const field = fields.find((f) => f.name === name);
    if (!field) continue;
    if (field.kind === 'image') parts.push(`--${field.flag}`, main === field ? 'photo.png' : `${field.flag}.png`);
    else if (field.kind === 'boolean') parts.push(value ? `--${field.flag}` : `--no-${field.flag}`);
    else parts.push(`--${field.flag}`, shellQuote(typeof value === 'string' ? value : JSON.stringify(value)));
  }
  if (fields.some((f) => f.kind === 'image') && toolFields(slug).mainOutput === 'image') {
    // The answer's format, when the example chooses one (`to`, `format`); PNG otherwise.
    const { to, format } = tool.examples[0].input;
    parts.push('-o', `out.${typeof to === 'string' ? to : typeof format === 'string' ? format : 'png'}`);
  }
  return parts.join(' ');
}

export function toolHelp(slug: string): string {
  const tool = findTool(slug)!;
  const { fields, main, mainOutput } = toolFields(slug);
  const lines = [
    `devtoolbox ${slug}: ${tool.name}`,
    wrap(tool.summary, 2),
    '',
    `Usage: devtoolbox ${slug} [options]${main ? ` [${main.flag}]` : ''}`,
    '',
    'Fields:',
  ];
  for (const field of fields) {
    const names =
      field.kind === 'boolean' ? `--${field.flag}, --no-${field.flag}` : `--${field.flag}${placeholder(field)}`;
    const notes = [
      field.required ? 'required' : undefined,
      main === field
        ? field.kind === 'image'
          ? 'or stdin'
          : 'or stdin, or the one value without an option name'
        : undefined,
      field.default !== undefined ? `default ${JSON.stringify(field.default)}` : undefined,
    ].filter(Boolean);
    lines.push(`  ${names}${notes.length ? `  (${notes.join('; ')})` : ''}`);
    if (field.description) lines.push(wrap(field.description, 6));
  }
  lines.push(
    '',
    'Options:',
    `  --raw[=<field>]    print only one field of the answer (default: ${mainOutput}); text as is, lists one item a line`,
    ...(fields.some((f) => f.kind === 'image')
      ? ["  -o, --out <file>   write the answer's image to a file (`-` for stdout); the JSON then leaves it out"]
      : []),
    '  -h, --help         this help',
    '',
    'Example:',
    `  ${exampleCommand(slug)}`,
  );
  return lines.join('\n');
}
