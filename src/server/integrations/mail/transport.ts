import nodemailer from 'nodemailer';
import type { SendMailOptions } from 'nodemailer';

/** A file sent with a message; with a contentId the HTML part shows it inline as `cid:<contentId>`. */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  /** The file's bytes, base64: the same shape travels to SMTP and is kept in the outbox. */
  readonly contentBase64: string;
  readonly contentId?: string;
}

export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe on the newsletter's messages. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** Delivers a message somewhere; the outbox row is written by the mail service either way. */
export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  deliver(mail: OutgoingMail): Promise<void>;
}

/** Default transport: the message stays in the stored outbox, viewable by admins. */
export const outboxTransport: MailTransport = {
  name: 'outbox',
  deliver: async () => {},
};

/** The message as nodemailer sends it: text and HTML alternatives, inline images by content id. */
export function nodemailerMessage(from: string, mail: OutgoingMail): SendMailOptions {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: { ...mail.headers } } : {}),
    attachments: mail.attachments?.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.contentBase64,
      encoding: 'base64',
      ...(attachment.contentId ? { cid: attachment.contentId } : {}),
    })),
  };
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async deliver(mail) {
      await transporter.sendMail(nodemailerMessage(from, mail));
    },
  };
}
