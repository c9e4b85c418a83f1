// `npm run bench:faults`: the fault runs of issue 27 on PostgreSQL (BENCH_POSTGRES_URL, the local
// server by default), each a test of the suite that prints its figures: a store killed mid-burst
// (orders lost or doubled: must be 0), the database away for 30 s under load (answers of 500 and
// orders lost or doubled: must be 0), a rolling restart of two instances (requests, stream updates
// and orders lost: must be 0). The tests' own assertions hold those zeros; this prints the figures.
import { spawnSync } from 'node:child_process';

const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const FILES = ['src/server/crash-burst.test.ts', 'src/server/db-outage.test.ts', 'src/server/rolling-restart.test.ts'];
const FIGURES = /^(crash mid-burst|database outage|rolling restart)/;

const run = spawnSync('npx', ['vitest', 'run', ...FILES], {
  env: { ...process.env, TEST_DATABASE_URL: SERVER, FORCE_COLOR: '0' },
  encoding: 'utf8',
});
const output = `${run.stdout}\n${run.stderr}`;
console.log('\nFaults on PostgreSQL (issue 27; each run is a test of the suite):');
for (const line of output.split('\n')) if (FIGURES.test(line.trim())) console.log(`  ${line.trim()}`);
if (run.status !== 0) {
  console.log(output.slice(-4000));
  process.exit(run.status ?? 1);
}
