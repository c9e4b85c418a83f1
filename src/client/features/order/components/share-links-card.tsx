import { Check, Copy, Link2, Plus, Share2, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { SHARE_LINKS_MAX, type ShareLink } from '../../../../domain/order-tracking';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/field-error';
import { formatDateTime } from '~/lib/time-format';
import { useCopyToClipboard } from '~/lib/use-copy-to-clipboard';
import type { OrderAccess } from '../api/get-order';
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links';

/** Marks the card's controls the focus is moved to. */
const CREATE_ATTRIBUTE = 'data-share-create';
const COPY_ATTRIBUTE = 'data-share-copy';

/**
 * The owner's share links: read-only status pages to show someone else (a repair shop, a
 * friend who paid). Made and revoked here; a revoked link stops working at once.
 * The focus follows the action: a new link's Copy button takes it, and a revoked link's
 * Revoke button hands it to Create, so a keyboard user is not sent back to the page's top.
 */
export function ShareLinksCard({ access, summary }: { access: OrderAccess; summary: string }) {
  const links = useShareLinks(access);
  const create = useCreateShareLink(access);
  const revoke = useRevokeShareLink(access);
  const list = links.data ?? [];
  const full = list.length >= SHARE_LINKS_MAX;
  const error = create.error ?? revoke.error ?? links.error;
  const busy = create.isPending || links.isPending;
  const card = useRef<HTMLElement>(null);
  /** The control to focus once the list the last action changed is on the page. */
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const selector = focusNext.current;
    const target = selector ? card.current?.querySelector<HTMLElement>(selector) : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  return (
    <section
      ref={card}
      aria-labelledby="share-links-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id="share-links-title" className="flex items-center gap-2 text-lg font-semibold">
        <Share2 aria-hidden className="size-5 text-primary" />
        Share this order’s status
      </h2>
      <p className="text-sm text-muted-foreground">{summary}</p>
      {list.length > 0 ? (
        <ul className="grid gap-3" aria-label="Share links">
          {list.map((link, index) => (
            <ShareLinkRow
              key={link.id}
              link={link}
              number={index + 1}
              revoking={revoke.isPending && revoke.variables === link.id}
              onRevoke={() =>
                revoke.mutate(link.id, { onSuccess: () => (focusNext.current = `[${CREATE_ATTRIBUTE}]`) })
              }
            />
          ))}
        </ul>
      ) : null}
      {error ? <FieldError>{error.message}</FieldError> : null}
      <div className="flex flex-wrap items-center gap-3">
        {/* Not disabled while busy: a disabled button drops the keyboard's focus to the page. */}
        <Button
          {...{ [CREATE_ATTRIBUTE]: '' }}
          variant="outline"
          disabled={full}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (busy) return;
            create.mutate(undefined, {
              onSuccess: (link) => (focusNext.current = `[${COPY_ATTRIBUTE}="${CSS.escape(link.id)}"]`),
            });
          }}
        >
          <Plus aria-hidden />
          {list.length > 0 ? 'Create another link' : 'Create share link'}
        </Button>
        {full ? (
          <p className="text-sm text-muted-foreground">{`At most ${SHARE_LINKS_MAX} links: revoke one to make another.`}</p>
        ) : null}
      </div>
    </section>
  );
}

function ShareLinkRow({
  link,
  number,
  revoking,
  onRevoke,
}: {
  link: ShareLink;
  number: number;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const { copied, copy } = useCopyToClipboard();
  const url = new URL(link.path, window.location.origin).toString();
  const name = `Share link ${number}`;
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-muted/40 p-3">
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        <Link2 aria-hidden className="size-3.5" />
        {`${name} · made ${formatDateTime(link.created_at)}`}
      </p>
      <code className="font-mono text-sm break-all text-foreground">{url}</code>
      <div className="flex flex-wrap gap-2">
        <Button
          {...{ [COPY_ATTRIBUTE]: link.id }}
          variant={copied ? 'secondary' : 'outline'}
          size="sm"
          onClick={() => void copy(name, url)}
        >
          {copied ? <Check aria-hidden className="text-success-foreground" /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
          <span className="sr-only">{` ${name}`}</span>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-disabled={revoking || undefined}
          onClick={() => {
            if (!revoking) onRevoke();
          }}
        >
          <Trash2 aria-hidden />
          Revoke
          <span className="sr-only">{` ${name}`}</span>
        </Button>
      </div>
    </li>
  );
}
