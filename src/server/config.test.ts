import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs with no configuration at all: embedded database, port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    { env: { PORT: 'eighty' }, message: /^Invalid configuration: PORT / },
    { env: { DATABASE_URL: 'mysql://x' }, message: /^Invalid configuration: DATABASE_URL / },
    { env: { REDIS_URL: 'not a url' }, message: /^Invalid configuration: REDIS_URL / },
    { env: { LOG_LEVEL: 'loud' }, message: /^Invalid configuration: LOG_LEVEL / },
    { env: { AUTH_SECRET: 'short' }, message: /^Invalid configuration: AUTH_SECRET must be at least 32/ },
    { env: { DATABASE_URL: 'postgres://localhost/db' }, message: /AUTH_SECRET is required when DATABASE_URL/ },
    {
      env: { DATABASE_URL: 'postgres://localhost/db', AUTH_SECRET: 'a'.repeat(32) },
      message: /LICENSE_KEY_SECRET is required when DATABASE_URL/,
    },
    {
      env: { STRIPE_SECRET_KEY: 'sk_test_123456' },
      message: /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/,
    },
    {
      env: { ESIM_API_URL: 'https://partners.example' },
      message: /ESIM_API_URL, ESIM_CLIENT_ID and ESIM_CLIENT_SECRET/,
    },
    { env: { DHRU_URL: 'https://unlocks.example', DHRU_USER: 'shop' }, message: /DHRU_URL, DHRU_USER and DHRU_KEY/ },
    { env: { DHRU_URL: 'ftp://unlocks.example' }, message: /^Invalid configuration: DHRU_URL / },
    { env: { DHRU_TIMEOUT_MS: '50' }, message: /^Invalid configuration: DHRU_TIMEOUT_MS / },
    { env: { UNLOCK_POLL_SECONDS: '0' }, message: /^Invalid configuration: UNLOCK_POLL_SECONDS / },
    { env: { JOB_EXPIRE_SECONDS: '9' }, message: /^Invalid configuration: JOB_EXPIRE_SECONDS / },
    { env: { JOB_RETRY_DELAY_SECONDS: '0' }, message: /^Invalid configuration: JOB_RETRY_DELAY_SECONDS / },
    {
      env: { SANDBOX_PAYMENT_SECRET: 'short' },
      message: /^Invalid configuration: SANDBOX_PAYMENT_SECRET must be at least 32/,
    },
  ])('stops with one line naming the variable: $env', ({ env, message }) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads a DHRU supplier given whole, with a 20 s call timeout unless told', () => {
    const env = { DHRU_URL: 'https://unlocks.example/shop', DHRU_USER: 'shop', DHRU_KEY: 'KEY-1' };
    expect(loadConfig(env)).toMatchObject({ ...env, DHRU_TIMEOUT_MS: 20_000 });
    expect(loadConfig({ ...env, DHRU_TIMEOUT_MS: '5000' }).DHRU_TIMEOUT_MS).toBe(5000);
  });

  it('looks at a supplier order first after 30 s unless told', () => {
    expect(loadConfig({}).UNLOCK_POLL_SECONDS).toBe(30);
    expect(loadConfig({ UNLOCK_POLL_SECONDS: '2' }).UNLOCK_POLL_SECONDS).toBe(2);
  });

  it('takes a running job for dead after 20 s and tries a failed one again after 10 s unless told', () => {
    expect(loadConfig({})).toMatchObject({ JOB_EXPIRE_SECONDS: 20, JOB_RETRY_DELAY_SECONDS: 10 });
    expect(loadConfig({ JOB_EXPIRE_SECONDS: '10', JOB_RETRY_DELAY_SECONDS: '2' })).toMatchObject({
      JOB_EXPIRE_SECONDS: 10,
      JOB_RETRY_DELAY_SECONDS: 2,
    });
  });

  it('treats empty optional URLs as unset', () => {
    const config = loadConfig({ REDIS_URL: '', SMTP_URL: '' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });
});
