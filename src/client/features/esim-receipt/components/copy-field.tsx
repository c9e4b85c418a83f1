import { Check, Copy } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { useCopyToClipboard } from '~/lib/use-copy-to-clipboard';

interface CopyFieldProps {
  readonly label: string;
  readonly value: string;
  readonly hint?: string;
}

/** One install detail as a term and its value, with a button that copies the value. */
export function CopyField({ label, value, hint }: CopyFieldProps) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <div className="grid gap-1.5">
      <dt className="text-sm font-medium">
        {label}
        {hint ? <span className="font-normal text-muted-foreground">{` · ${hint}`}</span> : null}
      </dt>
      <dd className="flex items-center gap-2 rounded-lg border border-border bg-muted/50 py-1 pr-1 pl-3">
        <code className="min-w-0 flex-1 font-mono text-sm break-all text-foreground">{value}</code>
        <Button
          variant={copied ? 'secondary' : 'outline'}
          size="sm"
          className="w-24 shrink-0"
          onClick={() => void copy(label, value)}
        >
          {copied ? <Check aria-hidden className="text-success-foreground" /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
          <span className="sr-only">{` ${label}`}</span>
        </Button>
      </dd>
    </div>
  );
}
