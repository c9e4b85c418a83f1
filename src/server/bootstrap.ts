import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Config } from './config.ts';
import { createApp } from './app.ts';
import { noteDatabaseAway } from './process-faults.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import { loadClientFiles } from './http/client-files.ts';
import { loadPageRenderer } from './http/page-renderer.ts';
import type { AppDeps } from './http/context.ts';
import { connectRedis, redisRateLimitStore } from './http/rate-limit.ts';
import { partnerEsimProvider } from './integrations/esim/partner.ts';
import { sandboxEsimProvider } from './integrations/esim/sandbox.ts';
import type { EsimProvider } from './integrations/esim/types.ts';
import { type MailTransport, outboxTransport, smtpTransport } from './integrations/mail/transport.ts';
import {
  SANDBOX_WEBHOOK_PATH,
  sandboxPaymentProvider,
  type SandboxWebhookPoster,
} from './integrations/payments/sandbox.ts';
import type { PaymentProvider } from './integrations/payments/types.ts';
import { registerMailJobs } from './jobs/mail.ts';
import { registerOrderJobs } from './jobs/orders.ts';
import { registerPaymentJobs } from './jobs/payments.ts';
import { registerCheckProviderJobs, registerSupplierJobs, syncSupplier } from './jobs/suppliers.ts';
import { DEFAULT_JOB_SETTINGS, installJobSchema, type JobSettings, QUEUES, startJobQueue } from './jobs/queue.ts';
import type { Logger } from './logger.ts';
import { createAuth } from './modules/accounts/auth.ts';
import { CATALOG_CHANGED_CHANNEL, createCatalogService, type CatalogService } from './modules/catalog/service.ts';
import { createEsimProvisioning } from './modules/esim/fulfilment.ts';
import { createEsimService } from './modules/esim/service.ts';
import { createMailer } from './modules/mail/service.ts';
import { createOrderEventHub } from './modules/orders/live.ts';
import { sandboxSessionStore } from './modules/payments/sandbox-store.ts';
import { createPaymentsService } from './modules/payments/service.ts';
import { sandboxSupplierStore } from './modules/quotes/sandbox-supplier-store.ts';
import { createQuoteEngine } from './modules/quotes/service.ts';
import { createProductPrices } from './modules/prices/service.ts';
import { createKeyVault, createLicenseService, SANDBOX_STOCK } from './modules/licenses/service.ts';
import { createUnlockSupplier, deviceServiceToolIds } from './integrations/suppliers/index.ts';
import { seedDatabase } from './seed/pipeline.ts';
import { embeddedSecret } from './store-lock.ts';
import { createOrderKinds } from './kinds/index.ts';
import { checkServiceIds, createCheckProvider, type CheckProvider } from './integrations/checks/index.ts';
import { describeByTac, loadTacTable } from './modules/checks/tac-table.ts';
import { DEFAULT_UNLOCK_BACKOFF, type UnlockBackoff } from './workflows/fulfillers/unlock.ts';
import type { UnlockSupplier } from './integrations/suppliers/types.ts';
import { createWorkflows } from './workflows/index.ts';
import { mailSubscriber, relayRunner } from './workflows/order-events.ts';
import { ORDER_EVENTS_CHANNEL } from './modules/orders/service.ts';
import { registerRetentionJob } from './jobs/retention.ts';
import { rootPath } from './paths.ts';

export const VERSION: string = (JSON.parse(readFileSync(rootPath('package.json'), 'utf8')) as { version: string })
  .version;

export interface StoreOptions {
  readonly config: Config;
  readonly logger: Logger;
  /** An already-open database (tests); otherwise opened from the configuration. */
  readonly database?: Database;
  readonly internalToken?: string;
  readonly serveClient?: boolean;
  /** Providers to use instead of the configured ones (tests: failure switches, stubbed APIs). */
  readonly providers?: {
    readonly esim?: EsimProvider;
    readonly payments?: PaymentProvider;
    readonly mail?: MailTransport;
    readonly unlockSupplier?: UnlockSupplier;
    readonly checkProvider?: CheckProvider;
  };
  /** How unlock fulfilment waits between looks at the supplier (tests shorten it). */
  readonly unlockBackoff?: UnlockBackoff;
  readonly jobs?: Partial<JobSettings>;
}

export interface Store {
  readonly app: ReturnType<typeof createApp>;
  readonly deps: AppDeps;
  /**
   * The first step of a shutdown: readiness answers 503, every answer says `Connection: close`,
   * and live order streams end at once with a reconnect hint (the client reconnects, to another
   * instance behind a load balancer). Requests already received are still answered.
   */
  drain(): void;
  close(): Promise<void>;
}

export function publicUrlOf(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/**
 * Migrations, the seed pipeline (reference data, the unlock catalogue a fresh store quotes from,
 * the sandbox eSIM catalogue; ADR 027) and the job queues' schema: every step that changes the
 * schema or seeds runs under the one start-up lock, so instances starting together take turns.
 */
export async function prepareDatabase(database: Database) {
  return database.exclusive(async () => {
    await database.migrate();
    const seeded = await seedDatabase(database.db);
    await installJobSchema(database);
    return seeded;
  });
}

async function paymentProviderFor(
  config: Config,
  database: Database,
  postWebhook: SandboxWebhookPoster,
): Promise<PaymentProvider> {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) {
    // The Stripe SDK is large: only a store that uses it loads it.
    const { stripePaymentProvider } = await import('./integrations/payments/stripe.ts');
    return stripePaymentProvider({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
  }
  // The sandbox delivers its events to its own instance's app (ADR 022), so that instance's secret is enough.
  const secret =
    config.SANDBOX_PAYMENT_SECRET ??
    (config.DATABASE_URL
      ? randomBytes(32).toString('base64url')
      : embeddedSecret(config.DATA_DIR, 'sandbox-payment-secret'));
  return sandboxPaymentProvider({ store: sandboxSessionStore(database.db), secret, postWebhook });
}

function esimProviderFor(config: Config, catalog: CatalogService): EsimProvider {
  if (config.ESIM_API_URL && config.ESIM_CLIENT_ID && config.ESIM_CLIENT_SECRET) {
    return partnerEsimProvider({
      baseUrl: config.ESIM_API_URL,
      clientId: config.ESIM_CLIENT_ID,
      clientSecret: config.ESIM_CLIENT_SECRET,
      iso3ByCountryCode: () => catalog.iso3ByCountryCode(),
    });
  }
  return sandboxEsimProvider();
}

/** Opens, migrates and seeds the database, then wires every module into the HTTP app. */
export async function createStore(options: StoreOptions): Promise<Store> {
  const { config, logger } = options;
  const database =
    options.database ??
    (config.DATABASE_URL
      ? // A connection the server closed (a restart, an outage) counts into the one warning a minute.
        openPostgres(config.DATABASE_URL, undefined, (error) => noteDatabaseAway(logger, error))
      : await openPglite({ dataDir: config.DATA_DIR }));
  const closers: (() => Promise<unknown>)[] = [() => database.close()];
  const draining = new AbortController();
  const closeAll = async () => {
    for (const close of closers) await close();
  };
  try {
    const seeded = await prepareDatabase(database);
    logger.info({ db: database.kind, seed: seeded }, 'database ready');

    const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : undefined;
    if (redis) closers.unshift(() => redis.quit());

    const publicUrl = publicUrlOf(config);
    const mailer = createMailer(
      database.db,
      options.providers?.mail ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : outboxTransport),
      logger,
    );
    const auth = createAuth({
      db: database.db,
      secret: config.AUTH_SECRET ?? embeddedSecret(config.DATA_DIR),
      publicUrl,
      mailer,
      logger,
      trustedOrigins: config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [],
    });
    const catalog = createCatalogService(database.db);
    const unlockSupplier = createUnlockSupplier(config, { sandboxStore: sandboxSupplierStore(database.db) });
    const quotes = createQuoteEngine(database.db, catalog, unlockSupplier);

    const jobs = await startJobQueue(database, logger, {
      ...DEFAULT_JOB_SETTINGS,
      expireInSeconds: config.JOB_EXPIRE_SECONDS,
      retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
      ...options.jobs,
    });
    closers.unshift(() => jobs.stop());
    // The sandbox posts its events through this instance's own app, the route a real provider calls.
    // (The app is made last; until then a delivery is refused and retried.)
    const webhookTarget: { app?: ReturnType<typeof createApp> } = {};
    const postWebhook: SandboxWebhookPoster = async ({ rawBody, headers }) => {
      if (!webhookTarget.app) return { status: 0, detail: 'the store is still starting' };
      const res = await webhookTarget.app.request(new URL(SANDBOX_WEBHOOK_PATH, publicUrl).toString(), {
        method: 'POST',
        headers,
        body: rawBody,
      });
      return { status: res.status, detail: res.ok ? undefined : (await res.text()).slice(0, 200) };
    };
    // The payments module hands each verified event to the settle workflow, made just below
    // (events only arrive once the store serves).
    const payments = createPaymentsService({
      db: database.db,
      provider: options.providers?.payments ?? (await paymentProviderFor(config, database, postWebhook)),
      jobs,
      logger,
      onEvent: (tx, providerName, event) => workflows.applyPaymentEvent(tx, providerName, event),
    });
    const esimProvider = options.providers?.esim ?? esimProviderFor(config, catalog);
    const esim = createEsimService(database.db, esimProvider, catalog);
    if (esimProvider.name !== 'sandbox') {
      // A partner catalogue is fetched in the background: the store serves the stored one meanwhile.
      esim.syncCatalog().then(
        (result) => logger.info({ provider: esimProvider.name, ...result }, 'eSIM catalogue synced'),
        (error: unknown) => logger.warn({ err: error }, 'eSIM catalogue sync failed; serving the stored catalogue'),
      );
    }
    const licenses = createLicenseService(
      database.db,
      createKeyVault(config.LICENSE_KEY_SECRET ?? embeddedSecret(config.DATA_DIR, 'license-key-secret')),
    );
    // Under the start-up lock: instances starting together stock each product once.
    const sandboxKeys =
      payments.provider.name === 'sandbox'
        ? await database.exclusive(() => licenses.stockSandbox(SANDBOX_STOCK.perProduct, SANDBOX_STOCK.outOfStock))
        : 0;
    const tacTable = loadTacTable();
    const checkProvider =
      options.providers?.checkProvider ??
      createCheckProvider(config, { describe: (deviceId) => describeByTac(tacTable, deviceId) });
    const deviceServiceTools = deviceServiceToolIds(config, options.providers?.unlockSupplier ?? unlockSupplier);
    const kinds = createOrderKinds({
      db: database.db,
      esim,
      esimProvisioning: createEsimProvisioning({ db: database.db, provider: esimProvider }),
      payments,
      mailer,
      jobs,
      logger,
      publicUrl,
      unlockSupplier: options.providers?.unlockSupplier ?? unlockSupplier,
      checkProvider,
      checkServices: checkServiceIds(config),
      quotes,
      deviceServiceTools,
      unlockBackoff: options.unlockBackoff ?? {
        ...DEFAULT_UNLOCK_BACKOFF,
        firstSeconds: config.UNLOCK_POLL_SECONDS,
      },
    });
    const prices = createProductPrices(database.db);
    const subscribers = [mailSubscriber({ db: database.db, kinds, mailer, publicUrl })];
    const workflows = createWorkflows({
      db: database.db,
      payments,
      jobs,
      mailer,
      logger,
      publicUrl,
      kinds,
      esim,
      quotes,
      catalog,
      subscribers,
      checks: config,
      checkProvider,
      deviceServiceTools,
      prices,
      licenses,
      tacTable,
    });
    await registerOrderJobs(jobs, workflows, kinds, subscribers);
    // Order events reach their subscribers as soon as their transaction commits (ADR 069).
    const relay = relayRunner(() => workflows.relayOrderEvents(), logger);
    const stopListening = await database.listen(
      ORDER_EVENTS_CHANNEL,
      () => void relay.run(),
      () => void relay.run(),
    );
    closers.unshift(async () => {
      await stopListening();
      await relay.stop();
    });
    void relay.run();
    await registerMailJobs(jobs, mailer);
    await registerRetentionJob(jobs, { db: database.db, dataDir: config.DATA_DIR, logger });
    await registerSupplierJobs(jobs, unlockSupplier, quotes, logger);
    if (unlockSupplier.adapter !== 'sandbox') {
      // A real supplier's service list is imported in the background (and hourly): the stored catalogue serves meanwhile.
      syncSupplier(unlockSupplier, quotes, logger).catch((error: unknown) =>
        logger.warn({ err: error }, 'unlock supplier sync failed; serving the stored catalogue'),
      );
    }
    await registerCheckProviderJobs(jobs, database.db, checkProvider, logger);
    // Its balance and prices at once (and hourly): the admin's margins and alerts need them.
    void jobs
      .enqueue(QUEUES.checksSync, {})
      .catch((error: unknown) => logger.warn({ err: error }, 'could not queue the check provider sync'));
    logger.info(
      {
        payments: payments.provider.name,
        esim: esimProvider.name,
        unlocks: unlockSupplier.id,
        ...(sandboxKeys > 0 ? { sandboxLicenseKeysStocked: sandboxKeys } : {}),
      },
      'providers ready',
    );

    // An admin's alias, link or price change on any instance reaches every instance at once (ADR 074).
    const catalogueChanged = () => {
      catalog.invalidate();
      quotes.invalidate();
      esim.invalidate();
      prices.invalidate();
    };
    const stopCatalogListening = await database.listen(CATALOG_CHANGED_CHANNEL, catalogueChanged, catalogueChanged);
    closers.unshift(() => stopCatalogListening());

    const orderEvents = await createOrderEventHub(database, logger);
    closers.unshift(() => orderEvents.close());

    const deps: AppDeps = {
      config,
      database,
      logger,
      auth,
      catalog,
      quotes,
      mailer,
      payments,
      esim,
      kinds,
      workflows,
      orderEvents,
      checks: { table: tacTable, provider: checkProvider },
      licenses,
      prices,
      jobsReady: () => jobs.ready(),
      draining: draining.signal,
      version: VERSION,
      publicUrl,
      rateLimitStore: redis ? () => redisRateLimitStore(redis) : undefined,
      internalToken: options.internalToken,
    };
    const client =
      options.serveClient === false
        ? undefined
        : loadClientFiles(
            config.CLIENT_DIR,
            await loadPageRenderer(join(config.CLIENT_DIR, '..', 'server', 'index.js')),
          );
    if (client && !client.available) logger.warn({ dir: config.CLIENT_DIR }, 'no built client: serving the API only');
    const app = createApp(deps, client);
    webhookTarget.app = app;
    // After the app: the first sweep may deliver at once.
    await registerPaymentJobs(jobs, { db: database.db, payments, logger });
    return { app, deps, drain: () => draining.abort(), close: closeAll };
  } catch (error) {
    await closeAll().catch(() => {});
    throw error;
  }
}
