import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  render,
  Section,
  Text,
} from '@react-email/components';
import type { CSSProperties } from 'react';
import { ORDER_EMAIL_TEXT } from '../../domain/order-emails.ts';
import { STORE } from '../../domain/store-config.ts';
import type { MailAttachment, OutgoingMail } from '../integrations/mail/transport.ts';

/** A link every order email carries: where to follow the order, how to turn it into an account. */
export interface OrderEmailLinks {
  /** The order page with its access token, absolute on the store's public URL. */
  readonly tracking: string;
  /** The guest upgrade (`createAccountHref`), absolute. */
  readonly createAccount: string;
  /** The help centre, absolute. */
  readonly help: string;
}

/** One eSIM to install: shown with its QR code (an inline attachment) and its one-tap link. */
export interface EmailInstall {
  readonly label: string;
  readonly qrContentId: string;
  readonly iosLink: string;
  readonly smdpAddress: string;
  readonly matchingId: string;
  readonly lpa: string;
  readonly iccid: string;
}

/**
 * What an order email says, in blocks drawn the same way in both parts: the HTML part through
 * React Email, the plain-text part line by line, so the two never say different things.
 */
export interface OrderEmailContent {
  readonly to: string;
  readonly subject: string;
  /** The inbox's preview line. */
  readonly preview: string;
  readonly shortId: string;
  readonly heading: string;
  readonly intro: readonly string[];
  /** Label and value rows, e.g. the order summary. */
  readonly facts?: readonly { readonly label: string; readonly value: string }[];
  readonly steps?: { readonly title: string; readonly items: readonly string[] };
  readonly installs?: readonly EmailInstall[];
  /** Further links, e.g. the brand's after-install checklist or the eSIM receipt page. */
  readonly moreLinks?: readonly { readonly text: string; readonly href: string }[];
  readonly links: OrderEmailLinks;
  readonly attachments?: readonly MailAttachment[];
}

const FONT = '-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif';
const INK = '#111827';
const MUTED = '#4b5563';
const LINE = '#e5e7eb';
const BRAND = '#1d4ed8';

/**
 * Light colours are inline (every client keeps them); clients that honour prefers-color-scheme
 * (Apple Mail, iOS, Outlook for Mac) get the dark set from this sheet, and Outlook.com's own dark
 * mode marks its rewrites with [data-ogsc]/[data-ogsb]. Gmail apps invert the light set themselves,
 * which these colours survive (no text on a light-only image, no pale-on-white).
 */
const DARK_MODE_CSS = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .ol-body, .ol-outer { background-color: #0b1220 !important; }
  .ol-card { background-color: #111a2e !important; border-color: #24304a !important; }
  .ol-ink { color: #f3f4f6 !important; }
  .ol-muted { color: #cbd5e1 !important; }
  .ol-link { color: #93c5fd !important; }
  .ol-box { background-color: #0b1220 !important; border-color: #24304a !important; }
  .ol-button { background-color: #2563eb !important; color: #ffffff !important; }
  .ol-rule { border-color: #24304a !important; }
}
[data-ogsc] .ol-ink { color: #f3f4f6 !important; }
[data-ogsc] .ol-muted { color: #cbd5e1 !important; }
[data-ogsc] .ol-link { color: #93c5fd !important; }
[data-ogsb] .ol-body, [data-ogsb] .ol-outer { background-color: #0b1220 !important; }
[data-ogsb] .ol-card, [data-ogsb] .ol-box { background-color: #111a2e !important; }
@media only screen and (max-width: 480px) {
  .ol-card { padding: 20px 16px !important; }
  .ol-button { display: block !important; text-align: center !important; }
}
`;

const text: CSSProperties = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: INK };
const muted: CSSProperties = { ...text, fontSize: '14px', lineHeight: '20px', color: MUTED };
const link: CSSProperties = { color: BRAND, textDecoration: 'underline', wordBreak: 'break-all' };
const box: CSSProperties = {
  margin: '0 0 16px',
  padding: '12px 16px',
  border: `1px solid ${LINE}`,
  borderRadius: '8px',
  backgroundColor: '#f9fafb',
};
const button: CSSProperties = {
  display: 'inline-block',
  padding: '12px 20px',
  borderRadius: '8px',
  backgroundColor: BRAND,
  color: '#ffffff',
  fontSize: '16px',
  fontWeight: 600,
  lineHeight: '24px',
  textDecoration: 'none',
};

function Install({ install }: { install: EmailInstall }) {
  return (
    <Section className="ol-box" style={box}>
      <Heading as="h2" className="ol-ink" style={{ ...text, margin: '0 0 12px', fontSize: '17px', fontWeight: 600 }}>
        {install.label}
      </Heading>
      {/* A white frame keeps the code scannable when a dark mode darkens the page around it. */}
      <img
        src={`cid:${install.qrContentId}`}
        width="200"
        height="200"
        alt={`QR code to install ${install.label}`}
        style={{ display: 'block', border: '8px solid #ffffff', borderRadius: '4px', backgroundColor: '#ffffff' }}
      />
      <Text style={{ ...text, margin: '16px 0 8px' }}>
        <Button href={install.iosLink} className="ol-button" style={button}>
          Install on iPhone
        </Button>
      </Text>
      <Text className="ol-muted" style={{ ...muted, margin: '0 0 8px' }}>
        iOS 17.4 or later. On any other phone, scan the QR code from another screen, or add it by hand: SM-DP+ address{' '}
        <code>{install.smdpAddress}</code>, activation code <code>{install.matchingId}</code>.
      </Text>
      <Text className="ol-muted" style={{ ...muted, margin: 0 }}>
        ICCID <code>{install.iccid}</code>
      </Text>
    </Section>
  );
}

function OrderEmail({ content }: { content: OrderEmailContent }) {
  const { links } = content;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{content.subject}</title>
        <style>{DARK_MODE_CSS}</style>
      </Head>
      <Preview>{content.preview}</Preview>
      <Body className="ol-body" style={{ margin: 0, padding: 0, backgroundColor: '#f3f4f6', fontFamily: FONT }}>
        <Container className="ol-outer" style={{ width: '100%', maxWidth: '600px', padding: '24px 12px' }}>
          <Text className="ol-ink" style={{ ...text, margin: '0 0 12px 4px', fontSize: '18px', fontWeight: 700 }}>
            {STORE.name}
          </Text>
          <Section
            className="ol-card"
            style={{
              padding: '28px 24px',
              borderRadius: '12px',
              border: `1px solid ${LINE}`,
              backgroundColor: '#ffffff',
            }}
          >
            <Heading
              as="h1"
              className="ol-ink"
              style={{ ...text, fontSize: '22px', lineHeight: '30px', fontWeight: 700 }}
            >
              {content.heading}
            </Heading>
            {content.intro.map((paragraph) => (
              <Text key={paragraph} className="ol-ink" style={text}>
                {paragraph}
              </Text>
            ))}
            {content.facts && content.facts.length > 0 && (
              <Section className="ol-box" style={box}>
                {content.facts.map((fact) => (
                  <Text key={`${fact.label}:${fact.value}`} className="ol-ink" style={{ ...text, margin: '4px 0' }}>
                    <span className="ol-muted" style={{ color: MUTED }}>
                      {fact.label}:
                    </span>{' '}
                    <strong>{fact.value}</strong>
                  </Text>
                ))}
              </Section>
            )}
            {content.steps && (
              <>
                <Text className="ol-ink" style={{ ...text, margin: '0 0 8px', fontWeight: 600 }}>
                  {content.steps.title}
                </Text>
                <ol className="ol-ink" style={{ ...text, paddingLeft: '24px' }}>
                  {content.steps.items.map((step) => (
                    <li key={step} style={{ margin: '0 0 8px' }}>
                      {step}
                    </li>
                  ))}
                </ol>
              </>
            )}
            {content.installs?.map((install) => (
              <Install key={install.qrContentId} install={install} />
            ))}
            <Text style={{ ...text, margin: '8px 0 8px' }}>
              <Button href={links.tracking} className="ol-button" style={button}>
                {ORDER_EMAIL_TEXT.trackButton}
              </Button>
            </Text>
            <Text className="ol-muted" style={muted}>
              {ORDER_EMAIL_TEXT.trackLine}{' '}
              <Link href={links.tracking} className="ol-link" style={link}>
                {links.tracking}
              </Link>
            </Text>
            {content.moreLinks?.map((more) => (
              <Text key={more.href} className="ol-muted" style={muted}>
                {more.text}{' '}
                <Link href={more.href} className="ol-link" style={link}>
                  {more.href}
                </Link>
              </Text>
            ))}
            <Hr className="ol-rule" style={{ margin: '20px 0', borderColor: LINE }} />
            <Text className="ol-muted" style={muted}>
              {ORDER_EMAIL_TEXT.guestUpgrade}{' '}
              <Link href={links.createAccount} className="ol-link" style={{ ...link, fontWeight: 600 }}>
                {ORDER_EMAIL_TEXT.guestUpgradeButton}
              </Link>
            </Text>
            <Text className="ol-muted" style={{ ...muted, margin: 0 }}>
              {ORDER_EMAIL_TEXT.helpLine}{' '}
              <Link href={links.help} className="ol-link" style={link}>
                {links.help}
              </Link>
            </Text>
          </Section>
          <Text className="ol-muted" style={{ ...muted, margin: '16px 4px 0', fontSize: '12px', lineHeight: '18px' }}>
            {ORDER_EMAIL_TEXT.footer(STORE.name, content.shortId)}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function installText(install: EmailInstall): string {
  return [
    install.label,
    `  Install on iPhone (iOS 17.4 or later): ${install.iosLink}`,
    `  Or scan the attached QR code, or add it by hand: SM-DP+ address ${install.smdpAddress}, activation code ${install.matchingId}`,
    `  LPA: ${install.lpa}`,
    `  ICCID: ${install.iccid}`,
  ].join('\n');
}

/** The plain-text part: the same blocks, in the same order, with every link written out. */
export function orderEmailText(content: OrderEmailContent): string {
  const { links } = content;
  return [
    content.heading,
    ...content.intro,
    ...(content.facts?.length ? [content.facts.map((fact) => `${fact.label}: ${fact.value}`).join('\n')] : []),
    ...(content.steps
      ? [[content.steps.title, ...content.steps.items.map((step, index) => `${index + 1}. ${step}`)].join('\n')]
      : []),
    ...(content.installs ?? []).map(installText),
    `${ORDER_EMAIL_TEXT.trackLine} ${links.tracking}`,
    ...(content.moreLinks ?? []).map((more) => `${more.text} ${more.href}`),
    `${ORDER_EMAIL_TEXT.guestUpgrade} ${links.createAccount}`,
    `${ORDER_EMAIL_TEXT.helpLine} ${links.help}`,
    `--\n${ORDER_EMAIL_TEXT.footer(STORE.name, content.shortId)}`,
  ].join('\n\n');
}

/** The message: the React Email HTML part, its plain-text part, and any inline images. */
export async function renderOrderEmail(content: OrderEmailContent): Promise<OutgoingMail> {
  return {
    to: content.to,
    subject: content.subject,
    text: orderEmailText(content),
    html: await render(<OrderEmail content={content} />),
    ...(content.attachments?.length ? { attachments: content.attachments } : {}),
  };
}
