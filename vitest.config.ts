import { defineConfig } from 'vitest/config';
import { examplesModule } from './src/build/examples-plugin';

export default defineConfig({
  // In-process doors (tests/support/doors.ts) serve the build's worked examples, computed alike.
  plugins: [examplesModule()],
  test: {
    include: [
      'src/**/*.test.ts',
      'tests/unit/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/server/**/*.test.ts',
      'tests/fuzz/**/*.test.ts',
      'tests/mcp/**/*.test.ts',
      'tests/cli/**/*.test.ts',
      'tests/scale/**/*.test.ts',
      'tests/corpus/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
