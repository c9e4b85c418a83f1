import { Bot, Mail, PackageSearch } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ASSISTANT_HREF, TRACK_ORDER_HREF } from '../../../../domain/site-map';
import { SUPPORT_PROMISE } from '../../../../domain/store-config';
import { HelpSection } from './help-section';

function Route({ icon, title, children }: { icon: ReactNode; title: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl border border-border bg-card p-4">
      <span className="mt-0.5 text-primary [&>svg]:size-5">{icon}</span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}

const LINK = 'text-primary underline-offset-4 hover:underline focus-visible:underline';

/** The ways to reach the store: the assistant, a person (the `contact` form) and order tracking. */
export function ContactRoutes({ contact }: { contact: ReactNode }) {
  return (
    <HelpSection id="contact-routes" title="Still need help?">
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        <Route
          icon={<Bot aria-hidden />}
          title={
            <Link className={LINK} to={ASSISTANT_HREF}>
              Ask the assistant
            </Link>
          }
        >
          Answers from these articles at any hour, and your order’s state.
        </Route>
        <Route icon={<Mail aria-hidden />} title="Write to a person">
          {SUPPORT_PROMISE} About an order? Write from its page, and we see its details.
          <span className="mt-3 block">{contact}</span>
        </Route>
        <Route
          icon={<PackageSearch aria-hidden />}
          title={
            <Link className={LINK} to={TRACK_ORDER_HREF}>
              Track your order
            </Link>
          }
        >
          Its state and every step so far, with your order ID and email.
        </Route>
      </ul>
    </HelpSection>
  );
}
