import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { passwordWeaknesses, weakPasswordMessage } from '../../domain/auth.ts';
import { EMAIL_INVALID, emailSchema } from '../../domain/email.ts';
import { createStore } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { grantAdmin, type AdminGrant } from '../modules/accounts/service.ts';
import { acquireLock, readLiveLock } from '../store-lock.ts';

const USAGE = 'Usage: npm run admin:create -- --email you@example.com [--password-stdin]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readHidden(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** A password typed twice at a terminal, or piped in; none means "send me a link". */
async function choosePassword(fromStdin: boolean): Promise<string | undefined> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY) return undefined;
  const first = await readHidden('Password for the admin account (leave empty for a set-password link): ');
  if (!first) return undefined;
  const second = await readHidden('The same password again: ');
  if (first !== second) fail('The two passwords differ. Nothing was changed.');
  return first;
}

function report(grant: AdminGrant) {
  if (grant.outcome === 'promoted') console.log(`${grant.email} is now an admin.`);
  else if (grant.outcome === 'created') console.log(`Created the admin account ${grant.email}.`);
  else {
    console.log(`Created the admin account ${grant.email}.`);
    console.log(`Choose its password within one hour at this one-time link:\n${grant.setPasswordUrl}`);
  }
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean', default: false } },
  });
  const email = emailSchema.safeParse(values.email ?? '');
  if (!email.success) fail(`${values.email ? `${EMAIL_INVALID}.` : 'An --email is required.'}\n${USAGE}`);
  const config = loadConfig();

  // The running embedded store owns the data directory: ask it to do the work.
  const running = config.DATABASE_URL ? null : readLiveLock(config.DATA_DIR);
  if (running) {
    const password = await choosePassword(values['password-stdin']);
    if (password && passwordWeaknesses(password).length) fail(weakPasswordMessage(passwordWeaknesses(password)));
    const res = await fetch(`http://127.0.0.1:${running.port}/api/internal/admin-grant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': running.token },
      body: JSON.stringify({ email: email.data, ...(password ? { password } : {}) }),
    }).catch(() =>
      fail(`The store (pid ${running.pid}) holds ${config.DATA_DIR} but does not answer on port ${running.port}.`),
    );
    const body = (await res.json()) as AdminGrant | { error: { message: string } };
    if ('error' in body) fail(body.error.message);
    return report(body);
  }

  const lock = config.DATABASE_URL ? null : acquireLock(config.DATA_DIR);
  const store = await createStore({ config, logger: createLogger('warn'), serveClient: false });
  try {
    const password = await choosePassword(values['password-stdin']);
    if (password && passwordWeaknesses(password).length) fail(weakPasswordMessage(passwordWeaknesses(password)));
    report(
      await grantAdmin(store.deps.database.db, store.deps.auth, {
        email: email.data,
        password,
        publicUrl: store.deps.publicUrl,
      }),
    );
  } finally {
    await store.close();
    lock?.release();
  }
}

main().catch((error: unknown) =>
  fail(`admin:create failed: ${error instanceof Error ? error.message : String(error)}`),
);
