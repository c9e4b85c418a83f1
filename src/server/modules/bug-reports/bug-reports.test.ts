import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUG_REPORT_FIELDS_MAX_CHARS, SCREENSHOT_ERRORS, type AdminBugReport } from '../../../domain/bug-report.ts';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from '../../../domain/text.ts';
import { STORE } from '../../../domain/store-config.ts';
import type { Store } from '../../bootstrap.ts';
import { BUG_REPORT_FORM_ERRORS } from '../../http/bug-reports.ts';
import { postBugReport, postJson, signUp, signUpAdmin, type FormFile } from '../../testing/fixtures.ts';
import { PNG_SIGNATURE } from '../../testing/png.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore, TEST_PUBLIC_URL } from '../../testing/test-store.ts';

/** A form of the given parts, in order: [name, text] or [name, file, file name]. */
function formOf(parts: readonly ([string, string] | [string, Blob, string])[]): FormData {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  return form;
}

const INTERNAL_TOKEN = 'bug-report-tests-internal-token-0123456789';
const MB = 1024 * 1024;

/** A "PNG" of the given size: the real signature, then filler. */
function png(size = 64): Buffer {
  return Buffer.concat([PNG_SIGNATURE, Buffer.alloc(size - PNG_SIGNATURE.length, 7)]);
}
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const shot = (name: string, bytes: Buffer, type = 'image/png'): FormFile => ({ name, bytes, type });

const report = (extra: Record<string, unknown> = {}) => ({
  email: 'Reporter@Example.com',
  title: 'The Subscribe button does nothing',
  description: 'I typed my email and pressed it twice; nothing happened.',
  priority: 'high',
  page_url: 'http://localhost:3000/esim-shop',
  browser_info: {
    userAgent: 'Mozilla/5.0 Test',
    platform: 'Linux x86_64',
    language: 'en-GB',
    screenResolution: '1920x1080',
    viewport: '1280x720',
  },
  ...extra,
});

describe.each(testDbKinds())('bug reports on %s', (kind) => {
  let store: Store;
  let dataDir: string;
  let adminCookie: string;
  let client = 0;
  const submit = (body: unknown, screenshots: readonly FormFile[] = [], from = `10.3.0.${++client}`) =>
    postBugReport(store, body, screenshots, { 'x-forwarded-for': from });
  const postForm = (form: FormData) =>
    store.app.request('/api/bug-reports', {
      method: 'POST',
      headers: { origin: TEST_PUBLIC_URL, 'x-forwarded-for': `10.3.1.${++client}` },
      body: form,
    });
  const postRaw = (contentType: string, body: string) =>
    store.app.request('/api/bug-reports', {
      method: 'POST',
      headers: { origin: TEST_PUBLIC_URL, 'x-forwarded-for': `10.3.2.${++client}`, 'content-type': contentType },
      body,
    });
  const reportDirs = () => {
    try {
      return readdirSync(join(dataDir, 'bug-reports'));
    } catch {
      return [];
    }
  };
  const adminList = async (cookie = adminCookie) => {
    const res = await store.app.request('/api/admin/bug-reports', { headers: { cookie } });
    return { status: res.status, body: (await res.json()) as { reports: AdminBugReport[] } };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'openline-bug-reports-'));
    store = await createTestStore(kind, {
      config: { TRUST_PROXY: 'true', DATA_DIR: dataDir },
      internalToken: INTERNAL_TOKEN,
    });
    adminCookie = await signUpAdmin(store, `bug-admin-${kind}@example.com`, INTERNAL_TOKEN);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores the report with its screenshots under DATA_DIR, emails support, and lists it to admins', async () => {
    const first = png(2048);
    const res = await submit(report(), [shot('home.png', first), shot('menu.jpg', JPEG, 'image/jpeg')]);
    expect(res.status).toBe(201);
    const { id, message } = await res.json();
    expect(message).toMatch(/thank you/i);

    // Two files, named by position and true kind; never the visitor's file name.
    expect(readdirSync(join(dataDir, 'bug-reports', id)).sort()).toEqual(['1.png', '2.jpg']);
    expect(readFileSync(join(dataDir, 'bug-reports', id, '1.png'))).toEqual(first);

    const [mail] = await store.deps.mailer.outbox({ to: STORE.supportEmail, limit: 1 });
    expect(mail?.subject).toBe('Bug report (High): The Subscribe button does nothing');
    expect(mail?.text).toContain('from reporter@example.com');
    expect(mail?.text).toContain('http://localhost:3000/esim-shop');
    expect(mail?.text).toContain('Mozilla/5.0 Test');
    expect(mail?.text).toContain(`/api/admin/bug-reports/${id}/screenshots/2`);

    const { body } = await adminList();
    const listed = body.reports.find((r) => r.id === id);
    expect(listed).toMatchObject({
      email: 'reporter@example.com',
      priority: 'high',
      page_url: 'http://localhost:3000/esim-shop',
      browser_info: { viewport: '1280x720', language: 'en-GB' },
      screenshots: [
        { position: 1, name: 'home.png', content_type: 'image/png', bytes: 2048 },
        { position: 2, name: 'menu.jpg', content_type: 'image/jpeg', bytes: JPEG.length },
      ],
    });

    const image = await store.app.request(listed!.screenshots[0]!.url, { headers: { cookie: adminCookie } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(first);
  });

  it('keeps the list and the screenshots from visitors and customers', async () => {
    const [listed] = (await adminList()).body.reports;
    const url = listed!.screenshots[0]?.url ?? `/api/admin/bug-reports/${listed!.id}/screenshots/1`;
    expect((await store.app.request('/api/admin/bug-reports')).status).toBe(401);
    expect((await store.app.request(url)).status).toBe(401);
    const customer = await signUp(store, `customer-${kind}@example.com`);
    expect((await adminList(customer)).status).toBe(403);
    expect((await store.app.request(url, { headers: { cookie: customer } })).status).toBe(403);
    // The files sit in DATA_DIR, outside what the web server serves.
    expect((await store.app.request(`/bug-reports/${listed!.id}/1.png`)).status).toBe(404);
  });

  it('defaults the priority to medium and takes a report without screenshots', async () => {
    const res = await submit(report({ priority: undefined }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const listed = (await adminList()).body.reports.find((r) => r.id === id);
    expect(listed).toMatchObject({ priority: 'medium', screenshots: [] });
  });

  it.each([
    [
      'a text file renamed to .png and declared an image',
      [shot('notes.png', Buffer.from('hello, just text'))],
      'notes.png is not an image (PNG, JPEG, GIF or WebP).',
    ],
    [
      'an SVG',
      [
        shot(
          'drawing.svg',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'image/svg+xml',
        ),
      ],
      'drawing.svg is not an image (PNG, JPEG, GIF or WebP).',
    ],
    ['a 6 MB image', [shot('huge.png', png(6 * MB))], 'huge.png is larger than 5MB.'],
    ['a 4th file', [1, 2, 3, 4].map((n) => shot(`${n}.png`, png())), 'You can attach up to 3 screenshots.'],
    ['an empty file', [shot('empty.png', Buffer.alloc(0))], 'empty.png is not an image (PNG, JPEG, GIF or WebP).'],
    ['a name with a NUL', [shot('a\u0000.png', png())], NUL_MESSAGE],
  ])('refuses %s with a 400 and its message, and stores nothing', async (_, screenshots, message) => {
    const before = reportDirs().length;
    const mailsBefore = (await store.deps.mailer.outbox({ to: STORE.supportEmail, limit: 200 })).length;
    const res = await submit(report(), screenshots);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.message).toBe(message);
    expect(reportDirs()).toHaveLength(before);
    expect(await store.deps.mailer.outbox({ to: STORE.supportEmail, limit: 200 })).toHaveLength(mailsBefore);
  });

  it('takes three screenshots of exactly 5MB', async () => {
    const res = await submit(
      report(),
      [1, 2, 3].map((n) => shot(`${n}.png`, png(5 * MB))),
    );
    expect(res.status).toBe(201);
  });

  it.each([
    [
      'a JSON body',
      () => postJson(store, '/api/bug-reports', report(), { 'x-forwarded-for': '10.3.9.1' }),
      BUG_REPORT_FORM_ERRORS.notForm,
    ],
    ['a form without the report part', () => postForm(new FormData()), BUG_REPORT_FORM_ERRORS.reportMissing],
    [
      'the report part as a file',
      () => postForm(formOf([['report', new Blob([JSON.stringify(report())]), 'r.json']])),
      BUG_REPORT_FORM_ERRORS.reportMissing,
    ],
    [
      'the report part twice',
      () =>
        postForm(
          formOf([
            ['report', JSON.stringify(report())],
            ['report', JSON.stringify(report())],
          ]),
        ),
      BUG_REPORT_FORM_ERRORS.reportMissing,
    ],
    ['the report part as broken JSON', () => submit('{"email":'), BUG_REPORT_FORM_ERRORS.reportMissing],
    [
      'a report part over its limit',
      () => submit(JSON.stringify({ ...report(), pad: 'x'.repeat(BUG_REPORT_FIELDS_MAX_CHARS) })),
      BUG_REPORT_FORM_ERRORS.reportTooLong,
    ],
    [
      'a screenshot sent as text',
      () =>
        postForm(
          formOf([
            ['report', JSON.stringify(report())],
            ['screenshots', 'data:image/png;base64,AAAA'],
          ]),
        ),
      SCREENSHOT_ERRORS.notFile,
    ],
    [
      'a form that is cut off',
      () =>
        postRaw('multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="report"\r\n\r\n{'),
      BUG_REPORT_FORM_ERRORS.unreadable,
    ],
  ])('refuses %s with a 400 naming the form it wants', async (_, send, message) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it.each([
    [{ title: '' }, 'Please fill in all required fields'],
    [{ email: '' }, 'Please fill in all required fields'],
    [{ description: '   ' }, 'Please fill in all required fields'],
    [{ title: 'x'.repeat(201) }, 'The title can be at most 200 characters.'],
    [{ description: 'x'.repeat(2001) }, 'The description can be at most 2000 characters.'],
    [{ priority: 'urgent' }, 'Priority must be low, medium, high or critical.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
  ])('refuses %j: %s', async (change, message) => {
    const res = await submit(report(change));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(message);
  });

  it('refuses a lone surrogate in the browser facts with a 400 (jsonb cannot hold it), and stores nothing', async () => {
    const before = reportDirs().length;
    // JSON.stringify writes it as the escape \ud800, as a client's body could carry it.
    const res = await submit(report({ browser_info: { userAgent: '\uD800', language: 'en' } }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(LONE_SURROGATE_MESSAGE);
    expect(reportDirs()).toHaveLength(before);
  });

  it('stops reading a form at the first part past the report and three screenshots (issue 45 §1)', async () => {
    // 100,000 one-byte file parts: about 12 MB, under the body limit, all of it parsed before.
    const boundary = 'openline-many-parts';
    const part = (name: string, body: string, file?: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n` +
      `${file ? 'Content-Type: image/png\r\n' : ''}\r\n${body}\r\n`;
    const stored = reportDirs().length;
    const head = part('report', JSON.stringify(report()));
    const one = part('screenshots', 'x', 'a.png');
    const encoder = new TextEncoder();
    const chunk = encoder.encode(one.repeat(500));
    const chunks = 200;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(head));
      },
      pull(controller) {
        if (sent === chunks) {
          controller.enqueue(encoder.encode(`--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await store.app.request('/api/bug-reports', {
      method: 'POST',
      headers: {
        origin: TEST_PUBLIC_URL,
        'x-forwarded-for': `10.3.3.${++client}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        // Its length declared, as a browser or curl sends a form: the body limit passes it on unread.
        'content-length': String(
          encoder.encode(head).length + chunks * chunk.length + encoder.encode(`--${boundary}--\r\n`).length,
        ),
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(SCREENSHOT_ERRORS.tooMany);
    // Read as far as the fourth screenshot, not the 12 MB behind it.
    expect(sent).toBeLessThan(5);
    expect(reportDirs()).toHaveLength(stored);
  });

  it('refuses a body larger than three full screenshots and the report with a 413', async () => {
    const res = await submit(
      report(),
      [1, 2, 3].map((n) => shot(`${n}.png`, png(5 * MB))).concat(shot('4.png', png(MB))),
    );
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 404 for a screenshot that does not exist', async () => {
    const res = await store.app.request('/api/admin/bug-reports/00000000-0000-4000-8000-000000000000/screenshots/1', {
      headers: { cookie: adminCookie },
    });
    expect(res.status).toBe(404);
    expect(
      (await store.app.request('/api/admin/bug-reports/not-a-uuid/screenshots/9', { headers: { cookie: adminCookie } }))
        .status,
    ).toBe(404);
  });

  it('refuses a client’s reports past BUG_REPORT_RATE_LIMIT in 10 minutes', async () => {
    const limit = store.deps.config.BUG_REPORT_RATE_LIMIT;
    expect(limit).toBe(5);
    for (let i = 0; i < limit; i++) expect((await submit(report(), [], '10.8.8.8')).status).toBe(201);
    expect((await submit(report(), [], '10.8.8.8')).status).toBe(429);
  });
});
