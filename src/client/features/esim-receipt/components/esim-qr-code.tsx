import { QrCode } from 'lucide-react';
import { Skeleton } from '~/components/ui/skeleton';
import { useQrCodeSvg } from '../hooks/use-qr-code-svg';

/** The eSIM's QR code, on white whatever the theme (scanners need dark on light). */
export function EsimQrCode({ lpa, name }: { lpa: string; name: string }) {
  const qr = useQrCodeSvg(lpa);
  return (
    <figure className="grid justify-items-center gap-2">
      <div className="rounded-xl border border-border bg-white p-2 shadow-sm">
        {qr.data ? (
          <img src={qr.data} alt={`QR code to install ${name}`} width={208} height={208} className="size-52" />
        ) : qr.isError ? (
          <div className="flex size-52 flex-col items-center justify-center gap-2 px-4 text-center text-sm text-neutral-700">
            <QrCode aria-hidden className="size-8" />
            The QR code could not be drawn. Use the install link or the details below.
          </div>
        ) : (
          <Skeleton className="size-52 bg-neutral-200" />
        )}
      </div>
      <figcaption className="max-w-52 text-center text-xs text-muted-foreground">
        Scan it with the phone you travel with, from another screen or a printout.
      </figcaption>
    </figure>
  );
}
