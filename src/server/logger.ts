// Every line the Node processes write about themselves is one JSON object
// (`{"time","level","msg",...fields}`), like the access log (access-log.ts), so a log pipeline
// reads one format and never has to guess where a multi-line stack ends. Stacks go in a field.
//
// Where lines go: the HTTP server writes info to stdout and warnings and errors to stderr (the
// usual split of container log drivers); the MCP stdio server sends everything to stderr, since
// its stdout is the JSON-RPC stream (`toStderr`).

import { inspect } from 'node:util';

export type Level = 'info' | 'warn' | 'error';

export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
}

export type Write = (level: Level, line: string) => void;

const standardStreams: Write = (level, line) => (level === 'info' ? process.stdout : process.stderr).write(line + '\n');
export const stderrOnly: Write = (_level, line) => process.stderr.write(line + '\n');

/** An error as fields: its message always, its stack (one string, newlines escaped by JSON) for bugs. */
export function errorFields(error: unknown, withStack = true): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    error: error.message,
    ...(typeof code === 'string' && { code }),
    ...(withStack && error.stack && { stack: error.stack }),
  };
}

/** One JSON line; fields never overwrite time, level or msg. */
export function formatLine(level: Level, msg: string, fields: Record<string, unknown> = {}, now = new Date()): string {
  const { time: _t, level: _l, msg: _m, ...rest } = fields;
  return JSON.stringify({ time: now.toISOString(), level, msg, ...rest }, (_key, value: unknown) =>
    typeof value === 'bigint' ? String(value) : value,
  );
}

export function createLogger(write: Write = standardStreams): Logger {
  const at = (level: Level) => (msg: string, fields?: Record<string, unknown>) =>
    write(level, formatLine(level, msg, fields));
  return { info: at('info'), warn: at('warn'), error: at('error') };
}

/** The HTTP server's logger (stdout / stderr). */
export const log = createLogger();

/**
 * Routes console.* through `logger`, so lines written by code that cannot import this module
 * (the runtime-free core logs a tool's bug with console.error) or by libraries are JSON too: the
 * text as `msg`, an Error argument's message and stack as fields; and process warnings too
 * (captureWarnings).
 */
export function captureConsole(logger: Logger): void {
  const route =
    (level: Level) =>
    (...args: unknown[]) => {
      const error = args.find((arg) => arg instanceof Error);
      const text = args
        .filter((arg) => arg !== error)
        .map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { breakLength: Infinity })))
        .join(' ');
      logger[level](
        text.replace(/:\s*$/, '') || (error as Error | undefined)?.message || '',
        error ? errorFields(error) : undefined,
      );
    };
  console.log = console.info = console.debug = route('info');
  console.warn = route('warn');
  console.error = console.trace = route('error');
  captureWarnings(logger);
}

/**
 * Routes process warnings (deprecations of a dependency on a newer Node, a listener leak) through
 * `logger` at level warn, instead of Node's own text line `(node:PID) [CODE] Name: message`.
 * Node prints them from a 'warning' listener of its own, which is replaced.
 */
export function captureWarnings(logger: Logger): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning: Error & { code?: string }) =>
    logger.warn(warning.message, { warning: warning.name, ...(warning.code && { code: warning.code }) }),
  );
}
