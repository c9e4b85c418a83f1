import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import {
  passwordWeaknesses,
  weakPasswordMessage,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../domain/auth.ts';
import type { Db } from '../../db/client.ts';
import { authDatabaseAdapter } from '../../db/auth-adapter.ts';
import type { Logger } from '../../logger.ts';
import type { Mailer } from '../mail/service.ts';
import { STORE } from '../../../domain/store-config.ts';

export interface AuthOptions {
  readonly db: Db;
  readonly secret: string;
  readonly publicUrl: string;
  readonly mailer: Mailer;
  readonly logger: Logger;
  /** Origins allowed to post to the auth endpoints besides the request's own. */
  readonly trustedOrigins: readonly string[];
}

export const AUTH_BASE_PATH = '/api/auth';

/**
 * better-auth's notes about refusals the client caused (a foreign origin, CSRF, a redirect or
 * callback URL we do not trust): it logs them as errors, but nothing on our side failed.
 */
const CLIENT_MISTAKES = [
  /^Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL)\b/,
  /^Blocked cross-site/,
];

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** The level a better-auth log line deserves in our log. */
export function authLogLevel(level: AuthLogLevel, message: string): AuthLogLevel {
  return level === 'error' && CLIENT_MISTAKES.some((pattern) => pattern.test(message)) ? 'warn' : level;
}
const RESET_TOKEN_SECONDS = 60 * 60;

/** Where each auth path carries the password our rules apply to. */
const PASSWORD_FIELDS: Readonly<Record<string, 'password' | 'newPassword'>> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/** Our password rules on top of better-auth's length checks, for sign-up, reset and change. */
const enforcePasswordRules = createAuthMiddleware(async (ctx) => {
  const field = PASSWORD_FIELDS[ctx.path];
  if (!field) return;
  const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown };
  const password = body[field];
  if (typeof password !== 'string') return;
  const reasons = passwordWeaknesses(password);
  if (reasons.length > 0) {
    throw new APIError('BAD_REQUEST', { message: weakPasswordMessage(reasons), code: 'WEAK_PASSWORD' });
  }
});

/**
 * What of a better-auth note's argument goes to the log: an error's kind and message (a failed
 * query's SQL without its parameters, which hold emails and tokens), nothing of other values.
 */
function loggableDetail(detail: unknown): unknown {
  if (detail instanceof Error) {
    const code = (detail as { code?: unknown }).code;
    return { type: detail.name, message: detail.message.split('\nparams:')[0], ...(code ? { code } : {}) };
  }
  if (detail && typeof detail === 'object' && 'query' in detail) return { query: detail.query };
  return typeof detail;
}

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: STORE.name,
    baseURL: options.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    database: authDatabaseAdapter(options.db),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await options.mailer.send({
          to: user.email,
          subject: `Reset your ${STORE.name} password`,
          text: [
            `Someone asked to reset the password of your ${STORE.name} account.`,
            `Choose a new password here (the link works for one hour): ${url}`,
            'If it was not you, ignore this message: your password stays as it is.',
          ].join('\n\n'),
        });
      },
    },
    // Our own limiter guards the auth routes, so several instances can share it in Redis.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // better-auth's own notes ("User not found" on a wrong sign-in) go to our JSON log.
    logger: {
      level: 'warn',
      log: (level, message, ...args) =>
        options.logger[authLogLevel(level, message)]({ auth: true, details: args.map(loggableDetail) }, message),
    },
    // A refusal (weak password, taken email) still answers with better-auth's own body; any other
    // error is thrown to our error handler, which logs it and answers with the API's 500 body,
    // instead of better-auth's empty 500 and a line on the console.
    onAPIError: { throw: true },
    trustedOrigins: (request) => [...options.trustedOrigins, request ? ownOrigin(request) : undefined],
    hooks: { before: enforcePasswordRules },
    // Explicit, because better-auth turns the origin and CSRF checks off under NODE_ENV=test:
    // the tests must see the refusals production makes.
    advanced: { ipAddress: { ipAddressHeaders: ['x-forwarded-for'] }, disableOriginCheck: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The origin the browser addressed: a same-origin post carries exactly this Origin header. */
function ownOrigin(request: Request): string | undefined {
  const url = new URL(request.url);
  return url.origin;
}

export { RESET_TOKEN_SECONDS };
