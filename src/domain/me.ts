import { z } from 'zod';

/**
 * GET /api/me: who is signed in, and whether they are an admin. The server answers and documents
 * by it; the pages read the answer with `isMe` (answer-checks.ts), held to this schema by its test.
 */
export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
  isAdmin: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
