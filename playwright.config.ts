// Browser tests in Debian's Chromium (no browser downloads here; docs/stack.md), against the BUILT
// app served by the built Node server, exactly as a user gets it.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'contract/**/*.spec.ts'],
  fullyParallel: true,
  workers: 2,
  // One retry in CI, where two cores run browsers and servers at once; a test that needed it is
  // reported as flaky in the summary (scripts/test.mjs).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Overridable so that several runs can share a checkout without clobbering each other.
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results/playwright',
  reporter: [['list'], ['json', { outputFile: process.env.PW_REPORT ?? 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    permissions: ['clipboard-read', 'clipboard-write'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `node ${process.env.SERVER_ENTRY ?? 'dist-server/main.js'}`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      RATE_LIMIT: 'off',
      ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
    },
    url: `http://localhost:${PORT}/api`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
