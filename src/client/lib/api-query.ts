import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { type AnswerReader, apiRequest } from '~/lib/api-client';

/**
 * A query answered by one GET of the store's API, named once for both sides: the browser asks for
 * it with fetch, the loader of a page the server renders asks in-process and hands the answer to
 * the browser's cache under the same key (`apiPageData`, ADR 102).
 */
export interface ApiQuery<T> {
  readonly queryKey: QueryKey;
  readonly path: string;
  readonly schema: AnswerReader<T>;
}

export function apiQueryOptions<T>({ queryKey, path, schema }: ApiQuery<T>) {
  return queryOptions({ queryKey, queryFn: ({ signal }) => apiRequest(path, { schema, signal }) });
}

/** A query string of the filled-in fields only. */
export function queryString(params: Readonly<Record<string, string | undefined>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}
