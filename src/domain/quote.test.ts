import { describe, expect, it } from 'vitest';
import {
  CALCULATING,
  CLEAN_STATUS_WARNING,
  FALLBACK_HOURS,
  FALLBACK_PRICE_CENTS,
  FILL_ALL_FIELDS,
  GETTING_QUOTE,
  MIN_IMEI_FOR_QUOTE,
  NOT_AVAILABLE,
  NO_MATCH_MESSAGE,
  NO_RESULTS_ERROR,
  QUOTE_DEBOUNCE_MS,
  QUOTE_FAILED_ERROR,
  QUOTE_TTL_MINUTES,
  UNLOCK_NOW,
  UNSUPPORTED_TEXT,
  UNSUPPORTED_TITLE,
  estimatedHoursRange,
  parseQuoteAnswer,
  quoteAnswerSchema,
  quoteExpiresAt,
  quoteInputKey,
  quoteRequestFromInputs,
  quoteRequestSchema,
  shouldRequestQuote,
  type EstimatedHours,
  type Quote,
  type QuoteAdminInfo,
} from './quote.ts';

describe('quote constants', () => {
  it.each([
    { name: 'QUOTE_DEBOUNCE_MS', actual: QUOTE_DEBOUNCE_MS, expected: 600 },
    { name: 'MIN_IMEI_FOR_QUOTE', actual: MIN_IMEI_FOR_QUOTE, expected: 10 },
    { name: 'FALLBACK_PRICE_CENTS', actual: FALLBACK_PRICE_CENTS, expected: 4999 },
    { name: 'FALLBACK_HOURS', actual: FALLBACK_HOURS, expected: '24-72' },
    { name: 'QUOTE_TTL_MINUTES', actual: QUOTE_TTL_MINUTES, expected: 30 },
    {
      name: 'NO_MATCH_MESSAGE',
      actual: NO_MATCH_MESSAGE,
      expected: 'No exact match found for your device configuration. Please check your device details and try again.',
    },
    { name: 'NO_RESULTS_ERROR', actual: NO_RESULTS_ERROR, expected: 'No results available' },
    { name: 'QUOTE_FAILED_ERROR', actual: QUOTE_FAILED_ERROR, expected: 'Failed to get quote' },
    {
      name: 'CLEAN_STATUS_WARNING',
      actual: CLEAN_STATUS_WARNING,
      expected: 'This service requires your device to have a clean blacklist status.',
    },
    { name: 'UNSUPPORTED_TITLE', actual: UNSUPPORTED_TITLE, expected: 'Service Not Currently Available' },
    {
      name: 'UNSUPPORTED_TEXT',
      actual: UNSUPPORTED_TEXT,
      expected: 'Our team will review your request and get back to you within 24 hours',
    },
    { name: 'FILL_ALL_FIELDS', actual: FILL_ALL_FIELDS, expected: 'Fill all fields' },
    { name: 'CALCULATING', actual: CALCULATING, expected: 'Calculating...' },
    { name: 'GETTING_QUOTE', actual: GETTING_QUOTE, expected: 'Getting Quote...' },
    { name: 'NOT_AVAILABLE', actual: NOT_AVAILABLE, expected: 'Not Available' },
    { name: 'UNLOCK_NOW', actual: UNLOCK_NOW, expected: 'Unlock Now' },
  ])('$name', ({ actual, expected }) => {
    expect(actual).toBe(expected);
  });
});

const request = { imei: '490154203237518', brand: 'Apple', model: 'iPhone 15', network: 'att', country: 'US' };

describe('quoteRequestSchema', () => {
  it('accepts a request, stripping IMEI separators and defaulting the model', () => {
    const { model: _model, ...withoutModel } = request;
    expect(quoteRequestSchema.parse({ ...withoutModel, imei: '49-015420 323751.8', brand: ' Apple ' })).toEqual({
      ...request,
      model: '',
    });
  });

  it('quotes an IMEI still being typed, from 10 digits', () => {
    expect(quoteRequestSchema.safeParse({ ...request, imei: '4901542032' }).success).toBe(true);
    expect(quoteRequestSchema.safeParse({ ...request, imei: '49015420323751' }).success).toBe(true);
  });

  it.each([
    { case: 'empty IMEI', field: 'imei', value: '', message: 'IMEI is required' },
    { case: 'missing IMEI', field: 'imei', value: undefined, message: 'IMEI is required' },
    { case: '9 digits', field: 'imei', value: '490154203', message: 'IMEI must be exactly 15 digits' },
    {
      case: '16 digits are refused, not cut',
      field: 'imei',
      value: '4901542032375180',
      message: 'IMEI must be exactly 15 digits',
    },
    { case: 'letters', field: 'imei', value: '49015420323751A', message: 'Please enter a valid 15-digit IMEI number' },
    { case: 'bad checksum', field: 'imei', value: '490154203237517', message: 'One of the 15 digits is wrong: check them against *#06#' },
    { case: 'empty brand', field: 'brand', value: ' ', message: 'Please select a brand' },
    { case: 'empty network', field: 'network', value: '', message: 'Please select your current carrier' },
    { case: 'empty country', field: 'country', value: '', message: 'Please select your country' },
  ])('$case → "$message" only', ({ field, value, message }) => {
    const result = quoteRequestSchema.safeParse({ ...request, [field]: value });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, message]]);
  });
});

const adminInfo: QuoteAdminInfo = {
  sku_id: 12,
  sku_code: 'APPLE-ATT-US',
  primary_tool: { name: 'AT&T Premium', tool_id: 't-1', cost_cents: 2000, score: 0.91 },
  alternative_tools: [{ name: 'AT&T Standard', tool_id: 't-2', cost_cents: 1500, score: null }],
  routing_info: { selected_reasoning: 'Fixed-price SKU APPLE-ATT-US matched.' },
  matched_brand: 'apple',
  matched_carrier: 'att',
  matched_country: 'US',
  series_min: 11,
  series_max: 16,
  default_tool_id: 't-1',
};

const serverAnswer = {
  quote_id: '6f1c0c8e-93a4-4a52-9d7c-0d7c3f6f5a11',
  expires_at: '2025-01-01T12:30:00.000Z',
  price_cents: 5999,
  estimated_hours: '24-72',
  supported: true,
  message: null,
  device_info: { brand: 'Apple', model: 'iPhone 15', network: 'att', country: 'US' },
  requires_clean_check: true,
  source: 'sku_match',
  admin: adminInfo,
};

describe('quoteAnswerSchema', () => {
  it.each([
    { case: 'a full answer with admin fields', answer: serverAnswer, ok: true },
    { case: 'an answer without admin fields', answer: { ...serverAnswer, admin: undefined }, ok: true },
    { case: 'whole hours', answer: { ...serverAnswer, estimated_hours: 48 }, ok: true },
    { case: 'a text SKU id', answer: { ...serverAnswer, admin: { ...adminInfo, sku_id: 'sku-7' } }, ok: true },
    {
      case: 'an unsupported answer',
      answer: { ...serverAnswer, supported: false, quote_id: null, expires_at: null },
      ok: true,
    },
    { case: 'a reversed range', answer: { ...serverAnswer, estimated_hours: '72-24' }, ok: false },
    { case: 'a negative range', answer: { ...serverAnswer, estimated_hours: '-1-2' }, ok: false },
    { case: 'a fractional range', answer: { ...serverAnswer, estimated_hours: '1.5-2' }, ok: false },
    { case: 'a negative price', answer: { ...serverAnswer, price_cents: -1 }, ok: false },
    { case: 'an unknown source', answer: { ...serverAnswer, source: 'magic' }, ok: false },
    { case: 'a date that is not ISO', answer: { ...serverAnswer, expires_at: 'tomorrow' }, ok: false },
  ])('$case → valid: $ok', ({ answer, ok }) => {
    expect(quoteAnswerSchema.safeParse(answer).success).toBe(ok);
  });
});

describe('parseQuoteAnswer', () => {
  const device = { brand: 'Apple', model: 'iPhone 15', network: 'att', country: 'US' };
  const blank: Quote = {
    price_cents: 4999,
    estimated_hours: '24-72',
    supported: true,
    message: null,
    error: null,
    device_info: device,
    requires_clean_check: false,
    source: null,
    quote_id: null,
    expires_at: null,
    average_hours: null,
    guaranteed_hours: null,
    admin: null,
  };
  const noMatch: Quote = { ...blank, price_cents: 0, supported: false, message: NO_MATCH_MESSAGE };
  const failed: Quote = { ...blank, supported: false, error: 'Failed to get quote' };

  it.each<{ case: string; answer: unknown; failure?: { error?: string | null }; expected: Quote }>([
    // Spec section 8: errors.
    {
      case: 'call error "No results available"',
      answer: null,
      failure: { error: 'No results available' },
      expected: noMatch,
    },
    { case: 'answer error "No results available"', answer: { error: 'No results available' }, expected: noMatch },
    {
      case: 'answer error object "No results available"',
      answer: { error: { message: 'No results available' } },
      expected: noMatch,
    },
    {
      case: 'any other call error',
      answer: null,
      failure: { error: 'Edge Function returned a non-2xx status code' },
      expected: failed,
    },
    {
      case: 'a call error wins over a priced answer',
      answer: serverAnswer,
      failure: { error: 'timeout' },
      expected: failed,
    },
    { case: 'any other answer error', answer: { error: 'Internal error' }, expected: failed },
    { case: 'an API error body', answer: { error: { code: 'INTERNAL', message: 'Boom' } }, expected: failed },
    { case: 'success false', answer: { success: false }, expected: failed },
    // Spec section 8: supported false.
    {
      case: 'supported false uses the server message',
      answer: { supported: false, message: 'Carrier not supported yet' },
      expected: { ...noMatch, message: 'Carrier not supported yet' },
    },
    { case: 'supported false without a message', answer: { supported: false }, expected: noMatch },
    {
      case: 'supported false inside a quote object',
      answer: { quote: { supported: false, display_price_cents: 3000 } },
      expected: noMatch,
    },
    {
      case: 'our unsupported answer keeps the admin details and echoes the request',
      answer: {
        ...serverAnswer,
        supported: false,
        price_cents: 0,
        quote_id: null,
        expires_at: null,
        message: NO_MATCH_MESSAGE,
        device_info: { ...device, brand: 'apple' },
      },
      expected: { ...noMatch, admin: adminInfo },
    },
    // Spec section 3 (a): a quote object.
    {
      case: 'shape (a): quote object',
      answer: {
        quote: {
          display_price_cents: 3999,
          estimated_hours: '1-72',
          routing_info: { selected_reasoning: 'Cheapest tool' },
          requires_clean_check: true,
          source: 'catalog_tools',
          sku_id: 'sku-9',
          primary_tool: { name: 'Tool A', tool_id: 101, cost_cents: 1500, score: 0.8 },
          alternative_tools: [
            { name: 'Tool B', tool_id: 'b', cost_cents: 1800, score: '0.7' },
            { tool_id: 'nameless' },
          ],
        },
        matched_brand: 'apple',
      },
      expected: {
        ...blank,
        price_cents: 3999,
        estimated_hours: '1-72',
        requires_clean_check: true,
        source: 'catalog_tools',
        admin: {
          sku_id: 'sku-9',
          sku_code: null,
          primary_tool: { name: 'Tool A', tool_id: '101', cost_cents: 1500, score: 0.8 },
          alternative_tools: [{ name: 'Tool B', tool_id: 'b', cost_cents: 1800, score: 0.7 }],
          routing_info: { selected_reasoning: 'Cheapest tool' },
          matched_brand: 'apple',
          matched_carrier: null,
          matched_country: null,
          series_min: null,
          series_max: null,
          default_tool_id: null,
        },
      },
    },
    {
      case: 'shape (a) without hours defaults to 24-72 and reads the SKU source',
      answer: { quote: { display_price_cents: 2500, source: 'sku' } },
      expected: { ...blank, price_cents: 2500, source: 'sku_match' },
    },
    {
      case: 'shape (a) with whole hours written as text',
      answer: { quote: { display_price_cents: 2500, estimated_hours: '48' } },
      expected: { ...blank, price_cents: 2500, estimated_hours: 48 },
    },
    // Spec section 3 (b): a success flag with price_cents and estimated_hours.
    {
      case: 'shape (b): success flag',
      answer: { success: true, price_cents: 2999, estimated_hours: 48 },
      expected: { ...blank, price_cents: 2999, estimated_hours: 48 },
    },
    {
      case: 'shape (b) with a spaced range',
      answer: { success: true, price_cents: 2999, estimated_hours: '24 - 72', requires_clean_check: true },
      expected: { ...blank, price_cents: 2999, requires_clean_check: true },
    },
    {
      case: 'shape (b) with a reversed range',
      answer: { success: true, price_cents: 2999, estimated_hours: '72-1' },
      expected: { ...blank, price_cents: 2999, estimated_hours: '1-72' },
    },
    {
      case: 'shape (b) with unreadable hours',
      answer: { success: true, price_cents: 2999, estimated_hours: 'soon' },
      expected: { ...blank, price_cents: 2999 },
    },
    {
      case: 'our own answer, whole',
      answer: serverAnswer,
      expected: {
        ...blank,
        price_cents: 5999,
        requires_clean_check: true,
        source: 'sku_match',
        quote_id: serverAnswer.quote_id,
        expires_at: serverAnswer.expires_at,
        admin: adminInfo,
      },
    },
    {
      case: 'our own answer with its delivery times',
      answer: { ...serverAnswer, average_hours: 20, guaranteed_hours: 72 },
      expected: {
        ...blank,
        price_cents: 5999,
        requires_clean_check: true,
        source: 'sku_match',
        quote_id: serverAnswer.quote_id,
        expires_at: serverAnswer.expires_at,
        average_hours: 20,
        guaranteed_hours: 72,
        admin: adminInfo,
      },
    },
    {
      case: 'our own answer with a loose field still reads as shape (b)',
      answer: { ...serverAnswer, quote_id: undefined, admin: { sku_id: 3, matched_country: 'US' } },
      expected: {
        ...blank,
        price_cents: 5999,
        requires_clean_check: true,
        source: 'sku_match',
        expires_at: serverAnswer.expires_at,
        admin: {
          sku_id: 3,
          sku_code: null,
          primary_tool: null,
          alternative_tools: [],
          routing_info: null,
          matched_brand: null,
          matched_carrier: null,
          matched_country: 'US',
          series_min: null,
          series_max: null,
          default_tool_id: null,
        },
      },
    },
    // Spec section 3 (c) and section 8: fallback_price_cents alone.
    {
      case: 'shape (c): fallback price alone',
      answer: { fallback_price_cents: 3499 },
      expected: { ...blank, price_cents: 3499 },
    },
    {
      case: 'shape (c) with hours',
      answer: { fallback_price_cents: 3499, estimated_hours: 72 },
      expected: { ...blank, price_cents: 3499, estimated_hours: 72 },
    },
    // Spec section 8: none of the expected shapes.
    { case: 'an empty object', answer: {}, expected: blank },
    { case: 'no answer at all', answer: null, expected: blank },
    { case: 'a string', answer: 'ok', expected: blank },
    { case: 'an array', answer: [{ price_cents: 100 }], expected: blank },
    { case: 'a price without any flag', answer: { price_cents: 2999, estimated_hours: 48 }, expected: blank },
    { case: 'a negative price', answer: { success: true, price_cents: -5 }, expected: blank },
    { case: 'a quote object without a price', answer: { quote: { estimated_hours: 24 } }, expected: blank },
    {
      case: 'a null call error is no failure',
      answer: { fallback_price_cents: 100 },
      failure: { error: null },
      expected: { ...blank, price_cents: 100 },
    },
  ])('$case', ({ answer, failure, expected }) => {
    expect(parseQuoteAnswer(answer, device, failure)).toEqual(expected);
  });

  it('echoes a request without a model as an empty model', () => {
    const { model: _model, ...withoutModel } = device;
    expect(parseQuoteAnswer({ error: NO_RESULTS_ERROR }, withoutModel).device_info).toEqual({ ...device, model: '' });
  });

  it('shows the device the server matched on a supported quote', () => {
    const matched = { brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'United States' };
    expect(parseQuoteAnswer({ ...serverAnswer, device_info: matched }, device).device_info).toEqual(matched);
  });
});

describe('shouldRequestQuote', () => {
  const ready = { imei: '4901542032', brand: 'Apple', carrier: 'att', country: 'US' };

  it.each([
    { case: 'IMEI of 10 characters and every field set', inputs: ready, expected: true },
    { case: 'full IMEI', inputs: { ...ready, imei: '490154203237518' }, expected: true },
    { case: 'IMEI of 9 characters', inputs: { ...ready, imei: '490154203' }, expected: false },
    { case: 'separators do not count', inputs: { ...ready, imei: '4901 5420 3' }, expected: false },
    { case: 'empty IMEI', inputs: { ...ready, imei: '' }, expected: false },
    { case: 'no brand', inputs: { ...ready, brand: '' }, expected: false },
    { case: 'blank brand', inputs: { ...ready, brand: '  ' }, expected: false },
    { case: 'no carrier', inputs: { ...ready, carrier: '' }, expected: false },
    { case: 'carrier list of commas', inputs: { ...ready, carrier: ',' }, expected: false },
    { case: 'several carriers', inputs: { ...ready, carrier: 'att,verizon' }, expected: true },
    { case: 'no country', inputs: { ...ready, country: '' }, expected: false },
  ])('$case → $expected', ({ inputs, expected }) => {
    expect(shouldRequestQuote(inputs)).toBe(expected);
  });
});

describe('quoteInputKey', () => {
  const inputs = { imei: '490154203237518', brand: 'Apple', model: 'iPhone 15', carrier: 'att', country: 'US' };

  it.each([
    { case: 'IMEI typed with separators', other: { ...inputs, imei: '49-015420-323751-8' } },
    { case: 'spaces around the brand', other: { ...inputs, brand: ' Apple ' } },
    { case: 'carrier list with blanks', other: { ...inputs, carrier: 'att,' } },
  ])('is the same for $case', ({ other }) => {
    expect(quoteInputKey(other)).toBe(quoteInputKey(inputs));
  });

  it.each([
    { field: 'imei', value: '356938035643809' },
    { field: 'brand', value: 'Samsung' },
    { field: 'model', value: 'iPhone 14' },
    { field: 'carrier', value: 'verizon' },
    { field: 'country', value: 'CA' },
  ])('changes when $field changes', ({ field, value }) => {
    expect(quoteInputKey({ ...inputs, [field]: value })).not.toBe(quoteInputKey(inputs));
  });

  it('tells a missing model from fields that merely shift', () => {
    expect(quoteInputKey({ ...inputs, brand: 'Apple iPhone', model: '' })).not.toBe(
      quoteInputKey({ ...inputs, brand: 'Apple', model: 'iPhone' }),
    );
  });
});

describe('quoteRequestFromInputs', () => {
  it('maps the panel inputs to the request body, the carrier sent as network', () => {
    expect(
      quoteRequestFromInputs({ imei: '49 015420 3237518', brand: ' Apple', carrier: 'att, verizon', country: 'US' }),
    ).toEqual({ imei: '490154203237518', brand: 'Apple', model: '', network: 'att,verizon', country: 'US' });
  });
});

describe('estimatedHoursRange', () => {
  it.each<{ hours: EstimatedHours; expected: { min: number; max: number } }>([
    { hours: 24, expected: { min: 24, max: 24 } },
    { hours: 0, expected: { min: 0, max: 0 } },
    { hours: '24-72', expected: { min: 24, max: 72 } },
    { hours: '1-72', expected: { min: 1, max: 72 } },
    { hours: '72-72', expected: { min: 72, max: 72 } },
  ])('$hours → $expected', ({ hours, expected }) => {
    expect(estimatedHoursRange(hours)).toEqual(expected);
  });
});

describe('quoteExpiresAt', () => {
  it('is 30 minutes after the quote was issued', () => {
    expect(quoteExpiresAt(new Date('2025-01-01T12:00:00.000Z'))).toBe('2025-01-01T12:30:00.000Z');
  });
});
