import { Facebook, Instagram, Youtube } from 'lucide-react';
import type { ReactNode, SVGProps } from 'react';

/** The X mark; lucide has none. */
function XMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" {...props}>
      <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.46 21H2.39l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.72H5.58L16.67 19.2Z" />
    </svg>
  );
}

const ICONS: Record<string, (props: SVGProps<SVGSVGElement>) => ReactNode> = {
  YouTube: Youtube,
  Facebook,
  Instagram,
  X: XMark,
};

export function SocialIcon({ network, className }: { network: string; className?: string }) {
  const Icon = ICONS[network];
  return Icon ? <Icon aria-hidden className={className} /> : null;
}
