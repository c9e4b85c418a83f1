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
    route('support/esim-travel', 'routes/support-article.tsx', { id: 'support-esim-travel' }),
    route('support', 'routes/support.tsx', { id: 'support' }),
    route('help', 'routes/support.tsx', { id: 'help' }),
    route('support/carrier-unlock', 'routes/support-article.tsx', { id: 'support-carrier-unlock' }),
    route('support/esim', 'routes/support-article.tsx', { id: 'support-esim' }),
    route('support/after-install', 'routes/support-article.tsx', { id: 'support-after-install' }),
    route('support/assistant', 'routes/support-assistant.tsx'),
    route('esim/receipt', 'routes/esim-receipt.tsx', { id: 'esim-receipt' }),
    route('esim-receipt', 'routes/esim-receipt.tsx', { id: 'esim-receipt-alias' }),
    route('order/:id', 'routes/order.tsx'),
    route('testimonials', 'routes/testimonials.tsx'),
    route('about', 'routes/legal-page.tsx', { id: 'about' }),
    route('refund-policy', 'routes/legal-page.tsx', { id: 'refund-policy' }),
    route('terms', 'routes/legal-page.tsx', { id: 'terms' }),
    route('privacy', 'routes/legal-page.tsx', { id: 'privacy' }),
    route('dmca', 'routes/legal-page.tsx', { id: 'dmca' }),
    route('compliance', 'routes/legal-page.tsx', { id: 'compliance' }),
    route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
  // The sandbox payment provider's hosted page: its own frame, not the store's header and footer.
  route('pay/:session', 'routes/pay.tsx'),
] satisfies RouteConfig;
