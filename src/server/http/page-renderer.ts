import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type AppLoadContext, type ServerBuild, createRequestHandler } from 'react-router';

/**
 * Renders a page that is not prerendered on the server, with what the request may see (ADR 102):
 * the router's request handler over the build's server bundle.
 */
export type RenderPage = (request: Request, context: AppLoadContext) => Promise<Response>;

/** The page renderer of the built app (`build/server/index.js`), or null when there is none. */
export async function loadPageRenderer(serverBuildFile: string): Promise<RenderPage | null> {
  if (!existsSync(serverBuildFile)) return null;
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  return createRequestHandler(build, 'production');
}

/** What a page request passes on to the API it calls in-process: who it is and where it comes from. */
const PASSED_ON = ['cookie', 'x-forwarded-for', 'x-forwarded-proto', 'x-real-ip', 'user-agent'] as const;

/** A GET of the store's own API for a page being rendered, as the page's request would send it. */
export function apiRequestFor(page: Request, path: string): Request {
  const headers = new Headers({ accept: 'application/json' });
  for (const name of PASSED_ON) {
    const value = page.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Request(new URL(path, page.url), { headers });
}
