// Files opened with the installed app: which page takes them (src/ui/file-launch.ts), decided from
// the tools' `accepts`, and the manifest's file_handlers and colours built from the same data
// (src/build/web-manifest.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { themeColors, webManifest } from '../../src/build/web-manifest';
import { tools } from '../../src/tools/index';
import { openerOf, planLaunch, type FileOpener } from '../../src/ui/file-launch';

// As virtual:file-openers builds them.
const openers: FileOpener[] = tools.flatMap((tool) =>
  tool.accepts ? [{ slug: tool.slug, accepts: tool.accepts }] : [],
);
const file = (name: string, type = '') => ({ name, type });

describe('planLaunch: the page a launched file opens', () => {
  it('opens JSON in the formatter’s input', () => {
    expect(planLaunch([file('data.json', 'application/json')], openers)).toEqual({
      slug: 'json-formatter',
      read: 'text',
      file: 0,
      field: 'json',
      with: {},
    });
    expect(planLaunch([file('DATA.JSON')], openers)?.slug).toBe('json-formatter');
    // No extension: the MIME type decides.
    expect(planLaunch([file('response', 'application/json')], openers)?.slug).toBe('json-formatter');
  });

  it('opens CSV in the converter, in its CSV → JSON direction', () => {
    expect(planLaunch([file('people.csv', 'text/csv')], openers)).toEqual({
      slug: 'json-to-csv',
      read: 'text',
      file: 0,
      field: 'input',
      with: { mode: 'csv-to-json' },
    });
  });

  it('opens LCOV tracefiles, whatever MIME type the platform guessed', () => {
    for (const name of ['lcov.info', 'coverage.LCOV']) {
      for (const type of ['', 'text/plain', 'application/octet-stream'])
        expect(planLaunch([file(name, type)], openers)?.slug, `${name} ${type}`).toBe('lcov-viewer');
    }
  });

  it('opens every image format of the manifest in the converter, all launched images at once', () => {
    const names = ['a.png', 'b.jpg', 'c.jpeg', 'd.webp', 'e.avif', 'f.gif', 'g.tif', 'h.TIFF'];
    expect(
      planLaunch(
        names.map((name) => file(name)),
        openers,
      ),
    ).toEqual({ slug: 'image-converter', read: 'files', files: names.map((_, index) => index) });
  });

  it('lets the first file it can open decide, and takes only what that page opens', () => {
    const launched = [file('notes.txt', 'text/plain'), file('a.png'), file('b.json'), file('c.webp', 'image/webp')];
    expect(planLaunch(launched, openers)).toEqual({ slug: 'image-converter', read: 'files', files: [1, 3] });
    expect(planLaunch([file('notes.txt'), file('x.json'), file('y.json')], openers)).toMatchObject({
      slug: 'json-formatter',
      file: 1,
    });
  });

  it('opens nothing for files no tool takes', () => {
    expect(planLaunch([], openers)).toBeUndefined();
    expect(
      planLaunch([file('notes.txt', 'text/plain'), file('.json'), file('picture.svg', 'image/svg+xml')], openers),
    ).toBeUndefined();
    expect(openerOf(file('archive.json.gz', 'application/gzip'), openers)).toBeUndefined();
  });

  it('fills fields that the tool’s input takes, with values it accepts', () => {
    for (const tool of tools) {
      if (tool.accepts?.read !== 'text') continue;
      const parsed = tool.input.safeParse({ ...tool.accepts.with, [tool.accepts.field]: 'x' });
      expect(parsed.success, tool.slug).toBe(true);
    }
  });
});

describe('the web app manifest', () => {
  const colors = themeColors(readFileSync(new URL('../../src/ui/theme.css', import.meta.url), 'utf8'));
  const manifest = webManifest({ tools, shortcuts: ['base64'], description: 'd', colors });

  it('registers JSON, CSV, LCOV and image files, opened at the app\'s root (relative: "./", under any base path)', () => {
    const accepted = manifest.file_handlers.flatMap((handler) => {
      expect(handler.action).toBe('./');
      return Object.entries(handler.accept).flatMap(([type, extensions]) => {
        expect(type).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
        for (const extension of extensions) expect(extension).toMatch(/^\.[a-z0-9]+$/);
        return extensions;
      });
    });
    for (const extension of [
      '.json',
      '.csv',
      '.info',
      '.lcov',
      '.png',
      '.jpg',
      '.jpeg',
      '.webp',
      '.avif',
      '.gif',
      '.tif',
      '.tiff',
    ])
      expect(accepted).toContain(extension);
    expect(new Set(accepted).size).toBe(accepted.length); // one page per extension
  });

  it('refuses a shortcut to no tool', () => {
    expect(() => webManifest({ tools, shortcuts: ['no-such-tool'], description: 'd', colors })).toThrow(/no-such-tool/);
  });

  it('reads light and dark colours from the stylesheet, however the dark scheme is selected', () => {
    expect(
      themeColors(
        ':root { --bg: #F7F7F8; --surface: #fff; } @media (prefers-color-scheme: dark) { :root { --bg: #121316; --surface: #1b1d21; } }',
      ),
    ).toEqual({
      light: { bg: '#f7f7f8', surface: '#fff' },
      dark: { bg: '#121316', surface: '#1b1d21' },
    });
    const css = `/* --bg: #000000 */ :root { --surface: #ffffff; --bg: #eeeeee; --text: #111 }
      :root[data-theme='dark'] { --bg: #101010; --surface: #202020 }
      @media (prefers-color-scheme: dark) { :root:not([data-theme='light']) { --bg: #303030; --surface: #404040 } }`;
    expect(themeColors(css)).toEqual({
      light: { bg: '#eeeeee', surface: '#ffffff' },
      dark: { bg: '#101010', surface: '#202020' },
    });
    expect(themeColors(':root { --bg: light-dark(#F6F7F9, #111215); --surface: light-dark(#fff, #1b1d21); }')).toEqual({
      light: { bg: '#f6f7f9', surface: '#fff' },
      dark: { bg: '#111215', surface: '#1b1d21' },
    });
    expect(() => themeColors(':root { --bg: #fff; --surface: #fff }')).toThrow(/dark --bg/);
  });
});
