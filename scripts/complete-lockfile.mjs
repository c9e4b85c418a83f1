// Adds the lock entries npm leaves out for other platforms' optional packages, so `npm ci`
// accepts the lock file everywhere. npm 11 drops an optional package it cannot resolve here
// (this machine's registry lacks some platforms' builds), and `npm ci` then refuses the lock.
// Run after any change to the dependencies: `node scripts/complete-lockfile.mjs`;
// `--check` only lists what is missing (no registry look-ups) and fails when anything is.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);

/** Each `[name, version, parentPath]` an optionalDependencies entry names without a lock entry. */
export function missingOptionals(packages) {
  const missing = [];
  for (const [path, pkg] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
      const nested = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
      if (!packages[nested] && !packages[`node_modules/${name}`]) missing.push([name, version, path]);
    }
  }
  return missing;
}

function view(spec) {
  try {
    const out = execFileSync('npm', ['view', spec, '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const parsed = JSON.parse(out);
    return Array.isArray(parsed) ? parsed.at(-1) : parsed;
  } catch {
    return null;
  }
}

function entryFor(name, version) {
  // The exact build when the registry has it; otherwise its platform fields from the newest one it has.
  const exact = view(`${name}@${version}`);
  const meta = exact ?? view(name);
  if (!meta) throw new Error(`${name} is not in the registry at all: cannot tell its platform`);
  const entry = { version };
  if (exact?.dist) Object.assign(entry, { resolved: exact.dist.tarball, integrity: exact.dist.integrity });
  for (const field of ['cpu', 'libc']) if (meta[field]) entry[field] = [meta[field]].flat();
  if (meta.license) entry.license = meta.license;
  entry.optional = true;
  if (meta.os) entry.os = [meta.os].flat();
  return entry;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
  const missing = missingOptionals(lock.packages);
  if (process.argv.includes('--check')) {
    for (const [name, version, parent] of missing)
      console.log(`missing ${name}@${version} (of ${parent || 'the root'})`);
    process.exit(missing.length === 0 ? 0 : 1);
  }
  for (const [name, version] of missing) {
    lock.packages[`node_modules/${name}`] = entryFor(name, version);
    console.log(`added ${name}@${version}`);
  }
  const [root, ...rest] = Object.entries(lock.packages);
  rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  lock.packages = Object.fromEntries([root, ...rest]);
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(missing.length === 0 ? 'The lock file is complete.' : `Added ${missing.length} entries.`);
}
