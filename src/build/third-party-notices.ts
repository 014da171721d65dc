// THIRD-PARTY-NOTICES.txt beside each build (dist/, dist-server/): the name, version, declared
// licence and licence/notice files of every npm package (and vendor/ build) whose code or files
// the build ships, as their MIT, BSD, Apache-2.0, MPL-2.0 and font licences ask of a
// redistribution.
//
// What ships is read from the build itself, not from package.json: the modules that render into
// each output chunk (the page build, every worker build and the service worker's own build feed
// one list), plus the files that plugins copy past Rollup (the model and onnxruntime's WASM in
// dist/models/, the codecs' WASM and the font in dist-server/assets/), passed in as `files`.
// A package is the nearest package.json with a name above a module; its licence texts are the
// LICENSE/LICENCE/COPYING/NOTICE files of that folder and of the folders between it and the
// module (a codec's own licence beside its WASM).
//
// A plugin of our own rather than rollup-plugin-license: that one sees a single Rollup build, and
// this list must join four (page, workers, service worker) and files that never enter Rollup;
// it is one readdir and a few reads per package, no dependency.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';

const LICENCE_FILE = /^(licen[cs]e|copying|notice|copyright)([-_.].*)?$/i;
/** Beside a licence: the package manager's and the editors' files are no licence. */
const NOT_LICENCE = /\.(js|mjs|cjs|ts|json|map|d\.ts|html)$/i;

interface PackageInfo {
  name: string;
  version: string;
  license: string;
  homepage: string | undefined;
  dir: string;
  /** Folders (relative to the package) with licence files of their own. */
  folders: Set<string>;
  /** The package's files the build ships (for licence comments when it has no licence file). */
  files: Set<string>;
  author: string | undefined;
}

/** Modules and files seen by every build of one output folder. */
class Collector {
  readonly modules = new Set<string>();
}

const collectors = new Map<string, Collector>();
const collectorFor = (key: string) => collectors.get(key) ?? collectors.set(key, new Collector()).get(key)!;

/** The file path of a module id (no query, no virtual module), or undefined. */
function fileOf(id: string): string | undefined {
  if (id.startsWith('\0') || id.includes('\0')) return undefined;
  const path = id.split('?')[0]!;
  return path.startsWith('/') || /^[a-z]:[\\/]/i.test(path) ? path : undefined;
}

interface Manifest {
  name?: string;
  version?: string;
  license?: string | { type?: string };
  licenses?: { type?: string }[];
  homepage?: string;
  repository?: string | { url?: string };
  author?: string | { name?: string };
}

/** The nearest folder at or above `file` whose package.json has a name (nested `{"type":"module"}` files have none). */
function packageDirOf(file: string, stopAt: string): { dir: string; manifest: Manifest } | undefined {
  let dir = dirname(file);
  for (;;) {
    const manifestPath = join(dir, 'package.json');
    if (existsSync(manifestPath)) {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      if (manifest.name) return { dir, manifest };
    }
    const parent = dirname(dir);
    if (parent === dir || dir === stopAt) return undefined;
    dir = parent;
  }
}

function licenceOf(manifest: Manifest): string {
  if (typeof manifest.license === 'string') return manifest.license;
  if (manifest.license?.type) return manifest.license.type;
  const types = (manifest.licenses ?? []).map((entry) => entry.type).filter(Boolean);
  return types.length ? types.join(' OR ') : 'UNKNOWN';
}

function homepageOf(manifest: Manifest): string | undefined {
  const repo = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  return manifest.homepage ?? repo?.replace(/^git\+/, '').replace(/\.git$/, '');
}

const licenceFiles = (dir: string) =>
  readdirSync(dir)
    .filter((name) => LICENCE_FILE.test(name) && !NOT_LICENCE.test(name) && statSync(join(dir, name)).isFile())
    .sort();

/** The "License" section of a README, for the few packages that ship no licence file. */
function readmeLicence(dir: string): string | undefined {
  const readme = readdirSync(dir).find((name) => /^readme(\.md|\.markdown|\.txt)?$/i.test(name));
  if (!readme) return undefined;
  const text = readFileSync(join(dir, readme), 'utf8');
  const match = /^(#{1,6})\s*licen[cs]e\b.*$/im.exec(text);
  if (!match) return undefined;
  const rest = text.slice(match.index + match[0].length);
  const next = new RegExp(`^#{1,${match[1]!.length}}\\s`, 'm').exec(rest);
  const section = (next ? rest.slice(0, next.index) : rest).trim();
  return section ? `${match[0].trim()}\n\n${section}` : undefined;
}

/** Every package the modules and files belong to, by name@version, except the project itself. */
export function packagesOf(paths: Iterable<string>, root: string): PackageInfo[] {
  const projectDir = resolve(root);
  const project = (JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as Manifest).name;
  const found = new Map<string, PackageInfo>();
  for (const path of paths) {
    const at = packageDirOf(path, sep);
    // The project's own modules (src/, and its name wherever a linked checkout puts it).
    if (!at || at.dir === projectDir || at.manifest.name === project) continue;
    const key = `${at.manifest.name}@${at.manifest.version ?? ''}`;
    let info = found.get(key);
    if (!info) {
      const author = typeof at.manifest.author === 'string' ? at.manifest.author : at.manifest.author?.name;
      info = {
        name: at.manifest.name!,
        version: at.manifest.version ?? '',
        license: licenceOf(at.manifest),
        homepage: homepageOf(at.manifest),
        dir: at.dir,
        folders: new Set(['']),
        files: new Set(),
        author,
      };
      found.set(key, info);
    }
    info.files.add(path);
    // Folders between the package and the file that carry their own licence (a codec's sources).
    for (let dir = dirname(path); dir.startsWith(at.dir + sep); dir = dirname(dir)) {
      if (licenceFiles(dir).length) info.folders.add(relative(at.dir, dir));
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** The licence comments (block comments opened by `/*!`, `// Copyright …` lines) at the top of the package's shipped scripts. */
function licenceComments(files: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const file of files) {
    if (!/\.(m?js|cjs)$/.test(file)) continue;
    const head = readFileSync(file, 'utf8').slice(0, 8192);
    for (const match of head.matchAll(/\/\*[\s\S]*?\*\/|(?:^[ \t]*\/\/.*(?:\r?\n|$))+/gm)) {
      const text = match[0].trim();
      if (/copyright|licen[cs]e|permission is hereby/i.test(text)) found.add(text);
    }
  }
  return [...found];
}

/** A standard licence text we hold for an SPDX id (licence-texts/), with the copyright lines filled in. */
function standardText(spdx: string, copyright: string[]): string | undefined {
  const id = spdx.replace(/^\(|\)$/g, '');
  if (!/^(MIT|MPL-2\.0)$/.test(id)) return undefined;
  const text = readFileSync(new URL(`./licence-texts/${id}.txt`, import.meta.url), 'utf8');
  return text.replace('{{COPYRIGHT}}', copyright.length ? copyright.join('\n') : 'Copyright (c) the authors').trimEnd();
}

/** For a package that ships no licence file: what it says about its licence, and the standard text. */
function fallbackTexts(info: PackageInfo): string[] {
  const parts: string[] = [];
  const readme = readmeLicence(info.dir);
  if (readme) parts.push(`--- README, licence section ---\n\n${readme}`);
  const comments = licenceComments(info.files);
  for (const comment of comments) parts.push(`--- licence comment of the bundled code ---\n\n${comment}`);
  if (!/permission is hereby granted|mozilla public license/i.test(parts.join('\n'))) {
    const lines = [readme ?? '', ...comments]
      .join('\n')
      .split('\n')
      .map((line) => line.replace(/^[\s/*!#-]+/, '').trim());
    const copyright = [...new Set(lines.filter((line) => /^(copyright\b|\(c\)|©)/i.test(line)))];
    const text = standardText(
      info.license,
      copyright.length ? copyright : info.author ? [`Copyright (c) ${info.author}`] : [],
    );
    if (text)
      parts.push(`--- ${info.license} licence text (the package declares it without shipping its text) ---\n\n${text}`);
  }
  return parts;
}

const RULE = '='.repeat(78);

/**
 * Software a package compiles into what it ships without shipping that software's notice:
 * lcms-wasm's WASM is littleCMS itself (MIT), whose copyright line only its own sources carry.
 */
const COMPILED_IN: Readonly<Record<string, { name: string; license: string; copyright: string }>> = {
  'lcms-wasm': {
    name: 'Little CMS 2.16 (https://www.littlecms.com)',
    license: 'MIT',
    copyright: 'Copyright (c) 1998-2023 Marti Maria Saguer',
  },
};

/** The notices text: a header, then one section per package with its licence texts. */
export function noticesText(packages: readonly PackageInfo[], product: string): string {
  const parts = [
    `${product}`,
    '',
    'bundles the following third-party software. Each package is listed with its version, the',
    'licence its package.json declares, and the licence and notice files it ships.',
    `${packages.length} packages.`,
    '',
  ];
  for (const info of packages) {
    parts.push(RULE, `Package: ${info.name}@${info.version}`, `License: ${info.license}`);
    if (info.homepage) parts.push(`Source: ${info.homepage}`);
    let texts = 0;
    for (const folder of [...info.folders].sort()) {
      for (const name of licenceFiles(join(info.dir, folder))) {
        parts.push(
          '',
          `--- ${folder ? `${folder}/` : ''}${name} ---`,
          '',
          readFileSync(join(info.dir, folder, name), 'utf8').trimEnd(),
        );
        texts++;
      }
    }
    const inside = COMPILED_IN[info.name];
    if (inside)
      parts.push(
        '',
        `--- ${inside.name}, compiled into this package ---`,
        '',
        standardText(inside.license, [inside.copyright])!,
      );
    if (texts === 0) {
      const fallback = fallbackTexts(info);
      parts.push(
        '',
        ...(fallback.length
          ? fallback.flatMap((text) => [text, ''])
          : [`(The package ships no licence file; its package.json declares ${info.license}.)`]),
      );
    }
    parts.push('');
  }
  return `${parts.join('\n')}\n`;
}

/**
 * Collects the modules of this Rollup build's chunks under `key` (the output folder). Given to
 * the worker and service-worker builds, which Vite and vite-plugin-pwa run as builds of their own.
 */
export function noticesCollector(key = 'dist'): Plugin {
  return {
    name: 'third-party-notices-collector',
    apply: 'build',
    generateBundle(_options, bundle) {
      const collector = collectorFor(key);
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          const file = fileOf(id);
          if (file && module.renderedLength > 0) collector.modules.add(file);
        }
      }
    },
  };
}

/**
 * Writes `<outDir>/THIRD-PARTY-NOTICES.txt` once every build of the folder has run (closeBundle,
 * after vite-plugin-pwa's service-worker build; before precompress, which then gives it its
 * twins). `files`: absolute paths of what other plugins copy into the output without Rollup.
 */
export function thirdPartyNotices(options: {
  key?: string;
  product: string;
  files?: (root: string) => Iterable<string>;
}): Plugin[] {
  const key = options.key ?? 'dist';
  let root = process.cwd();
  let outDir = 'dist';
  return [
    noticesCollector(key),
    {
      name: 'third-party-notices',
      apply: 'build',
      configResolved(config) {
        root = config.root;
        outDir = resolve(config.root, config.build.outDir);
      },
      buildStart() {
        collectorFor(key).modules.clear();
      },
      closeBundle: {
        order: 'post',
        sequential: true,
        handler() {
          const paths = [...collectorFor(key).modules, ...(options.files?.(root) ?? [])];
          writeFileSync(join(outDir, NOTICES_FILE), noticesText(packagesOf(paths, root), options.product));
        },
      },
    },
  ];
}
