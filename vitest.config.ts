import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/fuzz/**/*.test.ts', 'tests/mcp/**/*.test.ts'],
    environment: 'node',
    // The image tools reach their codecs through the door; in-process tests are the Node door.
    setupFiles: ['tests/support/images.ts', 'tests/support/segmentation.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
