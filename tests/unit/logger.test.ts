// The process log's line format (src/server/logger.ts) and the 404's choice between the app's
// page and JSON (static-files.ts prefersHtml).
import { describe, expect, it } from 'vitest';
import {
  captureConsole,
  captureWarnings,
  createLogger,
  errorFields,
  formatLine,
  type Level,
} from '../../src/server/logger';
import { prefersHtml } from '../../src/server/static-files';

describe('logger', () => {
  it('writes one JSON object per line: time, level and msg first, fields after, never overwriting them', () => {
    const line = formatLine(
      'warn',
      'redis: down',
      { port: 8787, level: 'nope', msg: 'nope' },
      new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    );
    expect(line).not.toContain('\n');
    expect(Object.keys(JSON.parse(line))).toEqual(['time', 'level', 'msg', 'port']);
    expect(JSON.parse(line)).toEqual({
      time: '2026-01-02T03:04:05.000Z',
      level: 'warn',
      msg: 'redis: down',
      port: 8787,
    });
  });

  it('keeps a stack as one string field, and a code', () => {
    const error = Object.assign(new Error('boom'), { code: 'EBOOM' });
    const fields = errorFields(error);
    expect(fields).toMatchObject({ error: 'boom', code: 'EBOOM' });
    expect(String(fields.stack)).toContain('\n    at ');
    const line = formatLine('error', 'internal error', fields);
    expect(line.split('\n')).toHaveLength(1);
    expect(errorFields('text')).toEqual({ error: 'text' });
  });

  it('routes console.* into JSON lines by level', () => {
    const lines: [Level, string][] = [];
    const saved = {
      log: console.log,
      info: console.info,
      debug: console.debug,
      warn: console.warn,
      error: console.error,
      trace: console.trace,
    };
    try {
      captureConsole(createLogger((level, line) => lines.push([level, line])));
      console.log('hello', { a: 1 });
      console.warn('careful');
      console.error('[base64] internal error:', new Error('bad'));
    } finally {
      Object.assign(console, saved);
    }
    expect(lines.map(([level]) => level)).toEqual(['info', 'warn', 'error']);
    const parsed = lines.map(([, line]) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed[0]!.msg).toBe('hello { a: 1 }');
    expect(parsed[2]).toMatchObject({ level: 'error', msg: '[base64] internal error', error: 'bad' });
  });
});

describe('process warnings', () => {
  it("are JSON lines at level warn, not Node's own text line", async () => {
    const lines: [Level, string][] = [];
    const saved = process.listeners('warning');
    try {
      captureWarnings(createLogger((level, line) => lines.push([level, line])));
      expect(process.listenerCount('warning')).toBe(1);
      const emitted = new Promise((resolve) => process.once('warning', resolve));
      process.emitWarning('the thing is deprecated', { type: 'DeprecationWarning', code: 'DEP0999' });
      await emitted;
    } finally {
      process.removeAllListeners('warning');
      for (const listener of saved) process.on('warning', listener);
    }
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toBe('warn');
    expect(JSON.parse(lines[0]![1])).toMatchObject({
      level: 'warn',
      msg: 'the thing is deprecated',
      warning: 'DeprecationWarning',
      code: 'DEP0999',
    });
  });
});

describe('404: the page or JSON', () => {
  it.each([
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'GET', '/nope', true],
    ['text/html', 'POST', '/nope', true],
    ['application/json', 'GET', '/nope', false],
    ['application/problem+json', 'GET', '/nope', false],
    ['*/*', 'GET', '/nope', true],
    [undefined, 'HEAD', '/nope', true],
    ['*/*', 'GET', '/missing.js', false],
    ['*/*', 'POST', '/nope', false],
    [undefined, 'DELETE', '/nope', false],
  ] as const)('Accept %s, %s %s → page: %s', (accept, method, path, html) => {
    expect(prefersHtml(accept, method, path)).toBe(html);
  });
});
