// The architecture's floors (docs/architecture.md, "Layers") as one ESLint rule: every
// relative import is resolved to a file under src/ and both ends are placed on a floor; an
// import that climbs, reaches into another tool's folder or into another door is reported.
// Relative paths are the only form this project uses for its own code (no path aliases), so
// resolving them with `path` is enough and costs nothing per file.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', 'src');

// Floors, lowest first; a module may import its own floor and those below.
export const FLOORS = ['ground', 'lib', 'platform', 'tool', 'registry', 'core', 'build', 'door'];
// pure.ts (the bundler's no-side-effects marker the schemas are built through) imports nothing.
const GROUND = new Set(['tools/define.ts', 'tools/paste.ts', 'tools/pure.ts']);
const REGISTRY = new Set(['tools/index.ts', 'tools/loaders.ts']);
const DOORS = ['server', 'cli', 'sw', 'workers'];
// The app's own modules: the pages, the shell and what only they use.
const APP = ['ui', 'routes', 'App.svelte', 'main.ts', 'env.d.ts', 'virtual.d.ts'];
// A tool folder's page side: its pages and Svelte state, the workers its page starts and their
// clients; the rest of the folder (schema, run, cases, helpers) is the tool's own floor.
const PAGE_SIDE = /(\.svelte|\.svelte\.ts|\.worker\.ts|-client\.ts)$/;

/** Where a file under src/ sits: { floor, unit } (unit: the tool slug or the door), or null outside src/. */
export function place(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, second] = rel.split('/');
  if (GROUND.has(rel)) return { floor: 'ground', unit: 'ground' };
  if (top === 'lib' && second === 'images') return { floor: 'platform', unit: 'platform' };
  if (top === 'lib') return { floor: 'lib', unit: 'lib' };
  if (top === 'platform') return { floor: 'platform', unit: 'platform' };
  if (REGISTRY.has(rel)) return { floor: 'registry', unit: 'registry' };
  // The registry's types by slug, for the pages: on the app's floor with them.
  if (rel === 'tools/types.ts') return { floor: 'door', unit: 'app' };
  if (top === 'core') return { floor: 'core', unit: 'core' };
  if (top === 'build') return { floor: 'build', unit: 'build' };
  if (DOORS.includes(top)) return { floor: 'door', unit: top };
  if (APP.includes(top)) return { floor: 'door', unit: 'app' };
  if (top === 'tools') {
    if (PAGE_SIDE.test(rel)) return { floor: 'door', unit: 'app', tool: second };
    if (second && !second.includes('.')) return { floor: 'tool', unit: `tools/${second}` };
    return { floor: 'tool', unit: 'tools' }; // vectors.ts, tests beside the registry
  }
  return { floor: 'door', unit: top };
}

const isTest = (file) => /\.(test|spec)\.[cm]?[jt]s$/.test(file) || file.includes(`${path.sep}__tests__${path.sep}`);

/** Why `from` may not import `to`, or null when it may. */
export function violation(from, to) {
  const a = place(from);
  const b = place(to);
  if (!a || !b || isTest(from)) return null;
  const fa = FLOORS.indexOf(a.floor);
  const fb = FLOORS.indexOf(b.floor);
  if (fb > fa) return `${a.floor} must not import the ${b.floor} floor above it`;
  if (a.floor === 'tool' && b.floor === 'tool' && a.unit !== b.unit && b.unit !== 'tools')
    return `one tool's folder must not import another's (${b.unit}); shared code goes down to lib/`;
  if (
    a.floor === 'door' &&
    b.floor === 'door' &&
    a.unit !== b.unit &&
    !DOORS_MAY.has(`${a.unit}>${b.unit}`) &&
    !PROTOCOL.test(to)
  )
    return `the ${a.unit} door must not import the ${b.unit} door's modules`;
  return null;
}

// The page and its workers are one door split over threads (the page calls runTool() in
// bridge.ts); the command line runs the server's limits and pool in its own process. Between
// two other doors only the messages they exchange are shared: a `*-protocol.ts` module (the
// service worker's relay and the page's relay host).
const DOORS_MAY = new Set(['app>workers', 'workers>app', 'cli>server']);
const PROTOCOL = /-protocol\.ts$/;

const EXTS = ['', '.ts', '.js', '.svelte', '.svelte.ts', '/index.ts', '/index.js'];

export default {
  meta: { type: 'problem', schema: [], messages: { layer: '{{why}} (docs/architecture.md, Layers).' } },
  create(context) {
    const from = context.filename;
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const base = path.resolve(path.dirname(from), spec.replace(/\?.*$/, ''));
      const target = EXTS.map((e) => base + e).find((p) => fs.existsSync(p) && fs.statSync(p).isFile()) ?? base;
      const why = violation(from, target);
      if (why) context.report({ node: node.source, messageId: 'layer', data: { why } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
