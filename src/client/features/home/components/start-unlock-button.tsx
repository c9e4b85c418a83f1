import type { ButtonProps } from '~/components/ui/button';
import { Button } from '~/components/ui/button';
import { scrollToUnlockPanel } from '../lib/scroll-to-unlock-panel';

/** A button that takes the visitor to the unlock panel ('Get Started', 'View All Supported Brands'). */
export function StartUnlockButton({ onClick, ...props }: Omit<ButtonProps, 'asChild'>) {
  return (
    <Button
      onClick={(event) => {
        onClick?.(event);
        scrollToUnlockPanel();
      }}
      {...props}
    />
  );
}
