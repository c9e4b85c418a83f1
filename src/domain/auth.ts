import { z } from 'zod';
import { EMAIL_MAX, emailSchema } from './email.ts';
import { TEXT_MAX, boundedText } from './text.ts';

/** Spec section 5 "Sign-in service rule", word for word. */
export const MISSING_CREDENTIALS_MESSAGE = 'You must provide either an email or phone number and a password';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Sign in instead.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please wait a minute and try again.';
export const INVALID_RESET_TOKEN_MESSAGE = 'This password reset link is invalid or has expired. Request a new one.';

/** Shown after a reset link is requested, whether or not the account exists (no account probing). */
export const RESET_LINK_SENT_MESSAGE = "If an account exists for that email, we've sent a link to reset your password.";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Under every field where a new password is chosen. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with a letter and a number.`;

/** Each rule a password must meet, with the reason shown when it does not. */
const PASSWORD_RULES: readonly { test: (password: string) => boolean; reason: string }[] = [
  { test: (p) => p.length >= PASSWORD_MIN_LENGTH, reason: `at least ${PASSWORD_MIN_LENGTH} characters` },
  { test: (p) => p.length <= PASSWORD_MAX_LENGTH, reason: `at most ${PASSWORD_MAX_LENGTH} characters` },
  { test: (p) => /[a-z]/i.test(p), reason: 'a letter' },
  { test: (p) => /\d/.test(p), reason: 'a number' },
];

/** The reasons a password is too weak; empty when it is strong enough. */
export function passwordWeaknesses(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.reason);
}

export function weakPasswordMessage(reasons: readonly string[]): string {
  return `Password is too weak: it needs ${reasons.join(', ')}.`;
}

// The length rule speaks for itself below; the bound only keeps absurd input out.
export const passwordSchema = boundedText(TEXT_MAX.token).superRefine((password, ctx) => {
  const reasons = passwordWeaknesses(password);
  if (reasons.length > 0) ctx.addIssue({ code: 'custom', message: weakPasswordMessage(reasons) });
});

/** A missing email or password gets the sign-in service's one message, not per-field noise. */
function requireCredentials(value: { email?: string; password?: string }, ctx: z.RefinementCtx) {
  if (!value.email?.trim() || !value.password) {
    ctx.addIssue({ code: 'custom', message: MISSING_CREDENTIALS_MESSAGE, path: [] });
  }
}

const credentialsSchema = z.object({
  email: boundedText(EMAIL_MAX).optional(),
  password: boundedText(TEXT_MAX.token).optional(),
});

export const signInSchema = credentialsSchema
  .superRefine(requireCredentials)
  .pipe(z.object({ email: emailSchema, password: z.string().min(1) }));

export const signUpSchema = credentialsSchema
  .superRefine(requireCredentials)
  .pipe(z.object({ email: emailSchema, password: passwordSchema }));

export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: boundedText(TEXT_MAX.token).min(1), password: passwordSchema });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

export const ADMIN_ROLE = 'admin';

export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password';
export const PASSWORD_CHANGED_MESSAGE = 'Your password is changed. Other devices are signed out.';
export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You are signed out on every device.';

/** The dashboard's change-password form (better-auth's /change-password checks the current one). */
export const changePasswordSchema = z.object({
  current_password: boundedText(TEXT_MAX.token).min(1, CURRENT_PASSWORD_REQUIRED),
  new_password: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
