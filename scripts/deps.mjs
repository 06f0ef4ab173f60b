// `npm run audit:deps [-- --offline]`: every direct dependency of every workspace, with the range asked for, the
// version installed and the registry's latest, for a reviewer to check against the advisories (GitHub's advisory
// database, `npm audit` where its endpoint answers). Marks a dependency whose installed major is behind.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const offline = process.argv.includes('--offline');

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const rootPackage = readJson(path.join(root, 'package.json'));
const workspaces = ['.', ...rootPackage.workspaces.flatMap((pattern) => {
  const dir = pattern.replace(/\/\*$/, '');
  return fs.readdirSync(path.join(root, dir)).map((name) => path.join(dir, name)).filter((p) => fs.existsSync(path.join(root, p, 'package.json')));
})];

/** The version Node would load from this workspace: its own node_modules first, then the root's. */
function installed(workspace, name) {
  for (const dir of [path.join(root, workspace), root]) {
    const file = path.join(dir, 'node_modules', name, 'package.json');
    if (fs.existsSync(file)) return readJson(file).version;
  }
  return 'missing';
}

const rows = [];
for (const workspace of workspaces) {
  const pkg = readJson(path.join(root, workspace, 'package.json'));
  for (const kind of ['dependencies', 'devDependencies']) {
    for (const [name, range] of Object.entries(pkg[kind] ?? {})) {
      if (range.startsWith('*') || range.startsWith('workspace:') || name.startsWith('@shop/')) continue;
      rows.push({ workspace: pkg.name, kind: kind === 'dependencies' ? 'runtime' : 'dev', name, range, installed: installed(workspace, name), latest: '' });
    }
  }
}

if (!offline) {
  const names = [...new Set(rows.map((row) => row.name))];
  const latest = new Map();
  // A few registry questions at a time.
  for (let i = 0; i < names.length; i += 8) {
    await Promise.all(names.slice(i, i + 8).map(async (name) => {
      try {
        const { stdout } = await run('npm', ['view', name, 'version'], { cwd: root, timeout: 30_000 });
        latest.set(name, stdout.trim());
      } catch {
        latest.set(name, 'unknown');
      }
    }));
  }
  for (const row of rows) row.latest = latest.get(row.name) ?? '';
}

const major = (version) => Number(/^(\d+)/.exec(version)?.[1] ?? NaN);
const header = ['workspace', 'kind', 'package', 'range', 'installed', ...(offline ? [] : ['latest', 'note'])];
const table = rows.map((row) => [
  row.workspace,
  row.kind,
  row.name,
  row.range,
  row.installed,
  ...(offline ? [] : [row.latest, major(row.latest) > major(row.installed) ? 'major behind' : row.latest !== row.installed ? 'update' : '']),
]);
const widths = header.map((title, i) => Math.max(title.length, ...table.map((cells) => String(cells[i]).length)));
const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd();
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const cells of table) console.log(line(cells));
console.log(`\n${rows.length} direct dependencies. Check each against https://github.com/advisories, or run \`npm audit\` where its endpoint answers.`);
