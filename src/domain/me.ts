import { z } from 'zod';

/**
 * GET /api/me: who is signed in, and whether they are an admin. Its own module: every page asks for
 * it as it starts, so checking the answer builds this one schema, not every sign-in form's.
 */
export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
