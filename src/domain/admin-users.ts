import { z } from 'zod';
import { ADMIN_PAGE_MAX } from './admin.ts';
import { EMAIL_MAX } from './email.ts';
import { boundedText } from './text.ts';

export const USER_MESSAGES = {
  lastAdmin: 'The last admin cannot lose the role: make another account an admin first.',
  notFound: 'No account has this id.',
} as const;

export const userListQuerySchema = z.object({
  q: boundedText(EMAIL_MAX).trim().toLowerCase().optional(),
  admins: z.enum(['only']).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_MAX),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  email_verified: z.boolean(),
  created_at: z.string(),
  is_admin: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int() });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

/** Grant (true) or revoke (false) the admin role. */
export const roleChangeSchema = z.object({ admin: z.boolean() });
