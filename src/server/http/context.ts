import type { LicenseService } from '../modules/licenses/service.ts';
import type { ProductPriceService } from '../modules/prices/service.ts';
import type { OrderKinds } from '../kinds/index.ts';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { Auth } from '../modules/accounts/auth.ts';
import type { SessionUser } from '../modules/accounts/service.ts';
import type { CatalogService } from '../modules/catalog/service.ts';
import type { EsimService } from '../modules/esim/service.ts';
import type { Mailer } from '../modules/mail/service.ts';
import type { OrderEventHub } from '../modules/orders/live.ts';
import type { PaymentsService } from '../modules/payments/service.ts';
import type { QuoteEngine } from '../modules/quotes/service.ts';
import type { Store } from 'hono-rate-limiter';
import type { Workflows } from '../workflows/index.ts';
import type { CheckProvider } from '../integrations/checks/types.ts';
import type { TacTable } from '../modules/checks/tac-table.ts';

export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    adminUser: SessionUser;
  };
}

export type ApiApp = OpenAPIHono<AppEnv>;

/** Everything the HTTP layer needs, made once by main.ts (or a test). */
export interface AppDeps {
  readonly config: Config;
  readonly database: Database;
  readonly logger: Logger;
  readonly auth: Auth;
  readonly catalog: CatalogService;
  readonly mailer: Mailer;
  readonly quotes: QuoteEngine;
  readonly payments: PaymentsService;
  readonly esim: EsimService;
  /** The kind registry: each kind's part of the order answer and share page (ADR 068). */
  readonly kinds: OrderKinds;
  /** The business processes (checkout, settle, fulfil, refund, expire); jobs and tests call them too. */
  readonly workflows: Workflows;
  /** Order events of every instance, for the live order streams (LISTEN/NOTIFY). */
  readonly orderEvents: OrderEventHub;
  /** The TAC table of the free check and the provider of paid ones. */
  readonly checks: { readonly table: TacTable; readonly provider: CheckProvider };
  /** The license catalogue and its encrypted key stock (ADR 079). */
  readonly licenses: LicenseService;
  /** What device checks and services sell at now: their list prices with the admin's over them. */
  readonly prices: ProductPriceService;
  /** Whether the job queue takes and hands out jobs (the readiness check). */
  readonly jobsReady: () => Promise<boolean>;
  /** Aborted when the instance starts shutting down (Store.drain). */
  readonly draining: AbortSignal;
  readonly version: string;
  readonly publicUrl: string;
  /** Redis-backed counters when several instances run; memory otherwise. */
  readonly rateLimitStore?: (name: string) => Store;
  /** Lets the admin CLI work through the running embedded store. */
  readonly internalToken?: string;
}
