import type { Db } from '../../db/client.ts';
import type { MailTransport, OutgoingMail } from '../../integrations/mail/transport.ts';
import type { Logger } from '../../logger.ts';
import { insertOutboxMail, listOutboxMail, markOutboxMail } from './repo.ts';

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  outbox(options: { to?: string; limit?: number }): ReturnType<typeof listOutboxMail>;
}

/** Every message is kept in the outbox; a real transport's result is recorded on the row. */
export function createMailer(db: Db, transport: MailTransport, logger: Logger): Mailer {
  return {
    async send(mail) {
      const id = await insertOutboxMail(db, mail, transport.name);
      if (transport.name === 'outbox') return;
      try {
        await transport.deliver(mail);
        await markOutboxMail(db, id, { sentAt: new Date() });
      } catch (error) {
        logger.error({ err: error, mailId: id }, 'mail delivery failed');
        await markOutboxMail(db, id, { error: error instanceof Error ? error.message : String(error) });
      }
    },
    outbox: ({ to, limit = 50 }) => listOutboxMail(db, { to, limit }),
  };
}
