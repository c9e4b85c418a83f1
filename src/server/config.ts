import { z } from 'zod';
import { DEFAULT_JOB_SETTINGS } from './jobs/queue.ts';

const optionalUrl = (protocols: RegExp) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url({ protocol: protocols }).optional());

const optionalSecret = (min: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().min(min, `must be at least ${min} characters`).optional());

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every environment variable the store reads; README's configuration table mirrors this. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  REDIS_URL: optionalUrl(/^rediss?$/),
  PUBLIC_URL: optionalUrl(/^https?$/),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Encrypts license keys at rest and keys their duplicate hash (ADR 079); every instance shares it. */
  LICENSE_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  QUOTE_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** Newsletter subscriptions per minute per client. */
  NEWSLETTER_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Bug reports per 10 minutes per client. */
  BUG_REPORT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  /** Support messages (new conversations and replies) per 10 minutes per client. */
  SUPPORT_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /**
   * The password the mail provider's inbound webhook sends (HTTP Basic) with a customer's emailed
   * reply; unset, replies by email are not taken (POST /api/support/inbound-email answers 404).
   */
  SUPPORT_INBOUND_SECRET: optionalSecret(24),
  ORDER_LOOKUP_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  STRIPE_SECRET_KEY: optionalSecret(8),
  STRIPE_WEBHOOK_SECRET: optionalSecret(8),
  SANDBOX_PAYMENT_SECRET: optionalSecret(32),
  /** Bearer token of GET /api/metrics; unset, the metrics are not served (ADR 085). */
  METRICS_TOKEN: optionalSecret(24),
  ESIM_API_URL: optionalUrl(/^https?$/),
  ESIM_CLIENT_ID: optionalSecret(1),
  ESIM_CLIENT_SECRET: optionalSecret(1),
  DHRU_URL: optionalUrl(/^https?$/),
  DHRU_USER: optionalSecret(1),
  DHRU_KEY: optionalSecret(1),
  /** How long one call to the DHRU supplier may take, in milliseconds. */
  DHRU_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  /** Seconds before an unlock's supplier order is first looked at; each later look waits twice as long (at most 15 min). */
  UNLOCK_POLL_SECONDS: z.coerce.number().int().min(1).max(900).default(30),
  /**
   * A job still running this long after it started is taken for dead (its process was killed) and
   * retried; unlock and device-service steps get three times as long. At least twice the 5 s a job
   * keeps starting work (`JOB_WORK_BUDGET_MS`), so a live job is never taken for dead (ADR 024).
   */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(10).max(3600).default(DEFAULT_JOB_SETTINGS.expireInSeconds),
  /** The first wait before a failed job is tried again; each later wait doubles (ADR 024). */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(600).default(DEFAULT_JOB_SETTINGS.retryDelaySeconds),
  /**
   * On SIGTERM, how long the instance keeps accepting connections after its readiness turned 503,
   * so a load balancer that polls readiness stops sending before the listener closes (ADR 088).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(10).default(2),
  /**
   * How long an idle connection stays open: longer than the load balancer's idle timeout, so the
   * balancer closes idle connections, never the store under a request in flight (ADR 093).
   */
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(900).default(65),
  /** The device-check provider (imeicheck-style API); none: the sandbox check provider. */
  CHECKS_API_URL: optionalUrl(/^https?$/),
  CHECKS_API_KEY: optionalSecret(1),
  /** The provider's service id of each check product, e.g. `apple_report=12,carrier=3,knox=7,blacklist=1`. */
  CHECKS_SERVICE_IDS: z
    .string()
    .trim()
    .regex(/^([a-z_]+=[\w-]+)(,[a-z_]+=[\w-]+)*$/, 'must read product=serviceId,product=serviceId')
    .optional(),
  /**
   * The supplier tools of each device service, best first, e.g. `icloud_removal=DHRU-120|DHRU-131,frp_removal=DHRU-210`
   * (default: the sandbox supplier's services; none with a DHRU supplier until set).
   */
  DEVICE_SERVICE_TOOLS: z
    .string()
    .trim()
    .regex(/^([a-z_]+=[\w-]+(\|[\w-]+)*)(,[a-z_]+=[\w-]+(\|[\w-]+)*)*$/, 'must read service=tool|tool,service=tool')
    .optional(),
  /** Device service orders (and their eligibility checks) per hour per client. */
  DEVICE_SERVICE_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  /** How long one call to the check provider may take, in milliseconds. */
  CHECKS_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(15_000),
  /** Free device lookups per minute per client. */
  FREE_CHECK_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  SMTP_URL: optionalUrl(/^smtps?$/),
  MAIL_FROM: z.string().min(3).default('OpenLine <no-reply@openline.store>'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  CLIENT_DIR: z.string().min(1).default('./build/client'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  /** An OpenAI-compatible chat-completions endpoint (or its API's base URL) the support assistant writes its answers with. */
  ASSISTANT_API_URL: optionalUrl(/^https?$/),
  ASSISTANT_API_KEY: optionalSecret(1),
  ASSISTANT_MODEL: optionalSecret(1),
  /** Questions to the support assistant per minute per client address. */
  ASSISTANT_RATE_LIMIT: z.coerce.number().int().positive().default(20),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Reads the environment; a wrong value stops start-up with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (parsed.success) {
    const config = parsed.data;
    if (config.DATABASE_URL && !config.AUTH_SECRET) {
      throw new ConfigError(
        'Invalid configuration: AUTH_SECRET is required when DATABASE_URL is set (every instance must share it)',
      );
    }
    if (config.DATABASE_URL && !config.LICENSE_KEY_SECRET) {
      throw new ConfigError(
        'Invalid configuration: LICENSE_KEY_SECRET is required when DATABASE_URL is set (every instance must share it)',
      );
    }
    if (Boolean(config.STRIPE_SECRET_KEY) !== Boolean(config.STRIPE_WEBHOOK_SECRET)) {
      throw new ConfigError(
        'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (or neither, for the sandbox)',
      );
    }
    const esim = [config.ESIM_API_URL, config.ESIM_CLIENT_ID, config.ESIM_CLIENT_SECRET].filter(Boolean).length;
    if (esim !== 0 && esim !== 3) {
      throw new ConfigError(
        'Invalid configuration: ESIM_API_URL, ESIM_CLIENT_ID and ESIM_CLIENT_SECRET must be set together (or none, for the sandbox)',
      );
    }
    const dhru = [config.DHRU_URL, config.DHRU_USER, config.DHRU_KEY].filter(Boolean).length;
    if (dhru !== 0 && dhru !== 3) {
      throw new ConfigError(
        'Invalid configuration: DHRU_URL, DHRU_USER and DHRU_KEY must be set together (or none, for the sandbox supplier)',
      );
    }
    if (Boolean(config.CHECKS_API_URL) !== Boolean(config.CHECKS_API_KEY)) {
      throw new ConfigError(
        'Invalid configuration: CHECKS_API_URL and CHECKS_API_KEY must be set together (or neither, for the sandbox check provider)',
      );
    }
    const assistant = [config.ASSISTANT_API_URL, config.ASSISTANT_API_KEY, config.ASSISTANT_MODEL].filter(
      Boolean,
    ).length;
    if (assistant !== 0 && assistant !== 3) {
      throw new ConfigError(
        'Invalid configuration: ASSISTANT_API_URL, ASSISTANT_API_KEY and ASSISTANT_MODEL must be set together (or none, to answer from the help articles alone)',
      );
    }
    return config;
  }
  const issue = parsed.error.issues[0];
  const name = issue?.path.join('.') ?? 'environment';
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}`);
}
