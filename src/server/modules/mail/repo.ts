import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { OutgoingMail } from '../../integrations/mail/transport.ts';

export async function insertOutboxMail(db: Db, mail: OutgoingMail, transport: string): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      toAddress: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [...(mail.attachments ?? [])],
      transport,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('outbox insert returned no row');
  return row.id;
}

export async function markOutboxMail(db: Db, id: number, result: { sentAt?: Date; error?: string }) {
  await db.update(mailOutbox).set(result).where(eq(mailOutbox.id, id));
}

export async function listOutboxMail(db: Db, options: { to?: string; limit: number }) {
  const query = db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(options.limit);
  return options.to ? query.where(eq(mailOutbox.toAddress, options.to)) : query;
}
