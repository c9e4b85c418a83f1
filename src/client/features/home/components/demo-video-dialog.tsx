import { LoaderCircle } from 'lucide-react';
import type { RefObject } from 'react';
import { STORE, demoVideo, demoVideoTitle } from '../../../../domain/store-config';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '~/components/ui/dialog';
import { ExternalLink } from '~/components/ui/external-link';

interface DemoVideoDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The 'Watch Demo' button, which gets focus back on close (it is not a Radix trigger). */
  readonly triggerRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The 'Watch Demo' dialog. Loaded on first open; the player's iframe only exists while the dialog
 * is open, so closing it stops the video and nothing from the video host loads before.
 */
export default function DemoVideoDialog({ open, onOpenChange, triggerRef }: DemoVideoDialogProps) {
  const title = demoVideoTitle();
  const video = demoVideo();
  if (!video) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl gap-5 p-4 sm:p-6"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle className="text-xl">{title}</DialogTitle>
          <DialogDescription>
            {`See how ${STORE.name} takes a phone from its IMEI to an official carrier unlock, and what to do once it is done.`}
          </DialogDescription>
        </DialogHeader>
        <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-black">
          <LoaderCircle
            aria-hidden
            className="absolute top-1/2 left-1/2 size-8 -translate-x-1/2 -translate-y-1/2 animate-spin text-white/60 motion-reduce:animate-none"
          />
          <iframe
            src={video.embedUrl}
            title={`${title} video`}
            className="absolute inset-0 size-full border-0"
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
        <p className="text-sm text-muted-foreground">
          {'Video not playing? '}
          <ExternalLink
            href={video.watchUrl}
            className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
          >
            Watch it on YouTube
          </ExternalLink>
        </p>
      </DialogContent>
    </Dialog>
  );
}
