import { describe, expect, it } from 'vitest';
import {
  CHECK_BACKOFF,
  CHECK_FIELDS,
  CHECK_IDENTIFIER_FIELDS,
  type CheckResult,
  resultForSharing,
  checkItemName,
  checkListEntry,
  CHECK_DELIVERY_TEXT,
  CHECK_GIVE_UP_MINUTES,
  CHECK_NEXT_STEPS,
  checkWaitSeconds,
  CHECK_SERIAL_NOT_ACCEPTED,
  checkNextStep,
  checkOrderRequestSchema,
  checkProductOfPath,
  checkVerdicts,
  deviceTypeOf,
  EMPTY_CHECK_RESULT,
  FREE_CHECK_MESSAGES,
  LOCK_CHECK_MESSAGES,
  lockCheckAnswer,
  freeCheckQuerySchema,
  resultFromProvider,
  tacOf,
  unlockPanelHref,
} from './device-checks.ts';
import { IMEI_MESSAGES } from './imei.ts';

const IMEI = '352992090000102';

describe('TAC and device type', () => {
  it.each([
    [IMEI, '35299209'],
    ['35299209000010', null],
    ['C39XK1AAHG7F', null],
  ])('tacOf(%s) = %s', (identifier, tac) => expect(tacOf(identifier)).toBe(tac));

  it.each([
    ['Apple', 'iPhone 8', 'phone'],
    ['Apple', 'iPad Pro 10.5-inch', 'tablet'],
    ['Samsung', 'Galaxy Tab S7', 'tablet'],
    ['Samsung', 'Galaxy Watch4', 'watch'],
    ['Simcom', 'SIM800L', 'module'],
    ['Huawei', 'E3372h', 'module'],
    ['Huawei', 'P20 Pro', 'phone'],
  ] as const)('%s %s is a %s', (brand, model, type) => expect(deviceTypeOf(brand, model)).toBe(type));
});

describe('the free check query', () => {
  it.each([
    ['35 299209-000010.2', true, undefined],
    ['C39XK1AAHG7F', true, undefined],
    ['', false, IMEI_MESSAGES.required],
    ['12345', false, IMEI_MESSAGES.exactLength],
    ['352992090000109', false, IMEI_MESSAGES.checksum],
    ['AB-12', false, FREE_CHECK_MESSAGES.invalid],
  ])('%j valid: %s', (identifier, valid, message) => {
    const parsed = freeCheckQuerySchema.safeParse({ identifier });
    expect(parsed.success).toBe(valid);
    if (message) expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});

describe('the check order form', () => {
  const form = { product: 'carrier', identifier: IMEI, email: 'a@example.com' };
  it.each([
    [form, null],
    [{ ...form, identifier: '' }, IMEI_MESSAGES.required],
    [{ ...form, identifier: '352992090000109' }, IMEI_MESSAGES.checksum],
    [{ ...form, identifier: '3529920900001' }, IMEI_MESSAGES.exactLength],
    [{ ...form, identifier: 'C39XK1AAHG7F' }, CHECK_SERIAL_NOT_ACCEPTED],
    [{ ...form, product: 'apple_report', identifier: 'C39XK1AAHG7F' }, null],
    [{ ...form, email: 'nope' }, 'Please enter a valid email address'],
    [{ ...form, product: 'teleport' }, 'Invalid option: expected one of "apple_report"|"carrier"|"knox"|"blacklist"'],
  ])('%j → %s', (input, message) => {
    const parsed = checkOrderRequestSchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });

  it.each([
    ['/apple-check', 'apple_report'],
    ['/carrier-check', 'carrier'],
    ['/knox-check', 'knox'],
    ['/blacklist-check', 'blacklist'],
    ['/imei-check', null],
  ])('%s preselects %s', (path, product) => expect(checkProductOfPath(path)).toBe(product));
});

describe('the provider field mapping', () => {
  it.each([
    [
      { fmiOn: true, lostMode: 'OFF' },
      { find_my: true, lost_mode: false },
    ],
    [
      { fmi: 'ON', simLock: 'Locked', network: 'Verizon' },
      { find_my: true, sim_lock: true, carrier: 'Verizon' },
    ],
    [
      { icloudLock: 'off', simlock: 'Unlocked' },
      { find_my: false, sim_lock: false },
    ],
    [
      { gsmaBlacklisted: 'Clean', blacklistRecords: [] },
      { blacklisted: false, blacklist_records: 0 },
    ],
    [
      { blacklistStatus: 'Blacklisted', blacklistRecordCount: '3' },
      { blacklisted: true, blacklist_records: 3 },
    ],
    [{ warrantyStatus: 'Out Of Warranty' }, { warranty: 'expired' }],
    [{ warranty: 'AppleCare+ active' }, { warranty: 'active' }],
    [
      { knoxRegistered: 'Enrolled', manufacturer: 'Samsung', modelName: 'Galaxy S22' },
      { mdm_lock: true, brand: 'Samsung', model: 'Galaxy S22' },
    ],
    [
      { simLock: 'perhaps', carrier: '' },
      { sim_lock: null, carrier: null },
    ],
    [{ deviceName: 'iPhone 8', model: 'A1905' }, { model: 'A1905' }],
  ])('%j → %j', (properties, expected) => {
    expect(resultFromProvider(properties)).toEqual({ ...EMPTY_CHECK_RESULT, ...expected });
  });
});

describe('verdicts and next steps', () => {
  const clean = { ...EMPTY_CHECK_RESULT, sim_lock: false, blacklisted: false, find_my: false, carrier: 'Unlocked' };
  it('says each reported field in words with its tone, in the product order, skipping what was not reported', () => {
    expect(
      checkVerdicts({ ...clean, find_my: true }, ['find_my', 'lost_mode', 'sim_lock', 'blacklisted']).map((v) => [
        v.label,
        v.value,
        v.tone,
      ]),
    ).toEqual([
      ['Find My (iCloud lock)', 'On', 'bad'],
      ['SIM lock', 'Unlocked', 'good'],
      ['GSMA blacklist', 'Clean', 'good'],
    ]);
  });

  it.each([
    [{ ...clean }, 'none', CHECK_NEXT_STEPS.clean],
    [{ ...clean, sim_lock: true }, 'unlock', CHECK_NEXT_STEPS.unlock],
    [{ ...clean, sim_lock: true, blacklisted: true }, 'refused', CHECK_NEXT_STEPS.blacklisted],
    [{ ...clean, lost_mode: true }, 'refused', CHECK_NEXT_STEPS.lost],
    [{ ...clean, mdm_lock: true }, 'none', CHECK_NEXT_STEPS.managed],
    [{ ...clean, find_my: true }, 'none', CHECK_NEXT_STEPS.activationLocked],
    [{ ...clean, find_my: true, sim_lock: true }, 'none', CHECK_NEXT_STEPS.activationLocked],
    [{ ...clean, mdm_lock: true, sim_lock: true }, 'none', CHECK_NEXT_STEPS.managed],
    [{ ...clean, mdm_lock: true, blacklisted: true }, 'refused', CHECK_NEXT_STEPS.blacklisted],
  ])('%j → %s', (result, action, text) => expect(checkNextStep(result)).toEqual({ action, text }));

  it('links the unlock panel prefilled with a valid IMEI only', () => {
    expect(unlockPanelHref({ imei: IMEI, brand: 'Apple', model: 'iPhone 8' })).toBe(
      `/?imei=${IMEI}&brand=Apple&model=iPhone+8#start-unlock`,
    );
    expect(unlockPanelHref({ imei: 'C39XK1AAHG7F', brand: 'Apple' })).toBe('/?brand=Apple#start-unlock');
    expect(unlockPanelHref({ imei: IMEI, country: 'United States', carrier: 'AT&T' })).toBe(
      `/?imei=${IMEI}&country=United+States&carrier=AT%26T#start-unlock`,
    );
  });
});

describe('the eSIM checkout lock check', () => {
  it.each([
    [{ ...EMPTY_CHECK_RESULT, sim_lock: false }, 'unlocked', LOCK_CHECK_MESSAGES.unlocked],
    [{ ...EMPTY_CHECK_RESULT, sim_lock: true, carrier: 'AT&T' }, 'locked', LOCK_CHECK_MESSAGES.locked('AT&T')],
    [
      { ...EMPTY_CHECK_RESULT, sim_lock: true },
      'locked',
      'Your phone is locked: a travel eSIM from another carrier will not connect until it is unlocked.',
    ],
    [{ ...EMPTY_CHECK_RESULT }, 'unknown', LOCK_CHECK_MESSAGES.unknown],
    [null, 'unknown', LOCK_CHECK_MESSAGES.unknown],
  ])('%j → %s', (result, state, message) => {
    expect(lockCheckAnswer(result)).toMatchObject({ state, message });
  });
});

describe("the check pages' delivery promise", () => {
  it("is the backoff's give-up time, rounded up to five minutes, and says the refund is automatic", () => {
    const waits = Array.from({ length: CHECK_BACKOFF.maxPolls }, (_, tries) => checkWaitSeconds(tries));
    expect(waits.slice(0, 7)).toEqual([2, 4, 8, 16, 32, 60, 60]);
    const minutes = waits.reduce((sum, wait) => sum + wait, 0) / 60;
    expect(CHECK_GIVE_UP_MINUTES).toBeGreaterThanOrEqual(minutes);
    expect(CHECK_GIVE_UP_MINUTES - minutes).toBeLessThan(5);
    expect(CHECK_GIVE_UP_MINUTES).toBe(40);
    expect(CHECK_DELIVERY_TEXT).toBe(
      'Usually within a minute. No result within 40 minutes and we refund you in full, without you asking.',
    );
  });
});

describe('a check in a list of results', () => {
  it.each([
    {
      name: checkItemName('Full Apple report', '35299209***8399'),
      product: 'Full Apple report',
      device: '35299209***8399',
    },
    {
      name: checkItemName('Carrier & SIM lock check', '***BCDE'),
      product: 'Carrier & SIM lock check',
      device: '***BCDE',
    },
    { name: 'Order', product: 'Order', device: null },
    { name: 'A: b: ***1234', product: 'A: b', device: '***1234' },
  ])('$name', ({ name, product, device }) => {
    expect(checkListEntry(name)).toEqual({ product, device });
  });
});

describe('a result as a share link shows it', () => {
  it.each([
    ['a second IMEI', '352992090010838', '35299209***0838'],
    ['a short identifier', '12345678', '***5678'],
    ['none', null, null],
  ] as const)('masks %s', (_, imei2, shown) => {
    const shared = resultForSharing({ ...EMPTY_CHECK_RESULT, model: 'iPhone 15', imei2 });
    expect(shared).toEqual({ ...EMPTY_CHECK_RESULT, model: 'iPhone 15', imei2: shown });
  });

  it('masks every identifier field and nothing else', () => {
    const full = Object.fromEntries(CHECK_FIELDS.map((field) => [field, null])) as CheckResult;
    for (const field of CHECK_IDENTIFIER_FIELDS) (full as Record<string, unknown>)[field] = '352992090010838';
    const shared = resultForSharing(full);
    for (const field of CHECK_FIELDS)
      expect(shared[field], field).toBe(
        (CHECK_IDENTIFIER_FIELDS as readonly string[]).includes(field) ? '35299209***0838' : null,
      );
  });
});
