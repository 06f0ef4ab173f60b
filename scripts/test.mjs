// `npm test`: every suite — the shared contracts' rules, server on SQLite and PostgreSQL, web components, end to end in
// Chromium — then one closing line with the totals.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-reports-'));
const env = { ...process.env, TEST_REPORT_DIR: reports, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') };

buildIfStale();

const suites = [
  {
    name: 'contracts (money, pricing)',
    cwd: 'packages/contracts',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'contracts.json')}`],
  },
  { name: 'server (SQLite + PostgreSQL)', cwd: 'apps/server', command: ['node', 'test/run.mjs'] },
  {
    name: 'web components',
    cwd: 'apps/web',
    command: ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'web.json')}`],
  },
  { name: 'end to end (Chromium)', cwd: '.', command: ['npx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'] },
];

/** Lines that say why a suite failed (a failed test, an unhandled error), kept to repeat at the end where CI's tail shows them. */
const WHY = /(FAIL|✗|×|Unhandled|Error:|Errors |failed|timed out)/;

/** Runs a suite with its output shown as it comes, and keeps the lines that explain a failure. */
function run(suite) {
  const [command, ...args] = suite.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: path.join(root, suite.cwd), stdio: ['inherit', 'pipe', 'pipe'], env });
    const why = [];
    let rest = '';
    const keep = (chunk, stream) => {
      stream.write(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (WHY.test(line)) why.push(line.slice(0, 300));
      if (why.length > 40) why.splice(0, why.length - 40);
    };
    child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
    child.on('close', (code) => resolve({ code, why }));
  });
}

const failedSuites = [];
const reasons = [];
for (const suite of suites) {
  console.log(`\n##### ${suite.name} #####`);
  const { code, why } = await run(suite);
  if (code !== 0) {
    failedSuites.push(suite.name);
    reasons.push(`  ${suite.name} (exit ${code}):`, ...why.map((line) => `    ${line}`));
  }
}

// Vitest JSON: numPassedTests/numFailedTests; Playwright JSON: stats.expected/unexpected/flaky/skipped.
const counts = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
for (const file of fs.readdirSync(reports).sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
  const label = file.replace(/\.json$/, '');
  if (report.stats) {
    const passed = report.stats.expected + report.stats.flaky;
    counts.passed += passed;
    counts.failed += report.stats.unexpected;
    counts.skipped += report.stats.skipped;
    lines.push(`  ${label}: ${passed} passed, ${report.stats.unexpected} failed, ${report.stats.skipped} skipped`);
  } else {
    counts.passed += report.numPassedTests;
    counts.failed += report.numFailedTests;
    counts.skipped += report.numPendingTests + report.numTodoTests;
    lines.push(`  ${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped`);
  }
}
fs.rmSync(reports, { recursive: true, force: true });

console.log('\nTest totals by suite:');
console.log(lines.join('\n'));
if (failedSuites.length) console.log(`Suites that failed: ${failedSuites.join(', ')}\nWhat they said:\n${reasons.join('\n')}`);
const failed = failedSuites.length && counts.failed === 0 ? 1 : counts.failed;
console.log(`\n${counts.passed} passed, ${failed} failed, ${counts.skipped} skipped`);
process.exit(failedSuites.length ? 1 : 0);
