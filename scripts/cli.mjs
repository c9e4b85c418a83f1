// `npm run admin:create|db:backup|db:restore`: the compiled command (build/server/<name>.js, ADR
// 086), built first when missing or older than its sources; its arguments passed on.
import { spawn } from 'node:child_process';
import { SERVER_ENTRIES, buildServerIfStale } from './build-server.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name || !(name in SERVER_ENTRIES) || name === 'main') {
  process.stderr.write(
    `Usage: node scripts/cli.mjs <${Object.keys(SERVER_ENTRIES)
      .filter((n) => n !== 'main')
      .join('|')}> [args]\n`,
  );
  process.exit(2);
}
await buildServerIfStale();
const child = spawn(process.execPath, ['--enable-source-maps', `build/server/${name}.js`, ...args], {
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
