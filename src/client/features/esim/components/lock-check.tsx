import { CircleCheck, LoaderCircle, LockKeyhole, ShieldQuestion, Smartphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { lockCheckRequestSchema, type LockCheckAnswer, unlockPanelHref } from '../../../../domain/device-checks';
import { normalizeImeiInput } from '../../../../domain/imei';
import { Button } from '~/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '~/components/ui/collapsible';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { useLockCheck } from '../api/check-lock';

const LOOKS = {
  unlocked: { icon: CircleCheck, className: 'border-success/40 bg-success/10' },
  locked: { icon: LockKeyhole, className: 'border-destructive/50 bg-destructive/5' },
  unknown: { icon: ShieldQuestion, className: 'border-border bg-muted/40' },
} as const;

/**
 * "Is your phone unlocked?": optional and free, before paying for a travel eSIM. A locked phone is
 * the most common reason a travel eSIM fails; a locked one is offered the unlock, prefilled.
 */
export function LockCheck({ disabled }: { disabled: boolean }) {
  const id = useId();
  const [imei, setImei] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useLockCheck();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = lockCheckRequestSchema.safeParse({ imei });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    check.mutate(parsed.data.imei, { onError: (failure) => setError(failure.message) });
  };

  const answer = check.data;
  return (
    <Collapsible className="rounded-md border border-border">
      <CollapsibleTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          className="h-auto min-h-10 w-full justify-start gap-2 py-2 text-left whitespace-normal"
        >
          <Smartphone aria-hidden />
          Is your phone unlocked? Check for free
        </Button>
      </CollapsibleTrigger>
      <CollapsibleContent className="grid gap-3 px-3 pb-3">
        <p className="text-sm text-muted-foreground">
          A travel eSIM only works on a phone that is not locked to its carrier.
        </p>
        <form onSubmit={submit} className="grid gap-2" aria-label="Check whether your phone is unlocked">
          <Label htmlFor={`${id}-imei`}>Your phone’s IMEI</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-imei`}
              value={imei}
              onChange={(event) => {
                setImei(normalizeImeiInput(event.target.value));
                setError(null);
              }}
              inputMode="numeric"
              autoComplete="off"
              placeholder="Dial *#06#"
              disabled={disabled || check.isPending}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <Button type="submit" variant="outline" disabled={disabled || check.isPending}>
              {check.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
              {check.isPending ? 'Checking...' : 'Check'}
            </Button>
          </div>
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </form>
        {answer ? <LockAnswer answer={answer} imei={check.variables ?? ''} /> : null}
      </CollapsibleContent>
    </Collapsible>
  );
}

function LockAnswer({ answer, imei }: { answer: LockCheckAnswer; imei: string }) {
  const look = LOOKS[answer.state];
  const Icon = look.icon;
  return (
    <div role="status" className={`grid gap-2 rounded-md border px-3 py-2 text-sm ${look.className}`}>
      <p className="flex items-start gap-2">
        <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
        {answer.message}
      </p>
      {answer.state === 'locked' ? (
        // A page load, not a client navigation: the checkout dialog closes and the cart stays saved.
        <a
          className="font-medium text-primary underline underline-offset-4"
          href={unlockPanelHref({ imei, brand: answer.brand, model: answer.model })}
        >
          Unlock your phone first
        </a>
      ) : null}
    </div>
  );
}
