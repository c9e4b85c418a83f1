import { describe, expect, it } from 'vitest';
import { UNLOCK_FORM_MESSAGES, joinCarriers, splitCarriers, unlockFormSchema } from './unlock-form.ts';

const valid = {
  imei: '490154203237518',
  brand: 'Apple',
  model: 'iPhone 15 Pro',
  carrier: 'att',
  country: 'US',
  email: 'jane@example.com',
  agreeToTerms: true,
};

/** The single message shown under each field, as the form would show it. */
function fieldErrors(input: Record<string, unknown>): Record<string, string[]> {
  const result = unlockFormSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

describe('unlockFormSchema', () => {
  it('accepts a complete form and returns the cleaned values', () => {
    expect(unlockFormSchema.parse({ ...valid, imei: '49-015420-323751-8', brand: ' Apple ' })).toEqual(valid);
  });

  it.each([
    { case: 'empty IMEI', field: 'imei', value: '', message: 'IMEI must be 15 digits' },
    { case: 'short IMEI', field: 'imei', value: '49015420323751', message: 'IMEI must be 15 digits' },
    { case: 'long IMEI', field: 'imei', value: '4901542032375180', message: 'IMEI must be 15 digits' },
    { case: 'IMEI with a letter', field: 'imei', value: '49015420323751A', message: 'IMEI must contain only numbers' },
    { case: 'short IMEI with letters', field: 'imei', value: 'ABC', message: 'IMEI must contain only numbers' },
    { case: 'IMEI with a bad checksum', field: 'imei', value: '490154203237517', message: 'Invalid IMEI number' },
    { case: 'missing IMEI', field: 'imei', value: undefined, message: 'IMEI must be 15 digits' },
    { case: 'empty brand', field: 'brand', value: '', message: 'Please select a brand' },
    { case: 'blank brand', field: 'brand', value: '   ', message: 'Please select a brand' },
    { case: 'missing brand', field: 'brand', value: undefined, message: 'Please select a brand' },
    { case: 'empty model', field: 'model', value: '', message: 'Please select a model' },
    { case: 'empty carrier', field: 'carrier', value: '', message: 'Please select your current carrier' },
    { case: 'carrier list of commas', field: 'carrier', value: ' , ,', message: 'Please select your current carrier' },
    { case: 'empty country', field: 'country', value: '', message: 'Please select your country' },
    {
      case: 'email without @',
      field: 'email',
      value: 'jane.example.com',
      message: 'Please enter a valid email address',
    },
    { case: 'email without domain', field: 'email', value: 'jane@', message: 'Please enter a valid email address' },
    { case: 'terms not accepted', field: 'agreeToTerms', value: false, message: 'You must agree to the terms' },
    { case: 'terms missing', field: 'agreeToTerms', value: undefined, message: 'You must agree to the terms' },
  ])('$case → "$message" and nothing else', ({ field, value, message }) => {
    expect(fieldErrors({ ...valid, [field]: value })).toEqual({ [field]: [message] });
  });

  it.each([
    { case: 'empty email', email: '', expected: '' },
    { case: 'missing email', email: undefined, expected: '' },
    { case: 'email with spaces around', email: ' jane+unlock@example.co.uk ', expected: 'jane+unlock@example.co.uk' },
  ])('$case is allowed', ({ email, expected }) => {
    expect(unlockFormSchema.parse({ ...valid, email }).email).toBe(expected);
  });

  it('stores a multi-select carrier as a clean comma-joined list', () => {
    expect(unlockFormSchema.parse({ ...valid, carrier: 'att, t-mobile,,att' }).carrier).toBe('att,t-mobile');
  });

  it('reports every empty field at once with its own message', () => {
    expect(
      fieldErrors({ imei: '', brand: '', model: '', carrier: '', country: '', email: 'x', agreeToTerms: false }),
    ).toEqual({
      imei: [UNLOCK_FORM_MESSAGES.imeiLength],
      brand: [UNLOCK_FORM_MESSAGES.brand],
      model: [UNLOCK_FORM_MESSAGES.model],
      carrier: [UNLOCK_FORM_MESSAGES.carrier],
      country: [UNLOCK_FORM_MESSAGES.country],
      email: [UNLOCK_FORM_MESSAGES.email],
      agreeToTerms: [UNLOCK_FORM_MESSAGES.agreeToTerms],
    });
  });
});

describe('joinCarriers', () => {
  it.each([
    { slugs: [], expected: '' },
    { slugs: ['att'], expected: 'att' },
    { slugs: ['att', 't-mobile', 'verizon'], expected: 'att,t-mobile,verizon' },
    { slugs: [' att ', '', 'att', 'verizon'], expected: 'att,verizon' },
  ])('$slugs → "$expected"', ({ slugs, expected }) => {
    expect(joinCarriers(slugs)).toBe(expected);
  });
});

describe('splitCarriers', () => {
  it.each([
    { value: '', expected: [] },
    { value: 'att', expected: ['att'] },
    { value: 'att,t-mobile,verizon', expected: ['att', 't-mobile', 'verizon'] },
    { value: ' att , ,verizon,att', expected: ['att', 'verizon'] },
  ])('"$value" → $expected', ({ value, expected }) => {
    expect(splitCarriers(value)).toEqual(expected);
  });

  it('round-trips with joinCarriers', () => {
    const slugs = ['att', 't-mobile'];
    expect(splitCarriers(joinCarriers(slugs))).toEqual(slugs);
  });
});
