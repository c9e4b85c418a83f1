import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('routes/store-layout.tsx', [
    index('routes/home.tsx'),
    route('auth', 'routes/auth.tsx'),
    route('auth/forgot-password', 'routes/auth-forgot-password.tsx'),
    route('auth/reset-password', 'routes/auth-reset-password.tsx'),
    route('dashboard', 'routes/dashboard.tsx'),
    route('esim-shop', 'routes/esim-shop.tsx'),
    route('esim', 'routes/esim-shop.tsx', { id: 'esim' }),
    route('support/esim-travel', 'routes/support-esim-travel.tsx'),
    route('esim/receipt', 'routes/esim-receipt.tsx', { id: 'esim-receipt' }),
    route('esim-receipt', 'routes/esim-receipt.tsx', { id: 'esim-receipt-alias' }),
    route('order/:id', 'routes/order.tsx'),
    route('share/:token', 'routes/share.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The sandbox payment provider's hosted page: its own frame, not the store's header and footer.
  route('pay/:session', 'routes/pay.tsx'),
] satisfies RouteConfig;
