import { PlayCircle } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { demoVideo } from '../../../../domain/store-config';
import { Button } from '~/components/ui/button';

const loadDialog = () => import('./demo-video-dialog');
const DemoVideoDialog = lazy(loadDialog);

/**
 * 'Watch Demo': the dialog's code loads when the visitor reaches for the button, not with the page.
 * No button while the store has no video (issue 44: nothing shown while unset).
 */
export function WatchDemoButton() {
  return demoVideo() ? <WatchDemo /> : null;
}

function WatchDemo() {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={triggerRef}
        size="lg"
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <PlayCircle aria-hidden />
        Watch Demo
      </Button>
      {requested ? (
        <Suspense fallback={null}>
          <DemoVideoDialog open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
