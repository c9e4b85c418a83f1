import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';

/** The values an address gives the named parameters (those it lacks, undefined), as a list query takes them. */
export const paramValues = (params: URLSearchParams, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, params.get(name) ?? undefined]));

/**
 * A list's filters kept in the address (shareable, kept on reload): `search` reads the submitted
 * form's fields named in `filters` into a fresh query (a new search starts from the first page);
 * `formKey` changes with them, so the form shows what the address says.
 */
export function useFilterParams(filters: readonly string[]) {
  const [params, setParams] = useSearchParams();

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of filters) {
      const value = String(form.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  }

  /** The address with one parameter set (or, with null, removed), the filters kept. */
  function withParam(key: string, value: string | null) {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next);
  }

  const formKey = filters.map((key) => params.get(key) ?? '').join('|');
  return { params, search, withParam, formKey };
}
