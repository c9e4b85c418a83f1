import { Smartphone } from 'lucide-react';
import {
  ANDROID_INSTALL_STEPS,
  IOS_ONE_TAP_MIN_VERSION,
  IPHONE_QR_STEPS,
  type EsimInstall,
} from '../../../../domain/esim-receipt';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '~/components/ui/card';
import { Separator } from '~/components/ui/separator';
import { CopyField } from './copy-field';
import { EsimQrCode } from './esim-qr-code';

interface EsimInstallCardProps {
  readonly install: EsimInstall;
  readonly coverage: string | null;
  readonly headingId: string;
}

/** Everything needed to install one eSIM: QR code, iPhone one-tap link, manual details, Android steps. */
export function EsimInstallCard({ install, coverage, headingId }: EsimInstallCardProps) {
  const { profile, title } = install;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <p className="text-xs font-semibold tracking-wide text-primary uppercase">Install your eSIM</p>
        <h2 id={headingId} className="text-xl leading-tight font-semibold break-words">
          {title}
        </h2>
        <CardDescription>
          {coverage ? `${coverage} · ` : null}
          ICCID <span className="font-mono break-all">{profile.iccid}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid items-start gap-6 sm:grid-cols-[auto_minmax(0,1fr)]">
          <EsimQrCode lpa={profile.lpa} name={title} />
          <section aria-labelledby={`${headingId}-iphone`} className="grid gap-3">
            <h3 id={`${headingId}-iphone`} className="flex items-center gap-2 font-semibold">
              <Smartphone aria-hidden className="size-4.5" />
              On iPhone
            </h3>
            <p className="text-sm text-muted-foreground">
              {`Open this page on the iPhone you travel with (${IOS_ONE_TAP_MIN_VERSION} or later) and tap the button: the eSIM installer opens with everything filled in.`}
            </p>
            <Button asChild size="lg" className="w-full sm:w-fit">
              <a href={profile.ios_install_link} rel="noreferrer">
                <Smartphone aria-hidden />
                Install on iPhone
                <span className="sr-only">{`: ${title}`}</span>
              </a>
            </Button>
            <p className="text-sm text-muted-foreground">
              <span className="font-medium text-foreground">Older iOS: </span>
              {IPHONE_QR_STEPS}
            </p>
          </section>
        </div>
        <Separator />
        <section aria-labelledby={`${headingId}-manual`} className="grid gap-3">
          <h3 id={`${headingId}-manual`} className="font-semibold">
            Add it by hand
          </h3>
          <dl className="grid gap-3">
            <CopyField label="SM-DP+ address" value={profile.smdp_address} />
            <CopyField label="Activation code" value={profile.matching_id} />
            <CopyField label="Full activation code" hint="some Android phones ask for this" value={profile.lpa} />
          </dl>
        </section>
        <Separator />
        <section aria-labelledby={`${headingId}-android`} className="grid gap-3">
          <h3 id={`${headingId}-android`} className="flex items-center gap-2 font-semibold">
            <Smartphone aria-hidden className="size-4.5" />
            On Android
          </h3>
          <ol className="grid gap-3">
            {ANDROID_INSTALL_STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3 text-sm">
                <span
                  aria-hidden
                  className="flex size-6 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground"
                >
                  {index + 1}
                </span>
                <p>
                  <span className="font-medium">{step.title}. </span>
                  <span className="text-muted-foreground">{step.text}</span>
                </p>
              </li>
            ))}
          </ol>
        </section>
      </CardContent>
    </Card>
  );
}
