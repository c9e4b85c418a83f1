import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { RevealedKey } from '../domain/licenses.ts';
import { BackupError, restoreBackup, writeBackup } from './backup.ts';
import { openPglite } from './db/client.ts';
import * as t from './db/schema.ts';
import { embeddedSecret } from './store-lock.ts';
import { aCataloguePackage, postBugReport, postJson } from './testing/fixtures.ts';
import { PNG_SIGNATURE } from './testing/png.ts';
import { buyCheck, placeEsimOrder, waitForStatus } from './testing/orders.ts';
import { createTestStore } from './testing/test-store.ts';
import { luhnImei, placeUnlockOrder } from './testing/unlocks.ts';

const png = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(56, 7)]);

describe('backup and restore of the embedded store', () => {
  const dirs: string[] = [];
  const fresh = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `openline-${name}-`));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a running store with orders of every kind, and a fresh directory restored from it has them all', async () => {
    const from = fresh('backup-from');
    // A secret the embedded store generated into its data directory.
    const secret = embeddedSecret(from, 'sandbox-payment-secret');
    const store = await createTestStore('pglite', { config: { DATA_DIR: from } });
    const pkg = await aCataloguePackage(store);
    const esim = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    await postJson(store, `/api/sandbox-payments/${esim.sessionId}/pay`, {});
    await waitForStatus(store, esim, 'fulfilled');
    await placeUnlockOrder(store, luhnImei('35332288', 1));
    const check = await buyCheck(store, {
      product: 'blacklist',
      identifier: luhnImei('35332288', 2),
      email: 'c@example.com',
    });
    await waitForStatus(store, check, 'fulfilled');
    const service = await postJson(store, '/api/device-services', {
      service: 'icloud_removal',
      identifier: 'C39XK1AAHG7F',
      email: 's@example.com',
      brand: 'Apple',
      model: 'iPhone 13',
      lawful: true,
      noData: true,
      refund: true,
    });
    expect(service.status).toBe(200);
    const license = await postJson(store, '/api/licenses/checkout', {
      email: 'l@example.com',
      items: [{ slug: 'windows-11-pro', quantity: 1 }],
    });
    const licenseOrder = (await license.json()) as { url: string; order_id: string };
    await postJson(store, `/api/sandbox-payments/${new URL(licenseOrder.url).pathname.split('/').at(-1)}/pay`, {});
    const bug = await postBugReport(
      store,
      {
        email: 'r@example.com',
        title: 'Broken',
        description: 'It broke.',
        priority: 'low',
        page_url: 'http://localhost/',
      },
      [{ name: 's.png', bytes: png }],
    );
    const bugId = ((await bug.json()) as { id: string }).id;
    const kinds = async (db: typeof store.deps.database.db) =>
      Object.fromEntries(
        (await db.select({ kind: t.orders.kind, n: count() }).from(t.orders).groupBy(t.orders.kind)).map((row) => [
          row.kind,
          row.n,
        ]),
      );
    const before = await kinds(store.deps.database.db);
    expect(Object.keys(before).sort()).toEqual(['check', 'device_service', 'esim', 'license', 'unlock']);

    // While the store runs, as `npm run db:backup` asks it through its internal route.
    const file = join(fresh('backup-file'), 'store.tar.gz');
    const written = await writeBackup({
      dataDir: from,
      dump: await store.deps.database.dump!(),
      file,
      version: store.deps.version,
    });
    expect(written.secrets).toEqual(['sandbox-payment-secret']);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await store.close();

    const into = fresh('backup-into');
    await restoreBackup(file, into);
    expect(readFileSync(join(into, 'sandbox-payment-secret'), 'utf8').trim()).toBe(secret);
    expect(existsSync(join(into, 'bug-reports', bugId))).toBe(true);
    const restored = await createTestStore('pglite', {
      config: { DATA_DIR: into },
      database: await openPglite({ dataDir: into }),
    });
    try {
      expect(await kinds(restored.deps.database.db)).toEqual(before);
      // The license's key decrypts on the restored store: its secret came with it.
      const db = restored.deps.database.db;
      const [key] = await db.select().from(t.licenseKeys).where(eq(t.licenseKeys.orderId, licenseOrder.order_id));
      const [order] = await db
        .select({ token: t.orders.accessToken })
        .from(t.orders)
        .where(eq(t.orders.id, licenseOrder.order_id));
      const reveal = await postJson(
        restored,
        `/api/orders/${licenseOrder.order_id}/license-keys/${key?.id}/reveal?token=${encodeURIComponent(order?.token ?? '')}`,
        {},
      );
      expect(reveal.status).toBe(200);
      expect(((await reveal.json()) as RevealedKey).key).toMatch(/^SBX-/);
    } finally {
      await restored.close();
    }
  });

  it('hands a snapshot to the backup command only with the store’s internal token', async () => {
    const store = await createTestStore('pglite', { internalToken: 'backup-token-for-tests' });
    try {
      const refused = await store.app.request('/api/internal/backup', {
        method: 'POST',
        headers: { 'x-internal-token': 'wrong' },
      });
      expect(refused.status).toBe(403);
      const res = await store.app.request('/api/internal/backup', {
        method: 'POST',
        headers: { 'x-internal-token': 'backup-token-for-tests' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/gzip');
      // gzip's magic number.
      expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 2)]).toEqual([0x1f, 0x8b]);
    } finally {
      await store.close();
    }
  });

  it('takes one snapshot for backups asked for while one is being taken', async () => {
    const database = await openPglite({});
    try {
      const first = database.dump!();
      const second = database.dump!();
      expect(second).toBe(first);
      const taken = await first;
      const later = database.dump!();
      expect(later).not.toBe(first);
      expect((await later).size).toBeGreaterThan(0);
      expect(taken.size).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('never restores over a database, and refuses a file that is not a backup', async () => {
    const into = fresh('restore-over');
    const database = await openPglite({ dataDir: into });
    await database.close();
    const notBackup = join(fresh('not-backup'), 'x.tar.gz');
    await expect(restoreBackup(notBackup, fresh('empty'))).rejects.toThrow(BackupError);
    const file = join(fresh('backup-file2'), 'b.tar.gz');
    const source = await openPglite({});
    await writeBackup({ dataDir: fresh('nothing'), dump: await source.dump!(), file, version: 'test' });
    await source.close();
    await expect(restoreBackup(file, into)).rejects.toThrow(/already holds a database/);
  });

  it('refuses an archive with a link, or a path that leaves the folder, before anything is written (issue 45 §4)', async () => {
    const file = join(fresh('genuine'), 'b.tar.gz');
    const source = await openPglite({});
    await writeBackup({ dataDir: fresh('nothing'), dump: await source.dump!(), file, version: 'test' });
    await source.close();
    // A genuine backup, unpacked and packed again with a link in it that names a file outside.
    const outside = join(fresh('outside'), 'precious.txt');
    writeFileSync(outside, 'not the store’s');
    chmodSync(outside, 0o644);
    const unpacked = fresh('unpacked');
    execFileSync('tar', ['-xzf', file, '-C', unpacked]);
    symlinkSync(outside, join(unpacked, 'auth-secret'));
    const linked = join(fresh('tampered'), 'linked.tar.gz');
    execFileSync('tar', ['-czf', linked, '-C', unpacked, '.']);
    const into = fresh('restore-linked');
    await expect(restoreBackup(linked, into)).rejects.toThrow(/not a plain file or folder: \.\/auth-secret/);
    expect(statSync(outside).mode & 0o777).toBe(0o644);
    expect(readdirSync(into)).toEqual([]);

    // A member stored with an absolute path or ".." (tar -P keeps them as given).
    const escaping = join(fresh('tampered'), 'escaping.tar.gz');
    execFileSync('tar', ['-czPf', escaping, '-C', unpacked, 'manifest.json', outside]);
    await expect(restoreBackup(escaping, fresh('restore-escaping'))).rejects.toThrow(/leaves the backup's folder/);
  });
});
