import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text, render } from '@react-email/components';
import { NEWSLETTER_UNSUBSCRIBE_API, unsubscribeHref } from '../../../domain/newsletter.ts';
import { ESIM_TRAVEL_SUPPORT_HREF } from '../../../domain/site-map.ts';
import { STORE } from '../../../domain/store-config.ts';
import type { OutgoingMail } from '../../integrations/mail/transport.ts';

export const WELCOME_SUBJECT = `Welcome to the ${STORE.name} newsletter`;

// Light by default; dark mail clients that honour prefers-color-scheme get the dark look.
const DARK_MODE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .body { background-color: #0b1120 !important; }
    .card { background-color: #111827 !important; border-color: #1f2937 !important; }
    .text { color: #e5e7eb !important; }
    .muted { color: #9ca3af !important; }
    .link { color: #93c5fd !important; }
  }
`;

const colors = { page: '#f4f5f7', card: '#ffffff', text: '#111827', muted: '#4b5563', brand: '#1d4ed8', border: '#e5e7eb' };

function WelcomeEmail({ siteUrl, unsubscribeUrl }: { siteUrl: string; unsubscribeUrl: string }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>Unlock tips, travel eSIM deals and store news, about twice a month.</Preview>
      <Body className="body" style={{ backgroundColor: colors.page, fontFamily: 'Arial, Helvetica, sans-serif', margin: 0, padding: '24px 12px' }}>
        <Container
          className="card"
          style={{ backgroundColor: colors.card, border: `1px solid ${colors.border}`, borderRadius: 12, maxWidth: 560, padding: '32px 24px' }}
        >
          <Heading as="h1" className="text" style={{ color: colors.text, fontSize: 24, lineHeight: '32px', margin: '0 0 16px' }}>
            Welcome to {STORE.name}!
          </Heading>
          <Text className="text" style={{ color: colors.text, fontSize: 16, lineHeight: '26px' }}>
            Thanks for subscribing. About twice a month we will send you unlock tips, travel eSIM deals and news
            about the phones and carriers we support. Nothing else, and never your address to anyone.
          </Text>
          <Section style={{ margin: '24px 0' }}>
            <Button
              href={siteUrl}
              style={{ backgroundColor: colors.brand, borderRadius: 8, color: '#ffffff', fontSize: 16, fontWeight: 600, padding: '12px 20px' }}
            >
              Visit {STORE.name}
            </Button>
          </Section>
          <Text className="text" style={{ color: colors.text, fontSize: 16, lineHeight: '26px' }}>
            Travelling soon? Read{' '}
            <Link className="link" href={new URL(ESIM_TRAVEL_SUPPORT_HREF, siteUrl).toString()} style={{ color: colors.brand }}>
              how travel eSIMs work
            </Link>
            .
          </Text>
          <Hr style={{ borderColor: colors.border, margin: '24px 0' }} />
          <Text className="muted" style={{ color: colors.muted, fontSize: 13, lineHeight: '20px', margin: 0 }}>
            You receive this because this address was subscribed on {STORE.name}. Not you, or no longer interested?{' '}
            <Link className="link" href={unsubscribeUrl} style={{ color: colors.brand }}>
              Unsubscribe with one click
            </Link>
            .
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The welcome message: HTML and plain text, the unsubscribe page linked in the body, and the
 * RFC 8058 one-click headers so mail clients offer their own Unsubscribe button.
 */
export async function welcomeMail(publicUrl: string, email: string, token: string): Promise<OutgoingMail> {
  const siteUrl = new URL('/', publicUrl).toString();
  const unsubscribeUrl = new URL(unsubscribeHref(token), publicUrl).toString();
  const oneClickUrl = new URL(`${NEWSLETTER_UNSUBSCRIBE_API}?token=${encodeURIComponent(token)}`, publicUrl).toString();
  const email_ = <WelcomeEmail siteUrl={siteUrl} unsubscribeUrl={unsubscribeUrl} />;
  return {
    to: email,
    subject: WELCOME_SUBJECT,
    html: await render(email_),
    text: await render(email_, { plainText: true }),
    headers: {
      'List-Unsubscribe': `<${oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
