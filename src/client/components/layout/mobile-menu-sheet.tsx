import type { RefObject } from 'react';
import { Separator } from '~/components/ui/separator';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '~/components/ui/sheet';
import { AccountEntries } from './account-entries';
import { NavLinks } from './nav-links';
import type { SessionView } from './session-view';
import { SiteLogo } from './site-logo';

interface MobileMenuSheetProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The menu button, which gets focus back when the sheet closes (it is not a Radix trigger). */
  readonly triggerRef: RefObject<HTMLButtonElement | null>;
  readonly session: SessionView;
  readonly onSignOut: () => void;
  readonly signingOut: boolean;
}

/** The mobile menu's sheet, loaded on first use (see MobileMenu). */
export default function MobileMenuSheet({
  open,
  onOpenChange,
  triggerRef,
  session,
  onSignOut,
  signingOut,
}: MobileMenuSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        closeLabel="Close menu"
        aria-describedby={undefined}
        className="gap-2 overflow-y-auto"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle className="sr-only">Menu</SheetTitle>
          <SiteLogo />
        </SheetHeader>
        <nav aria-label="Main" className="px-3">
          <NavLinks orientation="vertical" />
        </nav>
        <Separator className="my-2" />
        <div className="px-4 pb-6">
          <AccountEntries
            layout="stack"
            session={session}
            signingOut={signingOut}
            onSignOut={() => {
              onOpenChange(false);
              onSignOut();
            }}
          />
        </div>
      </SheetContent>
    </Sheet>
  );
}
