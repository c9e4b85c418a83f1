import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';

interface Topic {
  readonly id: string;
  readonly question: string;
  readonly answer: ReactNode;
}

const TOPICS: readonly Topic[] = [
  {
    id: 'compatible',
    question: 'Will an eSIM work on my phone?',
    answer: (
      <>
        <p>
          Your phone needs eSIM support and must not be locked to a carrier. Most phones from 2019 on have it: iPhone
          XR, XS and every later iPhone; Google Pixel 3 and later; Samsung Galaxy S20, Z Fold, Z Flip and later
          flagships; and many recent Motorola, OnePlus, Xiaomi and Oppo models.
        </p>
        <p>
          To check: on iPhone, open Settings → General → About and look for “Digital SIM” or “Available SIM”. On
          Android, dial <strong>*#06#</strong>: a phone with eSIM shows an EID number.
        </p>
        <p>
          Locked to your carrier? <Link to="/">Unlock it first</Link>, or the eSIM will not connect.
        </p>
      </>
    ),
  },
  {
    id: 'when',
    question: 'When should I install it?',
    answer: (
      <p>
        Before you leave, at home on Wi-Fi. Installing needs an internet connection, and each eSIM can usually be
        installed only once. The package’s days start counting when the eSIM first connects at your destination, not
        when you install it.
      </p>
    ),
  },
  {
    id: 'iphone',
    question: 'How do I install it on an iPhone?',
    answer: (
      <ol>
        <li>Open your receipt on the iPhone and tap “Install on iPhone” (iOS 17.4 or later), or</li>
        <li>
          On iOS 16 or older: Settings → Mobile Service → Add eSIM → Use QR Code, and scan the QR code on the receipt.
        </li>
        <li>Label the new line “Travel” so you can tell it apart from your usual SIM.</li>
      </ol>
    ),
  },
  {
    id: 'android',
    question: 'How do I install it on Android?',
    answer: (
      <ol>
        <li>Open Settings → Network &amp; internet (Samsung: Connections) → SIMs → Add eSIM.</li>
        <li>
          Scan the QR code on your receipt, or choose “Enter it manually” and type the SM-DP+ address and activation
          code.
        </li>
        <li>Confirm, then leave the eSIM switched off until you land.</li>
      </ol>
    ),
  },
  {
    id: 'arrive',
    question: 'What do I do when I land?',
    answer: (
      <ol>
        <li>Switch the travel eSIM line on.</li>
        <li>Turn on data roaming for that line (the eSIM roams on local networks; this costs nothing extra).</li>
        <li>Choose the travel eSIM for mobile data, and keep your usual SIM for calls and texts if you want.</li>
      </ol>
    ),
  },
  {
    id: 'no-signal',
    question: 'I have no data. What can I try?',
    answer: (
      <ul>
        <li>Check that data roaming is on for the travel eSIM, and that it is chosen for mobile data.</li>
        <li>Turn airplane mode on and off, or restart the phone, so it picks a network again.</li>
        <li>In the network settings, turn off automatic network selection and choose another local network.</li>
        <li>
          Still nothing? <Link to="/help">Contact support</Link> with your order number: we answer around the clock.
        </li>
      </ul>
    ),
  },
  {
    id: 'refunds',
    question: 'Can I get a refund?',
    answer: (
      <p>
        If we could not deliver your eSIM, you are refunded in full automatically. An eSIM that was delivered but never
        installed can be refunded on request; see the <Link to="/refund-policy">refund policy</Link>.
      </p>
    ),
  },
];

/** The travel eSIM support topic: compatibility, installing, arriving, fixing a connection. */
export function EsimHelp() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">Travel eSIM help</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        Everything about choosing, installing and using a travel eSIM.
      </p>
      <nav aria-label="Topics" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {TOPICS.map((topic) => (
            <li key={topic.id}>
              <a
                href={`#${topic.id}`}
                className="inline-flex rounded-full border border-border px-3 py-1 text-sm hover:bg-accent"
              >
                {topic.question}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 grid gap-10">
        {TOPICS.map((topic) => (
          <section key={topic.id} id={topic.id} aria-labelledby={`${topic.id}-heading`} className="scroll-mt-32">
            <h2 id={`${topic.id}-heading`} className="text-xl font-semibold">
              {topic.question}
            </h2>
            <div className="mt-3 grid gap-3 leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:pl-1 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-2 [&_ol]:pl-6 [&_strong]:text-foreground [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:pl-6">
              {topic.answer}
            </div>
          </section>
        ))}
      </div>
      <div className="mt-12 rounded-xl border border-border bg-card p-6">
        <h2 className="font-semibold">Ready to travel?</h2>
        <p className="mt-1 text-sm text-muted-foreground">Find a package for your destination in a few seconds.</p>
        <Button asChild className="mt-4">
          <Link to="/esim-shop">
            Browse eSIM packages
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </div>
  );
}
