// CONFIG_VARIABLES (what `devtoolbox serve --…` accepts) against the variables loadConfig really
// reads, found in its own source: a variable added there without the list fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../src/cli/args';
import { CONFIG_VARIABLES } from '../../src/server/config';

const source = readFileSync(new URL('../../src/server/config.ts', import.meta.url), 'utf8');
// loadConfig and toolLimits (the limits the command line shares with the server), which comes first.
const body = source.slice(source.indexOf('export function toolLimits'));

describe('the server options of `devtoolbox serve`', () => {
  it('are exactly the variables loadConfig reads', () => {
    const read = new Set([...body.matchAll(/env\.([A-Z][A-Z_]*)|env, '([A-Z][A-Z_]*)'/g)].map((m) => m[1] ?? m[2]));
    expect([...CONFIG_VARIABLES].sort()).toEqual([...read].sort());
  });

  it('maps a known option to its variable and refuses a mistyped one', () => {
    expect(parseArgs(['serve', '--port', '8080', '--redis-url=redis://x'])).toEqual({
      command: 'serve',
      env: { PORT: '8080', REDIS_URL: 'redis://x' },
    });
    expect(() => parseArgs(['serve', '--prot', '8080'])).toThrow(UsageError);
    expect(() => parseArgs(['serve', '--prot', '8080'])).toThrow(/serve has no option --prot/);
  });
});
