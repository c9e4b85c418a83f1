// `npm run dev`: the API with reload on :3001 and Vite's dev server (proxying /api) on :5173.
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      PUBLIC_URL: 'http://localhost:5173',
    },
  }),
  spawn('npx', ['react-router', 'dev', '--port', '5173'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

function stop(signal: NodeJS.Signals) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
