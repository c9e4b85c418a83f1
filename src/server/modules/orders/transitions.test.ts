import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { databaseUrlWithName } from '../../testing/global-setup.ts';
import { openTestDatabase, testDbKinds } from '../../testing/test-db.ts';
import {
  failOrder,
  findOrder,
  markFulfilled,
  markInProgress,
  markPaid,
  recordRejection,
  startFulfilment,
  orderEvents,
  placeOrder,
  reroute,
  cancelUnpaid,
  type NewOrderInput,
} from './service.ts';

const esimOrder: NewOrderInput = {
  kind: 'esim',
  email: 'race@example.com',
  userId: null,
  currency: 'USD',
  subtotalCents: 500,
  discountCents: 0,
  totalCents: 500,
  couponCode: null,
  items: [{ productRef: 'pkg', name: 'France 1 GB', unitPriceCents: 500, quantity: 1, details: {} }],
};

/** The winner's answer, and the loser's: null, or the typed error for a move the table forbids. */
const settle = async (attempts: Promise<unknown>[]) =>
  Promise.all(
    attempts.map((attempt) =>
      attempt.then(
        (value) => (value ? 'won' : 'lost'),
        (error: unknown) => {
          if (error instanceof AppError && error.code === 'ORDER_TRANSITION_FORBIDDEN') return 'lost';
          throw error;
        },
      ),
    ),
  );

describe.each(testDbKinds())('order moves racing on %s', (kind) => {
  let database: Database;
  /** A second, separate connection (pool) to the same database on PostgreSQL; the same one on PGlite. */
  let other: Database;
  let a: Db;
  let b: Db;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    other = database;
    if (kind === 'postgres') {
      const { rows } = await database.sql.executeSql('SELECT current_database() AS name');
      const name = (rows as { name: string }[])[0]?.name ?? '';
      other = openPostgres(databaseUrlWithName(process.env.TEST_DATABASE_URL ?? '', name), 2);
    }
    a = database.db;
    b = other.db;
  });
  afterAll(async () => {
    if (other !== database) await other.close();
    await database.close();
  });

  const statusesOf = async (orderId: string) => (await orderEvents(a, orderId)).map((event) => event.status);

  it('lets exactly one of two connections mark the same order paid, with one event', async () => {
    for (let round = 0; round < 10; round++) {
      const order = await placeOrder(a, esimOrder);
      const outcomes = await settle([
        markPaid(a, order.id, { provider: 'sandbox', paymentRef: `pi_a_${round}` }),
        markPaid(b, order.id, { provider: 'sandbox', paymentRef: `pi_b_${round}` }),
      ]);
      expect(outcomes.sort()).toEqual(['lost', 'won']);
      expect(await statusesOf(order.id)).toEqual(['pending_payment', 'paid']);
    }
  });

  it('lets exactly one of delivery and failure win the same paid order', async () => {
    for (let round = 0; round < 10; round++) {
      const order = await placeOrder(a, esimOrder);
      await markPaid(a, order.id, { provider: 'sandbox', paymentRef: null });
      const outcomes = await settle([markFulfilled(a, order.id, 'Delivered.'), failOrder(b, order.id, 'Failed.')]);
      expect(outcomes.sort()).toEqual(['lost', 'won']);
      const events = await statusesOf(order.id);
      expect(events).toHaveLength(3);
      expect(events.at(-1)).toBe((await findOrder(a, order.id))?.status);
    }
  });

  it('lets exactly one of two connections cancel the same unpaid order', async () => {
    const order = await placeOrder(a, esimOrder);
    const outcomes = await settle([cancelUnpaid(a, order.id, 'Cancelled.'), cancelUnpaid(b, order.id, 'Cancelled.')]);
    expect(outcomes.sort()).toEqual(['lost', 'won']);
    expect(await statusesOf(order.id)).toEqual(['pending_payment', 'cancelled']);
  });

  it('refuses a move the table does not allow for the kind, and writes nothing', async () => {
    const order = await placeOrder(a, esimOrder);
    await expect(markFulfilled(a, order.id, 'Too early.')).rejects.toMatchObject({
      code: 'ORDER_TRANSITION_FORBIDDEN',
      status: 409,
    });
    await markPaid(a, order.id, { provider: 'sandbox', paymentRef: null });
    await expect(reroute(a, order.id, 'An eSIM is never rerouted.')).rejects.toMatchObject({
      code: 'ORDER_TRANSITION_FORBIDDEN',
    });
    expect(await statusesOf(order.id)).toEqual(['pending_payment', 'paid']);
  });

  it('takes an unlock through its supplier states, reroute included, by intent', async () => {
    const order = await placeOrder(a, { ...esimOrder, kind: 'unlock' });
    await markPaid(a, order.id, { provider: 'sandbox', paymentRef: null });
    expect(await startFulfilment(a, order.id, 'Sent to the supplier.')).toMatchObject({ status: 'submitted' });
    expect(await recordRejection(a, order.id, 'The supplier declined it.')).toMatchObject({ status: 'rejected' });
    expect(await reroute(a, order.id, 'Sent to another supplier.')).toMatchObject({ status: 'rerouted' });
    expect(await markInProgress(a, order.id, 'The supplier started.')).toMatchObject({ status: 'in_progress' });
    expect(await markFulfilled(a, order.id, 'Unlocked.')).toMatchObject({ status: 'fulfilled' });
    await expect(reroute(a, order.id, 'Too late.')).rejects.toMatchObject({ code: 'ORDER_TRANSITION_FORBIDDEN' });
    expect(await statusesOf(order.id)).toEqual([
      'pending_payment',
      'paid',
      'submitted',
      'rejected',
      'rerouted',
      'in_progress',
      'fulfilled',
    ]);
  });

  it('keeps unknown states and kinds out of the tables', async () => {
    const order = await placeOrder(a, esimOrder);
    await expect(
      database.sql.executeSql(`UPDATE orders SET status = 'shipped' WHERE id = $1`, [order.id]),
    ).rejects.toThrow(/orders_status_known/);
    await expect(
      database.sql.executeSql(`UPDATE orders SET kind = 'gift_card' WHERE id = $1`, [order.id]),
    ).rejects.toThrow(/orders_kind_known/);
    await expect(
      database.sql.executeSql(`INSERT INTO order_events (order_id, status, message) VALUES ($1, 'lost', 'x')`, [
        order.id,
      ]),
    ).rejects.toThrow(/order_events_status_known/);
  });
});
