// The floors rule and the circle rule catch what they exist for: a planted upward import and
// a planted circle, linted with the project's own config through ESLint's Node API.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(root, 'src/lib/.lint-plant-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function lint(files: Record<string, string>, target: string) {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintFiles([path.join(dir, target)]);
  return result.messages.map((m) => m.ruleId);
}

describe('lint boundaries', () => {
  it('reports lib/ importing the core floor above it', async () => {
    const rules = await lint({ 'up.ts': "import { invoke } from '../../core/invoke';\nexport const f = invoke;\n" }, 'up.ts');
    expect(rules).toContain('local/layers');
  });
  it('passes lib/ importing the ground floor', async () => {
    const rules = await lint({ 'down.ts': "import { ToolInputError } from '../../tools/define';\nexport const E = ToolInputError;\n" }, 'down.ts');
    expect(rules).not.toContain('local/layers');
  });
  it('reports a circle', async () => {
    const rules = await lint(
      { 'a.ts': "import { b } from './b';\nexport const a = () => b();\n", 'b.ts': "import { a } from './a';\nexport const b = () => a();\n" },
      'a.ts',
    );
    expect(rules).toContain('import-x/no-cycle');
  });
});
