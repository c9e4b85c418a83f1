import { CircleCheck, CircleHelp, CircleX } from 'lucide-react';
import type { ChangeEvent, ClipboardEvent, Ref } from 'react';
import { imeiIndicator, normalizeImeiInput } from '../../../../domain/imei';
import { Button } from '~/components/ui/button';
import { FieldError } from '~/components/ui/field-error';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { cn } from '~/lib/cn';

interface ImeiFieldProps {
  readonly id: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
  readonly onHelp: () => void;
  readonly onHelpIntent?: () => void;
  readonly error?: string;
  readonly ref?: Ref<HTMLInputElement>;
  readonly name?: string;
}

/** The IMEI input: cleaned as it is typed or pasted, with its n/15 counter and checksum badge. */
export function ImeiField({ id, value, onChange, onBlur, onHelp, onHelpIntent, error, ref, name }: ImeiFieldProps) {
  const indicator = imeiIndicator(value);
  const counterId = `${id}-counter`;
  const errorId = error ? `${id}-error` : undefined;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => onChange(normalizeImeiInput(event.target.value));

  // The pasted text replaces the selection and the whole value is cleaned, so "35-693803 564380.9" lands whole.
  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? input.value.length;
    onChange(normalizeImeiInput(input.value.slice(0, start) + pasted + input.value.slice(end)));
  };

  const good = indicator.status === 'valid';
  const bad = indicator.status === 'invalid' || indicator.status === 'too-long';

  return (
    <div className="grid content-start gap-2">
      <div className="flex h-5 items-center justify-between gap-2">
        <Label htmlFor={id}>IMEI</Label>
        <Button
          variant="ghost"
          size="sm"
          className="-mr-2 h-8 px-2 text-primary"
          onClick={onHelp}
          onPointerEnter={onHelpIntent}
          onFocus={onHelpIntent}
        >
          <CircleHelp aria-hidden />
          Help<span className="sr-only"> finding your IMEI</span>
        </Button>
      </div>
      <Input
        ref={ref}
        id={id}
        name={name}
        value={value}
        onChange={handleChange}
        onPaste={handlePaste}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        placeholder="15 digits"
        aria-invalid={error || bad ? true : undefined}
        aria-describedby={[counterId, errorId].filter(Boolean).join(' ')}
        className="font-mono tracking-wider placeholder:font-sans placeholder:tracking-normal"
      />
      <div className="flex min-h-5 items-center justify-between gap-2 text-sm">
        <span aria-live="polite" className="inline-flex items-center gap-1.5 font-medium">
          {indicator.label ? (
            <span
              className={cn('inline-flex items-center gap-1', good ? 'text-success-foreground' : 'text-destructive')}
            >
              {good ? <CircleCheck aria-hidden className="size-4" /> : <CircleX aria-hidden className="size-4" />}
              {indicator.label}
            </span>
          ) : null}
        </span>
        <span
          id={counterId}
          className={cn('font-mono tabular-nums', bad ? 'text-destructive' : 'text-muted-foreground')}
        >
          <span className="sr-only">Digits entered: </span>
          {indicator.counterText}
        </span>
      </div>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
