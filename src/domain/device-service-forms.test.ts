import { describe, expect, it } from 'vitest';
import {
  GENERIC_FORM_MESSAGES as G,
  genericFormSchema,
  REFUND_FORM_MESSAGES as R,
  refundFormSchema,
} from './device-service-forms.ts';

const firstIssue = (parsed: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  parsed.success ? null : [parsed.error?.issues[0]?.path.join('.'), parsed.error?.issues[0]?.message];

describe('the generic form (spec section 5)', () => {
  const form = {
    identifier: 'C39XK1AAHG7F',
    email: 'owner@example.com',
    brand: 'Apple',
    lawful: true,
    noData: true,
    refund: true,
  };
  it.each([
    [form, null],
    [{ ...form, model: 'iPhone 13' }, null],
    [{ ...form, identifier: '' }, ['identifier', G.required]],
    [{ ...form, identifier: '123456789012345678' }, ['identifier', G.invalidFormat]],
    [{ ...form, identifier: 'ABC-123' }, ['identifier', G.invalidFormat]],
    [{ ...form, identifier: '35299209000010' }, null],
    [{ ...form, email: 'owner@' }, ['email', G.email]],
    [{ ...form, brand: '' }, ['brand', G.brand]],
    [{ ...form, lawful: false }, ['lawful', G.lawful]],
    [{ ...form, noData: false }, ['noData', G.noData]],
    [{ ...form, refund: false }, ['refund', G.refund]],
  ])('%j → %j', (input, issue) => expect(firstIssue(genericFormSchema.safeParse(input))).toEqual(issue));
});

describe('the iPhone refund form (spec section 5)', () => {
  const form = {
    region: 'Europe',
    model: 'iPhone 13',
    imei: '352992090000102',
    email: 'owner@example.com',
    accurateInfo: true,
    notStolen: true,
    acceptRefund: true,
  };
  it.each([
    [form, null],
    [{ ...form, region: '' }, ['region', R.region]],
    [{ ...form, region: 'Atlantis' }, ['region', R.region]],
    [{ ...form, model: '' }, ['model', R.model]],
    [{ ...form, imei: '3529920900001' }, ['imei', 'IMEI must be 15 digits']],
    [{ ...form, imei: '35299209000010A' }, ['imei', 'IMEI must contain only numbers']],
    [{ ...form, imei: '352992090000103' }, ['imei', 'Invalid IMEI number']],
    [{ ...form, email: 'nope' }, ['email', R.email]],
    [{ ...form, accurateInfo: false }, ['accurateInfo', R.accurateInfo]],
    [{ ...form, notStolen: false }, ['notStolen', R.notStolen]],
    [{ ...form, acceptRefund: false }, ['acceptRefund', R.acceptRefund]],
    [{ ...form, region: 'USA' }, ['simNumber', R.simNumber]],
    [{ ...form, region: 'USA', simNumber: '8901260123456789012' }, null],
    [{ ...form, region: 'USA', simNumber: '890126012345678901' }, ['simNumber', R.simNumber]],
    [{ ...form, region: 'Europe', simNumber: '' }, null],
  ])('%j → %j', (input, issue) => expect(firstIssue(refundFormSchema.safeParse(input))).toEqual(issue));
});
