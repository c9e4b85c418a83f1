import { ListChecks, LockOpen, Plane, Wrench } from 'lucide-react';
import type { HelpArticleSlug } from '../../../../domain/help';

const ICONS = { 'carrier-unlock': LockOpen, 'esim-travel': Plane, esim: Wrench, 'after-install': ListChecks } as const;

export function TopicIcon({ slug, className }: { slug: HelpArticleSlug; className?: string }) {
  const Icon = ICONS[slug];
  return <Icon aria-hidden className={className} />;
}
