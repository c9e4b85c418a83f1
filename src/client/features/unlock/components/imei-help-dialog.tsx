import { Box, Phone, Settings, Smartphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { useReturnFocus } from '~/lib/use-return-focus';

const WAYS: readonly { icon: ReactNode; title: string; text: ReactNode }[] = [
  {
    icon: <Phone aria-hidden />,
    title: 'Dial *#06#',
    text: 'Open the phone app and dial *#06#. The IMEI appears on screen at once, on any phone.',
  },
  {
    icon: <Smartphone aria-hidden />,
    title: 'iPhone',
    text: (
      <>
        Open <strong>Settings &gt; General &gt; About</strong> and scroll to IMEI. Touch and hold the number to copy it.
      </>
    ),
  },
  {
    icon: <Settings aria-hidden />,
    title: 'Android',
    text: (
      <>
        Open <strong>Settings &gt; About phone</strong> (on some phones, then Status) and look for IMEI.
      </>
    ),
  },
  {
    icon: <Box aria-hidden />,
    title: 'SIM tray or box',
    text: 'Many phones print the IMEI on the SIM tray; the original box has it on its label.',
  },
];

/** How to find an IMEI (spec section 2: the IMEI help modal). */
export function ImeiHelpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>How to find your IMEI</DialogTitle>
          <DialogDescription>
            The IMEI is your phone&apos;s 15-digit serial number. Any of these ways shows it.
          </DialogDescription>
        </DialogHeader>
        <ol className="grid gap-3">
          {WAYS.map((way) => (
            <li key={way.title} className="flex gap-3 rounded-lg border border-border p-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary [&_svg]:size-5">
                {way.icon}
              </span>
              <div className="grid gap-0.5 text-sm">
                <p className="font-semibold text-foreground">{way.title}</p>
                <p className="text-muted-foreground">{way.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p className="text-sm text-muted-foreground">Dual-SIM phones show two IMEIs: enter the first one (IMEI 1).</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
