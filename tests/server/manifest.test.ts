// The built app's manifest (dist/manifest.webmanifest) and index.html: the screenshots and icons
// it names exist with the sizes it declares, its shortcuts open pages of the app, its files open
// at "/", and its colours are the stylesheet's, in both schemes.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeColors } from '../../src/build/web-manifest';
import { isAppPage } from '../../src/core/http';

const root = new URL('../../', import.meta.url).pathname;
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(dist, 'manifest.webmanifest'), 'utf8'));
const colors = themeColors(readFileSync(join(root, 'src/ui/theme.css'), 'utf8'));
/** A manifest URL as the browser reads it: relative to the manifest, served at `base`. */
const at = (url: string, base = '/') => new URL(url, `http://app.test${base}manifest.webmanifest`).pathname;

/** A PNG's width × height, from its IHDR chunk; throws for anything else. */
function pngSize(path: string): string {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8).toString('hex'), `${path} is a PNG`).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The image at a manifest path, in the build and committed in static/. */
function checkImage(image: { src: string; sizes: string; type: string }) {
  expect(image.type).toBe('image/png');
  for (const dir of [dist, join(root, 'static')])
    expect(pngSize(join(dir, image.src)), join(dir, image.src)).toBe(image.sizes);
}

describe('the built web app manifest', () => {
  it('keeps its identity and icons, maskable included', () => {
    expect(manifest).toMatchObject({ id: '/', display: 'standalone' });
    // Relative, so one build installs at `/` (as before) or under a base path (docs/deploy.md).
    expect([at(manifest.start_url), at(manifest.scope)]).toEqual(['/', '/']);
    expect([at(manifest.start_url, '/tools/'), at(manifest.scope, '/tools/')]).toEqual(['/tools/', '/tools/']);
    expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toContain('maskable');
    for (const icon of manifest.icons) checkImage(icon);
  });

  it('shows a wide and a narrow screenshot, each with a label and the size it declares', () => {
    expect(
      manifest.screenshots.map((shot: { form_factor: string; sizes: string }) => [shot.form_factor, shot.sizes]),
    ).toEqual([
      ['wide', '1280x800'],
      ['narrow', '390x844'],
    ]);
    for (const shot of manifest.screenshots) {
      expect(shot.label.length).toBeGreaterThan(0);
      checkImage(shot);
    }
  });

  it('offers four shortcuts to pages of the app, each with a 96×96 icon', () => {
    expect(manifest.shortcuts).toHaveLength(4);
    for (const shortcut of manifest.shortcuts) {
      expect(isAppPage(at(shortcut.url)), shortcut.url).toBe(true);
      expect(shortcut.name.length).toBeGreaterThan(0);
      expect(shortcut.icons.map((icon: { sizes: string }) => icon.sizes)).toContain('96x96');
      for (const icon of shortcut.icons) checkImage(icon);
    }
  });

  it('opens JSON, CSV, LCOV and image files at "/"', () => {
    const extensions = manifest.file_handlers.flatMap(
      (handler: { action: string; accept: Record<string, string[]> }) => {
        expect(at(handler.action)).toBe('/');
        return Object.values(handler.accept).flat();
      },
    );
    expect(extensions).toEqual(
      expect.arrayContaining([
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
      ]),
    );
  });

  it('takes the light theme’s colours for the splash and title bar, and gives pages both schemes’', () => {
    expect([manifest.background_color, manifest.theme_color]).toEqual([colors.light.bg, colors.light.surface]);
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const metas = [...html.matchAll(/<meta name="theme-color"([^>]*)>/g)].map((match) => match[1]);
    expect(metas).toEqual([
      ` media="(prefers-color-scheme: light)" content="${colors.light.surface}"`,
      ` media="(prefers-color-scheme: dark)" content="${colors.dark.surface}"`,
    ]);
    expect(html.match(/rel="manifest"/g)).toHaveLength(1);
  });

  it('leaves the screenshots out of the service worker’s precache, and robots.txt in', () => {
    const sw = readFileSync(join(dist, 'sw.js'), 'utf8');
    expect(sw).not.toContain('screenshots/');
    expect(sw).toContain('"robots.txt"');
    expect(existsSync(join(dist, 'robots.txt'))).toBe(true);
  });
});
