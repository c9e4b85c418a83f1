import { describe, expect, it } from 'vitest';
import {
  BUG_REPORT_LIMITS,
  BUG_REPORT_TOASTS,
  SCREENSHOT_DATA_MAX,
  base64Bytes,
  bugReportFailureMessage,
  bugReportSchema,
  checkScreenshot,
  descriptionCounter,
  missingBugReportFields,
  parseDataUrl,
  pickScreenshots,
  sniffImageType,
} from './bug-report.ts';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });
const decode = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const dataUrl = (bytes: number[], type = 'image/png') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];

describe('picking screenshots (spec sections 5 and 8)', () => {
  it.each([
    ['one image', 0, [file('a.png', 'image/png')], ['a.png'], []],
    ['three images', 0, [file('a.png', 'image/png'), file('b.jpg', 'image/jpeg'), file('c.webp', 'image/webp')], ['a.png', 'b.jpg', 'c.webp'], []],
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

describe('data URLs', () => {
  it.each([
    ['data:image/png;base64,iVBORw0KGgo=', { type: 'image/png', base64: 'iVBORw0KGgo=' }],
    ['data:;base64,AAAA', { type: '', base64: 'AAAA' }],
    ['data:image/png;name=a.png;base64,AAAA', { type: 'image/png', base64: 'AAAA' }],
    ['data:image/png,rawtext', null],
    ['data:image/png;base64,AAA', null],
    ['https://example.com/a.png', null],
    ['data:image/png;base64,AA AA', null],
  ])('%j → %j', (url, parts) => {
    expect(parseDataUrl(url)).toEqual(parts);
  });

  it.each([
    ['', 0],
    ['AAAA', 3],
    ['AAA=', 2],
    ['AA==', 1],
  ])('base64Bytes(%j) → %d', (base64, bytes) => {
    expect(base64Bytes(base64)).toBe(bytes);
  });

  it('leaves room for a full 5MB screenshot and no more than a few bytes past it', () => {
    const full = `data:image/png;base64,${'A'.repeat(Math.ceil(BUG_REPORT_LIMITS.screenshotBytes / 3) * 4)}`;
    expect(full.length).toBeLessThanOrEqual(SCREENSHOT_DATA_MAX);
  });
});

describe('checking an uploaded screenshot (server side)', () => {
  it('accepts a PNG whatever it is called or declared as', () => {
    const result = checkScreenshot({ name: 'photo.txt', type: 'text/plain', data: dataUrl(PNG, 'text/plain') }, decode);
    expect(result).toMatchObject({ ok: true, type: 'image/png', bytes: PNG.length });
  });

  it('refuses a text file renamed to .png and declared an image', () => {
    const data = dataUrl([...Buffer.from('just some text, honest')], 'image/png');
    expect(checkScreenshot({ name: 'fake.png', type: 'image/png', data }, decode)).toEqual({
      ok: false,
      message: 'fake.png is not an image (PNG, JPEG, GIF or WebP).',
    });
  });

  it('refuses more than 5MB by what the data decodes to', () => {
    const base64 = 'A'.repeat(Math.ceil((5 * MB + 1) / 3) * 4);
    const result = checkScreenshot({ name: 'big.png', type: 'image/png', data: `data:image/png;base64,${base64}` }, decode);
    expect(result).toEqual({ ok: false, message: 'big.png is larger than 5MB.' });
  });

  it('refuses what is not a base64 data URL', () => {
    expect(checkScreenshot({ name: 'a.png', type: 'image/png', data: 'hello' }, decode)).toMatchObject({ ok: false });
  });
});

describe('the bug report request (spec sections 3 and 5)', () => {
  const valid = { email: 'Reporter@Example.com', title: 'Button does nothing', description: 'Clicked it twice.' };

  it('defaults the priority to medium and normalises the email', () => {
    const report = bugReportSchema.parse(valid);
    expect(report.priority).toBe('medium');
    expect(report.email).toBe('reporter@example.com');
    expect(report.screenshots).toEqual([]);
  });

  it.each([
    [{ ...valid, email: '' }, 'Please fill in all required fields'],
    [{ ...valid, title: '   ' }, 'Please fill in all required fields'],
    [{ ...valid, description: '' }, 'Please fill in all required fields'],
    [{ ...valid, email: 'nope' }, 'Please enter a valid email address'],
    [{ ...valid, title: 'x'.repeat(201) }, 'The title can be at most 200 characters.'],
    [{ ...valid, description: 'x'.repeat(2001) }, 'The description can be at most 2000 characters.'],
    [{ ...valid, priority: 'urgent' }, 'Priority must be low, medium, high or critical.'],
    [
      { ...valid, screenshots: [1, 2, 3, 4].map((n) => ({ name: `${n}.png`, type: 'image/png', data: dataUrl(PNG) })) },
      BUG_REPORT_TOASTS.tooManyFiles.text,
    ],
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
    expect(bugReportSchema.safeParse({ ...valid, title: 'x'.repeat(200), description: 'y'.repeat(2000) }).success).toBe(true);
  });
});
