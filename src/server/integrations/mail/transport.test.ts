import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { nodemailerMessage, type OutgoingMail } from './transport.ts';

const image = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

const mail: OutgoingMail = {
  to: 'traveller@example.com',
  subject: 'Your eSIM is ready',
  text: 'Install it: https://example.com/install',
  html: '<p><img src="cid:esim-1@openline.store" alt="QR code"></p>',
  attachments: [
    {
      filename: 'esim-1.png',
      contentType: 'image/png',
      contentBase64: image.toString('base64'),
      contentId: 'esim-1@openline.store',
    },
  ],
};

/** The MIME message nodemailer would hand to an SMTP server, built without one. */
async function rendered(message: OutgoingMail): Promise<string> {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transporter.sendMail(nodemailerMessage('OpenLine <orders@openline.store>', message));
  return info.message.toString().replaceAll('\r\n', '\n');
}

describe('SMTP message', () => {
  it('sends text and HTML alternatives with the image inline under the content id the HTML names', async () => {
    const mime = await rendered(mail);
    expect(mime).toMatch(/Content-Type: multipart\/alternative/);
    expect(mime).toMatch(/Content-Type: multipart\/related/);
    expect(mime).toContain('Install it: https://example.com/install');
    expect(mime).toContain('cid:esim-1@openline.store');
    const part = mime.slice(mime.indexOf('Content-Type: image/png'));
    expect(part).toMatch(/^Content-Type: image\/png; name=esim-1\.png/);
    expect(part).toContain('Content-ID: <esim-1@openline.store>');
    expect(part).toContain('Content-Disposition: inline; filename=esim-1.png');
    const body = part.slice(part.indexOf('\n\n') + 2, part.indexOf('\n--'));
    expect(Buffer.from(body.replace(/\s/g, ''), 'base64')).toEqual(image);
  });

  it('sends a plain message without attachments as text only', async () => {
    const mime = await rendered({ to: mail.to, subject: 'Hello', text: 'Just text' });
    expect(mime).toMatch(/Content-Type: text\/plain/);
    expect(mime).not.toMatch(/multipart/);
  });
});
