import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '../domain/site-map';
import routes from './routes';

interface RouteEntry {
  readonly path?: string;
  readonly index?: boolean;
  readonly children?: readonly RouteEntry[];
}

/** Every full path the route config gives a screen, in PAGE_PATHS' notation; '*' is the 404 screen. */
function pathsOf(entries: readonly RouteEntry[], parent = ''): string[] {
  return entries.flatMap((entry) => {
    if (entry.children) return pathsOf(entry.children, entry.path ? `${parent}/${entry.path}` : parent);
    if (entry.index) return [parent || '/'];
    if (!entry.path || entry.path === '*') return [];
    return [`${parent}/${entry.path}`];
  });
}

describe('the route table', () => {
  it('routes exactly the page paths the server answers with 200', () => {
    expect(pathsOf(routes as readonly RouteEntry[]).sort()).toEqual([...PAGE_PATHS].sort());
  });
});
