// The floors rule and the circle rule catch what they exist for: planted upward imports, a
// planted reach into another door and a planted circle, linted with the project's own config
// through ESLint's Node API; and the exceptions docs/architecture.md's Layers list grants pass.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const planted: string[] = [];
afterAll(() => planted.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const full = new ESLint({ cwd: root });
// The floors alone: the circle rule would walk every module a planted import reaches (seconds).
const floors = new ESLint({ cwd: root, overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

/** Writes `files` into a fresh folder under `under` (a folder of src/) and lints `target`: the rules reported. */
async function lint(under: string, files: Record<string, string>, target: string, eslint = floors) {
  const dir = mkdtempSync(path.join(root, under, '.lint-plant-'));
  planted.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const [result] = await eslint.lintFiles([path.join(dir, target)]);
  return result!.messages.map((m) => m.ruleId);
}

const importing = (from: string, name: string) => `import { ${name} } from '${from}';\nexport const x = ${name};\n`;

describe('lint boundaries', () => {
  it('reports lib/ importing the core floor above it', async () => {
    expect(await lint('src/lib', { 'up.ts': importing('../../core/invoke', 'invoke') }, 'up.ts')).toContain(
      'local/layers',
    );
  });
  it('passes lib/ importing the ground floor', async () => {
    const rules = await lint('src/lib', { 'down.ts': importing('../../tools/define', 'ToolInputError') }, 'down.ts');
    expect(rules).not.toContain('local/layers');
  });
  it('reports lib/ importing the platform, but passes lib/images/, which shares its floor', async () => {
    const up = await lint(
      'src/lib',
      { 'up.ts': importing('../../platform/codecs/index', 'createImagePlatform') },
      'up.ts',
    );
    expect(up).toContain('local/layers');
    const same = await lint(
      'src/lib/images',
      { 'same.ts': importing('../../../platform/codecs/index', 'createImagePlatform') },
      'same.ts',
    );
    expect(same).not.toContain('local/layers');
  });
  it("reports a tool's own module importing a door, but passes its page side (a worker it starts)", async () => {
    const serve = importing('../../workers/worker-serve', 'serveJobs');
    expect(await lint('src/tools', { 'helper.ts': serve }, 'helper.ts')).toContain('local/layers');
    expect(await lint('src/tools', { 'job.worker.ts': serve }, 'job.worker.ts')).not.toContain('local/layers');
  });
  it("reports a door importing another door's module, but passes the protocol they share", async () => {
    expect(await lint('src/sw', { 'a.ts': importing('../../workers/bridge', 'runTool') }, 'a.ts')).toContain(
      'local/layers',
    );
    const shared = await lint('src/sw', { 'b.ts': importing('../../workers/relay-protocol', 'HEARTBEAT_MS') }, 'b.ts');
    expect(shared).not.toContain('local/layers');
  });
  it('reports a circle', async () => {
    const rules = await lint(
      'src/lib',
      {
        'a.ts': "import { b } from './b';\nexport const a = () => b();\n",
        'b.ts': "import { a } from './a';\nexport const b = () => a();\n",
      },
      'a.ts',
      full,
    );
    expect(rules).toContain('import-x/no-cycle');
  });
});
