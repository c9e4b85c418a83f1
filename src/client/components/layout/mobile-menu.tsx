import { Menu } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '~/components/ui/button';
import type { SessionView } from './session-view';

// The sheet (a Radix dialog) loads when the visitor reaches for the button, not with every page.
const loadSheet = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(loadSheet);

interface MobileMenuProps {
  readonly session: SessionView;
  readonly onSignOut: () => void;
  readonly signingOut: boolean;
}

/** The header's links and account entries below the lg breakpoint. */
export function MobileMenu({ session, onSignOut, signingOut }: MobileMenuProps) {
  const location = useLocation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Open only for the location it was opened on: any route change closes it.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const [requested, setRequested] = useState(false);
  const open = openedAt === location.key;

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setRequested(true);
          setOpenedAt(location.key);
        }}
      >
        <Menu aria-hidden className="size-5" />
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            open={open}
            onOpenChange={(next) => setOpenedAt(next ? location.key : null)}
            triggerRef={triggerRef}
            session={session}
            onSignOut={onSignOut}
            signingOut={signingOut}
          />
        </Suspense>
      ) : null}
    </>
  );
}
