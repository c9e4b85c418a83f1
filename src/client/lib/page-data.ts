import { type DehydratedState, type QueryKey, dehydrate } from '@tanstack/react-query';
import type { AnswerReader } from '~/lib/api-client';
import type { ApiQuery } from '~/lib/api-query';
import { createQueryClient } from '~/lib/query-client';

/** The store's API, called in-process with the page request's cookie (server rendering, ADR 102). */
export type PageApi = (path: string) => Promise<Response>;

declare module 'react-router' {
  interface AppLoadContext {
    /** Absent while the build prerenders the public pages: there is no one to ask about then. */
    readonly api?: PageApi;
  }
}

/** The first data a server-rendered page was drawn with, for the browser's cache to start from. */
export interface PageData {
  readonly queries: DehydratedState;
  /** When the server drew the page: the browser hydrates its countdowns at the same time. */
  readonly renderedAt: number;
}

/** An API answer read as the browser reads it, or null when it is no success or does not match. */
export async function readAnswer<T>(
  api: PageApi | undefined,
  path: string,
  reader: AnswerReader<T>,
): Promise<T | null> {
  return api ? readResponse(await api(path), reader) : null;
}

/** What `readAnswer` reads, for a loader that first looks at the answer's status itself. */
export async function readResponse<T>(response: Response, reader: AnswerReader<T>): Promise<T | null> {
  if (!response.ok) return null;
  const read = await reader.safeParse(await response.json());
  return read.success ? read.data : null;
}

/** Queries answered on the server, in the form the browser's cache takes them in. */
export function pageData(entries: readonly (readonly [QueryKey, unknown])[]): PageData {
  const client = createQueryClient();
  const renderedAt = Date.now();
  for (const [queryKey, data] of entries) client.setQueryData(queryKey, data, { updatedAt: renderedAt });
  return { queries: dehydrate(client), renderedAt };
}

/**
 * A page's queries asked for at once and handed over answered; one the API refuses (or none asked,
 * while prerendering) is left to the page, which asks for it again and says why it failed.
 */
export async function apiPageData(api: PageApi | undefined, queries: readonly ApiQuery<unknown>[]): Promise<PageData> {
  const answers = await Promise.all(queries.map(({ path, schema }) => readAnswer(api, path, schema)));
  return pageData(
    queries.flatMap(({ queryKey }, index) => (answers[index] === null ? [] : [[queryKey, answers[index]]])),
  );
}

const isPageData = (data: unknown): data is PageData => typeof data === 'object' && data !== null && 'queries' in data;

/** The page data of the matched routes that have some (the store's frame and the page), as one. */
export function matchedPageData(matches: readonly { readonly loaderData?: unknown }[]): PageData | undefined {
  const found = matches.map((match) => match.loaderData).filter(isPageData);
  if (found.length <= 1) return found[0];
  return {
    queries: { mutations: [], queries: found.flatMap((data) => data.queries.queries) },
    renderedAt: Math.max(...found.map((data) => data.renderedAt)),
  };
}

/**
 * A route's `handle` when its first answer holds its content (its data, or a state the prerendered
 * page does not show): the page paints before its scripts start (ADR 102). Any other page the
 * server renders starts its scripts at once, its content still to be fetched.
 */
export const CONTENT_FIRST = { contentFirst: true } as const;

export const isContentFirst = (matches: readonly { readonly handle?: unknown }[]): boolean =>
  matches.some((match) => (match.handle as Partial<typeof CONTENT_FIRST> | undefined)?.contentFirst === true);
