import { describe, expect, it } from 'vitest';
import { sortSamsungModels, type SamsungModel } from './samsung-order.ts';

const m = (model_name: string, model_series: string, release_year: number): SamsungModel => ({
  model_name,
  model_series,
  release_year,
});

describe('sortSamsungModels', () => {
  it.each([
    {
      case: 'series order S, Z, Note, A, then others',
      input: [
        m('Galaxy A55', 'Galaxy A', 2024),
        m('Galaxy M34', 'Galaxy M', 2023),
        m('Galaxy Note20', 'Galaxy Note', 2020),
        m('Galaxy Z Flip6', 'Galaxy Z', 2024),
        m('Galaxy S24', 'Galaxy S', 2024),
      ],
      expected: ['Galaxy S24', 'Galaxy Z Flip6', 'Galaxy Note20', 'Galaxy A55', 'Galaxy M34'],
    },
    {
      case: 'newest year first within a series',
      input: [m('Galaxy S22', 'Galaxy S', 2022), m('Galaxy S24', 'Galaxy S', 2024), m('Galaxy S23', 'Galaxy S', 2023)],
      expected: ['Galaxy S24', 'Galaxy S23', 'Galaxy S22'],
    },
    {
      case: 'Ultra above Plus above the base model of the same year',
      input: [
        m('Galaxy S24', 'Galaxy S', 2024),
        m('Galaxy S24+', 'Galaxy S', 2024),
        m('Galaxy S24 Ultra', 'Galaxy S', 2024),
      ],
      expected: ['Galaxy S24 Ultra', 'Galaxy S24+', 'Galaxy S24'],
    },
    {
      case: 'Fold above Flip in the Z series',
      input: [m('Galaxy Z Flip6', 'Galaxy Z', 2024), m('Galaxy Z Fold6', 'Galaxy Z', 2024)],
      expected: ['Galaxy Z Fold6', 'Galaxy Z Flip6'],
    },
    {
      case: 'other series alphabetically after the named ones',
      input: [
        m('Galaxy Tab S9', 'Galaxy Tab', 2023),
        m('Galaxy M54', 'Galaxy M', 2023),
        m('Galaxy A15', 'Galaxy A', 2023),
      ],
      expected: ['Galaxy A15', 'Galaxy M54', 'Galaxy Tab S9'],
    },
  ])('$case', ({ input, expected }) => {
    expect(sortSamsungModels(input).map((model) => model.model_name)).toEqual(expected);
  });

  it('does not reorder its input', () => {
    const input = [m('Galaxy A15', 'Galaxy A', 2023), m('Galaxy S24', 'Galaxy S', 2024)];
    sortSamsungModels(input);
    expect(input[0]?.model_name).toBe('Galaxy A15');
  });
});
