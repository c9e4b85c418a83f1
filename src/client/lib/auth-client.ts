import { createAuthClient } from 'better-auth/react';

/** better-auth's browser client for the store's own auth endpoints on the same origin. */
export const authClient = createAuthClient({ basePath: '/api/auth' });
