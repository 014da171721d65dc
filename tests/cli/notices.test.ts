// THIRD-PARTY-NOTICES.txt in dist/ and dist-server/ (src/build/third-party-notices.ts): made from
// what the build bundles, with every package's licence text, and shipped in the npm package.
// The built files need `npm run build`; the plugin's rules are also tested on a made-up tree.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTICES_FILE, noticesText, packagesOf } from '../../src/build/third-party-notices';

const root = resolve(import.meta.dirname, '../..');

interface Section {
  name: string;
  version: string;
  license: string;
  text: string;
}

function sections(file: string): Section[] {
  const text = readFileSync(file, 'utf8');
  const count = Number(/^(\d+) packages\.$/m.exec(text)![1]);
  const parts = text.split(/^={78}$/m).slice(1);
  expect(parts).toHaveLength(count);
  return parts.map((part) => {
    const [, name, version] = /^Package: (.+)@([^@\n]*)$/m.exec(part)!;
    return { name: name!, version: version!, license: /^License: (.*)$/m.exec(part)![1]!, text: part };
  });
}

/** A package's own folder in node_modules, of the given version (hoisted, or nested under another package). */
function packageDir(name: string, version: string): string {
  const matches = (dir: string) =>
    existsSync(join(dir, 'package.json')) &&
    (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version === version;
  const hoisted = join(root, 'node_modules', name);
  if (matches(hoisted)) return hoisted;
  const nested = spawnSync('find', [`${join(root, 'node_modules')}/`, '-path', `*/node_modules/${name}/package.json`], {
    encoding: 'utf8',
  })
    .stdout.split('\n')
    .filter(Boolean)
    .map(dirname);
  const found = nested.find(matches);
  if (!found) throw new Error(`${name}@${version} is not installed`);
  return found;
}

// Known from the sources' imports: bundled by each build.
const APP = [
  'zod',
  'jose',
  'svelte',
  'fflate',
  'hash-wasm',
  'json-p3',
  'jsonrepair',
  'utif2',
  'omggif',
  'gifenc',
  'colorjs.io',
  '@jsquash/avif',
  '@jsquash/webp',
  '@jsquash/png',
  '@resvg/resvg-wasm',
  '@devtoolbox/libjpeg-turbo-wasm',
  '@devtoolbox/libdeflate-wasm',
  'onnxruntime-web',
  '@imgly/background-removal-data',
  'workbox-precaching',
  'workbox-routing',
  'workbox-window',
  'lucide-static',
];
const SERVER = [
  'zod',
  'jose',
  'fflate',
  'hash-wasm',
  'json-p3',
  'jsonrepair',
  'utif2',
  'omggif',
  'gifenc',
  '@jsquash/avif',
  '@resvg/resvg-wasm',
  '@devtoolbox/libjpeg-turbo-wasm',
  '@devtoolbox/libdeflate-wasm',
  '@modelcontextprotocol/sdk',
  'ioredis',
  'prom-client',
  'dejavu-fonts-ttf',
];
// Installed, but used by tests only (or, for onnxruntime-node, installed beside the package, not bundled).
const NOT_BUNDLED = [
  'papaparse',
  'culori',
  'uuid',
  'ulid',
  'sharp',
  'fast-check',
  'vitest',
  'onnxruntime-node',
  'devtoolbox',
];

describe.each([
  ['dist', APP],
  ['dist-server', SERVER],
])('%s/THIRD-PARTY-NOTICES.txt', (folder, bundled) => {
  const file = join(root, folder, NOTICES_FILE);

  it('exists after the build and lists the packages the build bundles, and no other', () => {
    if (!existsSync(file)) throw new Error(`${folder}/${NOTICES_FILE} is missing: run \`npm run build\` first`);
    const names = sections(file).map((section) => section.name);
    for (const name of bundled) expect(names, name).toContain(name);
    for (const name of NOT_BUNDLED) expect(names, name).not.toContain(name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it("gives each package's installed version, declared licence and licence texts, word for word", () => {
    for (const section of sections(file)) {
      const dir = packageDir(section.name, section.version);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        version: string;
        license?: string;
      };
      expect(section.version, section.name).toBe(manifest.version);
      if (manifest.license) expect(section.license, section.name).toBe(manifest.license);
      const licences = readdirSync(dir).filter(
        (entry) => /^(licen[cs]e|copying|notice)/i.test(entry) && !/\.(js|ts|json)$/.test(entry),
      );
      for (const licence of licences)
        expect(section.text, `${section.name}/${licence}`).toContain(readFileSync(join(dir, licence), 'utf8').trim());
      // Every package carries a licence text: its own file, or the standard text of what it declares.
      expect(section.text, section.name).toMatch(
        /permission|licen[cs]ed under|mozilla public license|apache license|redistribution and use|GNU AFFERO|Bitstream|this software is provided|independent JPEG group/i,
      );
      expect(section.text, section.name).not.toContain('ships no licence file');
      // What a package compiles in without its notice (littleCMS in lcms-wasm's WASM) is named too.
      if (section.name === 'lcms-wasm')
        expect(section.text).toMatch(
          /Little CMS[\s\S]*Copyright \(c\) 1998-2023 Marti Maria Saguer[\s\S]*Permission is hereby granted/,
        );
    }
  });
});

describe('the npm package', () => {
  it('includes both notices files (npm pack --dry-run)', () => {
    const result = spawnSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    expect(result.status, result.stderr).toBe(0);
    const [packed] = JSON.parse(result.stdout) as { files: { path: string }[] }[];
    const paths = packed!.files.map((entry) => entry.path);
    expect(paths).toContain(`dist/${NOTICES_FILE}`);
    expect(paths).toContain(`dist-server/${NOTICES_FILE}`);
  }, 300_000); // npm hashes every file of the package, the 84 MiB model included
});

describe('the plugin on a made-up tree', () => {
  it("finds each file's package past nested unnamed package.json files, with the licence files of its folders, and leaves the project out", () => {
    const tree = mkdtempSync(join(tmpdir(), 'notices-'));
    try {
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(tree, path)), { recursive: true });
        writeFileSync(join(tree, path), text);
      };
      write('package.json', JSON.stringify({ name: 'the-project', version: '1.0.0' }));
      write('src/main.js', 'ours');
      write('node_modules/a/package.json', JSON.stringify({ name: 'a', version: '1.2.3', license: 'MIT' }));
      write('node_modules/a/LICENSE', 'A licence text');
      write('node_modules/a/dist/esm/package.json', JSON.stringify({ type: 'module' }));
      write('node_modules/a/dist/esm/index.js', 'code');
      write(
        'node_modules/@s/b/package.json',
        JSON.stringify({ name: '@s/b', version: '2.0.0', license: 'Apache-2.0' }),
      );
      write('node_modules/@s/b/NOTICE', 'B notice');
      write('node_modules/@s/b/codec/LICENSE.codec.md', 'codec licence');
      write('node_modules/@s/b/codec/x.wasm', 'wasm');
      write(
        'node_modules/c/package.json',
        JSON.stringify({ name: 'c', version: '0.1.0', license: 'MIT', author: 'C Author' }),
      );
      write(
        'node_modules/c/index.js',
        '// (c) 2013 C Author\n// Permission is hereby granted, free of charge, to any person\nmore',
      );
      write(
        'node_modules/d/package.json',
        JSON.stringify({ name: 'd', version: '0.0.1', license: 'MIT', author: 'D Author' }),
      );
      write('node_modules/d/index.js', 'no comment');
      const packages = packagesOf(
        [
          'src/main.js',
          'node_modules/a/dist/esm/index.js',
          'node_modules/@s/b/codec/x.wasm',
          'node_modules/c/index.js',
          'node_modules/d/index.js',
        ].map((p) => join(tree, p)),
        tree,
      );
      expect(packages.map((p) => `${p.name}@${p.version}`)).toEqual(['@s/b@2.0.0', 'a@1.2.3', 'c@0.1.0', 'd@0.0.1']);
      const text = noticesText(packages, 'Test');
      expect(text).toContain('4 packages.');
      expect(text).toContain('--- LICENSE ---\n\nA licence text');
      expect(text).toContain('--- NOTICE ---\n\nB notice');
      expect(text).toContain('--- codec/LICENSE.codec.md ---\n\ncodec licence');
      expect(text).toContain(
        '--- licence comment of the bundled code ---\n\n// (c) 2013 C Author\n// Permission is hereby granted',
      );
      // No text shipped at all: the standard MIT text with the author's copyright.
      expect(text).toMatch(
        /Package: d@0\.0\.1[\s\S]*MIT licence text[\s\S]*Copyright \(c\) D Author\n\nPermission is hereby granted/,
      );
      expect(text).not.toContain('the-project');
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
