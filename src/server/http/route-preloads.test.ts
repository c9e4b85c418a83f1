import { describe, expect, it } from 'vitest';
import { routePreloads, scriptsNamedIn, type RouterManifest } from './route-preloads.ts';

const route = (id: string, module: string, extra: Partial<RouterManifest['routes'][string]> = {}) => ({
  [id]: { id, module: `/assets/${module}.js`, ...extra },
});

const MANIFEST: RouterManifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
  routes: {
    ...route('root', 'root', { path: '', imports: ['/assets/react.js', '/assets/shell.js'] }),
    ...route('routes/store-layout', 'store-layout', { parentId: 'root', imports: ['/assets/shell.js'] }),
    ...route('routes/home', 'home', { parentId: 'routes/store-layout', index: true }),
    ...route('routes/dashboard', 'dashboard', {
      parentId: 'routes/store-layout',
      path: 'dashboard',
      imports: ['/assets/orders-list.js'],
    }),
    ...route('routes/order', 'order', { parentId: 'routes/store-layout', path: 'order/:id' }),
    ...route('routes/admin-layout', 'admin-layout', { parentId: 'routes/store-layout' }),
    ...route('routes/admin-orders', 'admin-orders', { parentId: 'routes/admin-layout', path: 'admin/orders' }),
    ...route('routes/admin-order', 'admin-order', { parentId: 'routes/admin-layout', path: 'admin/orders/:id' }),
    ...route('routes/not-found', 'not-found', { parentId: 'routes/store-layout', path: '*' }),
    ...route('routes/pay', 'pay', { parentId: 'root', path: 'pay/:session' }),
  },
};

const SHELL = scriptsNamedIn(
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/react.js"/>' +
    '<link rel="modulepreload" href="/assets/root.js"/><script type="module">import("/assets/shell.js");</script>',
);
const preloads = routePreloads(MANIFEST, SHELL, { under: 'routes/store-layout', paths: ['/api/me'] });
const ME = '</api/me>; rel=preload; as=fetch; crossorigin=anonymous';

describe('the Link header of a page the app shell serves', () => {
  it.each([
    [
      '/dashboard',
      [
        '</assets/store-layout.js>; rel=modulepreload',
        '</assets/dashboard.js>; rel=modulepreload',
        '</assets/orders-list.js>; rel=modulepreload',
        ME,
      ],
    ],
    ['/order/0b9c6a1e', ['</assets/store-layout.js>; rel=modulepreload', '</assets/order.js>; rel=modulepreload', ME]],
    [
      '/admin/orders/42',
      [
        '</assets/store-layout.js>; rel=modulepreload',
        '</assets/admin-layout.js>; rel=modulepreload',
        '</assets/admin-order.js>; rel=modulepreload',
        ME,
      ],
    ],
    [
      '/admin/orders',
      [
        '</assets/store-layout.js>; rel=modulepreload',
        '</assets/admin-layout.js>; rel=modulepreload',
        '</assets/admin-orders.js>; rel=modulepreload',
        ME,
      ],
    ],
    // Outside the store's frame no page asks for the signed-in state first.
    ['/pay/cs_123', ['</assets/pay.js>; rel=modulepreload']],
    [
      '/no/such/page',
      ['</assets/store-layout.js>; rel=modulepreload', '</assets/not-found.js>; rel=modulepreload', ME],
    ],
    ['/', ['</assets/store-layout.js>; rel=modulepreload', '</assets/home.js>; rel=modulepreload', ME]],
  ])('%s: its route chain’s scripts the shell does not name, and its first data', (path, links) => {
    expect(preloads(path)?.split(', ')).toEqual(links);
  });

  describe('a page’s own first data', () => {
    const withData = routePreloads(MANIFEST, SHELL, {
      under: 'routes/store-layout',
      paths: ['/api/me'],
      pages: {
        'routes/order': ({ params, query }) => [`/api/orders/${params.id}?token=${query.get('token')}`],
        'routes/dashboard': ({ signedIn }) => (signedIn ? ['/api/orders'] : []),
      },
    });
    const dataOf = (path: string, query = '', signedIn = false) =>
      withData(path, { query: new URLSearchParams(query), signedIn })
        ?.split(', ')
        .filter((link) => link.includes('as=fetch'));

    it.each([
      [
        '/order/0b9c6a1e',
        'token=abc',
        false,
        [ME, '</api/orders/0b9c6a1e?token=abc>; rel=preload; as=fetch; crossorigin=anonymous'],
      ],
      ['/dashboard', '', true, [ME, '</api/orders>; rel=preload; as=fetch; crossorigin=anonymous']],
      // Signed out, the dashboard sends the visitor to sign in: its orders are not asked for.
      ['/dashboard', '', false, [ME]],
      // Another route with a parameter of the same name has no data of its own.
      ['/admin/orders/42', 'token=abc', true, [ME]],
    ])('%s?%s (signed in: %s) names %j', (path, query, signedIn, links) => {
      expect(dataOf(path, query, signedIn)).toEqual(links);
    });

    it('reads the parameters as the path gives them', () => {
      expect(dataOf('/order/a b', 'token=t')).toContain(
        '</api/orders/a b?token=t>; rel=preload; as=fetch; crossorigin=anonymous',
      );
    });
  });

  it('finds the scripts a built page names', () => {
    expect([...SHELL].sort()).toEqual(['/assets/entry.js', '/assets/react.js', '/assets/root.js', '/assets/shell.js']);
  });
});
