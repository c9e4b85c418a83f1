import { CircleCheck, CircleX, LoaderCircle, type LucideIcon } from 'lucide-react';

/** How an order's state looks at the top of its page: the icon, its circle and the state's badge. */
export interface StatusLook {
  readonly icon: LucideIcon;
  readonly circle: string;
  readonly badge: string;
}

/** The four looks every order screen maps its states onto (each screen decides which state is which). */
export const STATUS_LOOKS = {
  working: {
    icon: LoaderCircle,
    circle: 'bg-primary/15 text-primary',
    badge: 'border-primary/40 bg-primary/10 text-foreground',
  },
  done: {
    icon: CircleCheck,
    circle: 'bg-success/15 text-success-foreground',
    badge: 'border-success/40 bg-success/15 text-success-foreground',
  },
  problem: {
    icon: CircleX,
    circle: 'bg-destructive/15 text-destructive',
    badge: 'border-destructive/50 bg-destructive/10 text-foreground',
  },
  closed: {
    icon: CircleX,
    circle: 'bg-muted text-muted-foreground',
    badge: 'border-border bg-muted text-foreground',
  },
} as const satisfies Record<string, StatusLook>;
