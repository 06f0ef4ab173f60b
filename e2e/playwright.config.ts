import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// The real server (built by `npm test` / `npm start`) on a fresh demo database of its own.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  outputDir: path.join(root, 'test-results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace (each action, the network, the console) and a screenshot.
    // Without DOM snapshots and a screenshot per action: those made the whole suite a third slower.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: false },
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    // The console's service worker would fetch and keep every file of the app in each new page;
    // only the offline spec needs it (it asks for it).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
