/**
 * Another process writing an order event: `node --import tsx raise-order-event.ts <DATABASE_URL>
 * <order id> <message>`. The live-order tests run it to prove NOTIFY crosses processes.
 */
import { openPostgres } from '../db/client.ts';
import { addOrderNote } from '../modules/orders/service.ts';

const [url, orderId, message] = process.argv.slice(2);
if (!url || !orderId || !message) throw new Error('usage: raise-order-event.ts <DATABASE_URL> <order id> <message>');
const database = openPostgres(url, 1);
await addOrderNote(database.db, orderId, message);
await database.close();
