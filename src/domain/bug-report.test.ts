import { describe, expect, it } from 'vitest';
import {
  BUG_REPORT_BODY_MAX_BYTES,
  BUG_REPORT_FIELDS_MAX_CHARS,
  BUG_REPORT_LIMITS,
  bugReportFailureMessage,
  bugReportSchema,
  checkScreenshot,
  descriptionCounter,
  missingBugReportFields,
  pickScreenshots,
  sniffImageType,
} from './bug-report.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('picking screenshots (spec sections 5 and 8)', () => {
  it.each([
    ['one image', 0, [file('a.png', 'image/png')], ['a.png'], []],
    [
      'three images',
      0,
      [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.webp', 'image/webp')],
      ['a.png', 'b.jpg', 'c.webp'],
      [],
    ],
    ['a fourth with three attached', 3, [file('d.png', 'image/png')], [], ['Maximum reached']],
    ['four at once', 0, [1, 2, 3, 4].map((n) => file(`${n}.png`, 'image/png')), [], ['Too many files']],
    ['two with two attached', 2, [file('a.png', 'image/png'), file('b.png', 'image/png')], [], ['Too many files']],
    ['a PDF', 0, [file('doc.pdf', 'application/pdf')], [], ['Invalid file type']],
    ['a 6MB image', 0, [file('big.png', 'image/png', 6 * MB)], [], ['File too large']],
    ['exactly 5MB', 0, [file('edge.png', 'image/png', 5 * MB)], ['edge.png'], []],
    ['a mix', 1, [file('ok.png', 'image/png'), file('x.txt', 'text/plain')], ['ok.png'], ['Invalid file type']],
  ])('%s', (_, attached, picked, accepted, titles) => {
    const result = pickScreenshots(attached, picked);
    expect(result.accepted.map((f) => f.name)).toEqual(accepted);
    expect(result.toasts.map((t) => t.title)).toEqual(titles);
  });

  it('names the file refused', () => {
    expect(pickScreenshots(0, [file('notes.txt', 'text/plain')]).toasts[0]?.text).toBe('notes.txt is not an image.');
  });
});

describe('the form’s other rules', () => {
  it.each([
    [{ email: 'a@b.co', title: 'T', description: 'D' }, false],
    [{ email: '', title: 'T', description: 'D' }, true],
    [{ email: 'a@b.co', title: '  ', description: 'D' }, true],
    [{ email: 'a@b.co', title: 'T', description: '' }, true],
  ])('missing fields in %j: %j', (form, missing) => {
    expect(missingBugReportFields(form)).toBe(missing);
  });

  it('counts the description against 2000', () => {
    expect(descriptionCounter('')).toBe('0/2000');
    expect(descriptionCounter('x'.repeat(120))).toBe('120/2000');
  });

  it.each([
    ['Server says', 'Server says'],
    ['', 'Please try again later'],
    [undefined, 'Please try again later'],
  ])('failure text for %j is %j', (message, text) => {
    expect(bugReportFailureMessage(message)).toBe(text);
  });
});

describe('image kinds by content', () => {
  it.each([
    [PNG, 'image/png'],
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[...Buffer.from('GIF89a')], 'image/gif'],
    [[...Buffer.from('GIF87a')], 'image/gif'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'image/webp'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WAVE')], null],
    [[...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">')], null],
    [[...Buffer.from('%PDF-1.7')], null],
    [[0x89, 0x50], null],
    [[], null],
  ])('%j → %j', (bytes, type) => {
    expect(sniffImageType(new Uint8Array(bytes))).toBe(type);
  });
});

describe('checking an uploaded screenshot (server side)', () => {
  const upload = (name: string, bytes: number[], size = bytes.length) => ({ name, size, head: new Uint8Array(bytes) });

  it.each([
    ['a PNG called photo.txt', upload('photo.txt', PNG), { ok: true, type: 'image/png', bytes: PNG.length }],
    [
      'a text file renamed to .png',
      upload('fake.png', [...Buffer.from('just some text, honest')]),
      { ok: false, message: 'fake.png is not an image (PNG, JPEG, GIF or WebP).' },
    ],
    [
      'an empty file',
      upload('empty.png', []),
      { ok: false, message: 'empty.png is not an image (PNG, JPEG, GIF or WebP).' },
    ],
    ['a PNG of exactly 5MB', upload('edge.png', PNG, 5 * MB), { ok: true, type: 'image/png', bytes: 5 * MB }],
    [
      'a PNG one byte over 5MB',
      upload('big.png', PNG, 5 * MB + 1),
      { ok: false, message: 'big.png is larger than 5MB.' },
    ],
  ])('%s', (_, input, result) => {
    expect(checkScreenshot(input)).toMatchObject(result);
  });

  it('leaves room in a body for three full screenshots and every text at its limit, escaped', () => {
    const report = {
      email: `${'a'.repeat(64)}@example.com`,
      title: '\u0001'.repeat(BUG_REPORT_LIMITS.title),
      description: '\u0001'.repeat(BUG_REPORT_LIMITS.description),
      page_url: '\u0001'.repeat(2048),
      browser_info: Object.fromEntries(
        ['userAgent', 'platform', 'language', 'screenResolution', 'viewport'].map((k) => [k, '\u0001'.repeat(1000)]),
      ),
    };
    expect(JSON.stringify(report).length).toBeLessThanOrEqual(BUG_REPORT_FIELDS_MAX_CHARS);
    expect(BUG_REPORT_BODY_MAX_BYTES).toBeGreaterThan(3 * 5 * MB + BUG_REPORT_FIELDS_MAX_CHARS);
    expect(BUG_REPORT_BODY_MAX_BYTES).toBeLessThan(16 * MB);
  });
});

describe('the bug report request (spec sections 3 and 5)', () => {
  const valid = { email: 'Reporter@Example.com', title: 'Button does nothing', description: 'Clicked it twice.' };

  it('defaults the priority to medium and normalises the email', () => {
    const report = bugReportSchema.parse(valid);
    expect(report.priority).toBe('medium');
    expect(report.email).toBe('reporter@example.com');
  });

  it.each([
    [{ ...valid, email: '' }, 'Please fill in all required fields'],
    [{ ...valid, title: '   ' }, 'Please fill in all required fields'],
    [{ ...valid, description: '' }, 'Please fill in all required fields'],
    [{ ...valid, email: 'nope' }, 'Please enter a valid email address'],
    [{ ...valid, title: 'x'.repeat(201) }, 'The title can be at most 200 characters.'],
    [{ ...valid, description: 'x'.repeat(2001) }, 'The description can be at most 2000 characters.'],
    [{ ...valid, priority: 'urgent' }, 'Priority must be low, medium, high or critical.'],
    [{ ...valid, title: 'bad\u0000title' }, 'Text must not contain NUL (\\u0000) characters.'],
  ])('refuses %#', (input, message) => {
    const result = bugReportSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each(['low', 'medium', 'high', 'critical'])('accepts priority %s', (priority) => {
    expect(bugReportSchema.parse({ ...valid, priority }).priority).toBe(priority);
  });

  it('accepts a title of exactly 200 and a description of exactly 2000', () => {
    expect(bugReportSchema.safeParse({ ...valid, title: 'x'.repeat(200), description: 'y'.repeat(2000) }).success).toBe(
      true,
    );
  });
});
