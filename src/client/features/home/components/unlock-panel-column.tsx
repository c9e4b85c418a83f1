import { type ReactNode, useEffect, useRef } from 'react';
import { UNLOCK_COLUMN_ATTRIBUTE } from '../lib/scroll-to-unlock-panel';

/**
 * The home page's right-hand column on wide screens. The panel is taller than most laptop
 * screens, so it scrolls with the page until its bottom (price, Unlock Now) is in view and
 * sticks there; a panel that fits sticks just below the header.
 */
export function UnlockPanelColumn({ children, className }: { children: ReactNode; className?: string }) {
  const stickyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const sticky = stickyRef.current;
    if (!sticky) return;
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize ?? sticky.offsetHeight;
      sticky.style.setProperty('--panel-height', `${height}px`);
    });
    observer.observe(sticky);
    return () => observer.disconnect();
  }, []);

  return (
    <div {...{ [UNLOCK_COLUMN_ATTRIBUTE]: '' }} className={className}>
      <div ref={stickyRef} className="lg:sticky lg:top-[min(8rem,calc(100dvh_-_var(--panel-height,0px)_-_1rem))]">
        {children}
      </div>
    </div>
  );
}
