import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { AFTER_INSTALL_CHECKLIST } from '../../../../domain/esim-receipt';
import { AFTER_INSTALL_HREF, ESIM_SUPPORT_HREF } from '../../../../domain/site-map';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';

/** The four things that make an installed travel eSIM actually connect. */
export function AfterInstallChecklist() {
  return (
    <Card aria-labelledby="after-install-title" role="region">
      <CardHeader>
        <h2 id="after-install-title" className="text-xl leading-tight font-semibold">
          After-install checklist
        </h2>
        <CardDescription>Most “no internet” problems abroad are one of these settings.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-4">
          {AFTER_INSTALL_CHECKLIST.map((item) => (
            <li key={item.title} className="flex gap-3">
              <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success-foreground" />
              <div>
                <p className="font-medium">{item.title}</p>
                <p className="mt-0.5 text-sm text-muted-foreground">{item.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-5 border-t border-border pt-4 text-sm text-muted-foreground">
          <Link
            to={AFTER_INSTALL_HREF}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            The checklist for your phone’s brand
          </Link>
          {' · '}
          <Link
            to={ESIM_SUPPORT_HREF}
            className="font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            eSIM not working? Fixes for common problems
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
