import { RotateCw, Shuffle, Undo2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ADMIN_ACTION_LABELS, type AdminOrderAction, type AdminOrderActionRequest } from '../../../../domain/admin';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Checkbox } from '~/components/ui/checkbox';
import { FieldError } from '~/components/ui/field-error';
import { Label } from '~/components/ui/label';
import { Textarea } from '~/components/ui/textarea';
import { ApiError } from '~/lib/api-client';
import { useOrderAction } from '../api/admin-api';
import { toastError, toastSuccess } from '~/lib/notify';
import { formatPrice } from '../../../../domain/display';

interface OrderActionsProps {
  readonly orderId: string;
  /** What a refund gives back, said in its confirmation. */
  readonly totalCents: number;
  readonly actions: readonly AdminOrderAction[];
  /** Why the other actions are not offered now (issue 44: the admin sees why). */
  readonly notOffered: readonly { readonly action: AdminOrderAction; readonly reason: string }[];
}

/** A labelled text area with its error wired to it. */
function ReasonField({
  label,
  name,
  error,
}: {
  readonly label: string;
  readonly name: string;
  readonly error?: string;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} name={name} rows={2} aria-invalid={error ? true : undefined} aria-describedby={errorId} />
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}

/** The actions the order's state allows (the server refuses any other): refund, retry, notes. */
export function OrderActions({ orderId, totalCents, actions, notOffered }: OrderActionsProps) {
  const action = useOrderAction(orderId);
  // A refund cannot be undone: its reason is asked, then the amount confirmed (issue 45).
  const [refundReason, setRefundReason] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<AdminOrderAction, string>>>({});
  const [customerVisible, setCustomerVisible] = useState(false);
  const noteVisibleId = useId();
  const notOfferedId = useId();

  function run(request: AdminOrderActionRequest, form?: HTMLFormElement) {
    setErrors({});
    action.mutate(request, {
      onSuccess: (answer) => {
        toastSuccess(answer.message);
        form?.reset();
        setCustomerVisible(false);
        setRefundReason(null);
      },
      onError: (error) => {
        const field = error instanceof ApiError ? Object.values(error.fieldErrors)[0]?.[0] : undefined;
        setErrors({ [request.action]: field ?? error.message });
        if (!field) toastError(error.message);
      },
    });
  }

  const text = (event: FormEvent<HTMLFormElement>, name: string) =>
    String(new FormData(event.currentTarget).get(name) ?? '');

  return (
    <Card>
      <CardHeader>
        <CardTitle>Actions</CardTitle>
        <CardDescription>
          Only what the order’s state allows is offered. Every action is kept in the audit log.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {notOffered.length > 0 ? (
          <section aria-labelledby={notOfferedId} className="grid gap-1.5 rounded-lg bg-muted/50 px-4 py-3 text-sm">
            <h3 id={notOfferedId} className="font-medium">
              Not offered now
            </h3>
            <ul className="grid gap-1 text-muted-foreground">
              {notOffered.map(({ action: name, reason }) => (
                <li key={name}>
                  <span className="font-medium text-foreground">{ADMIN_ACTION_LABELS[name]}:</span> {reason}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {actions.includes('retry') ? (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">Start its fulfilment again now, from where it stands.</p>
            <Button
              variant="outline"
              className="justify-self-start"
              disabled={action.isPending}
              onClick={() => run({ action: 'retry' })}
            >
              <RotateCw aria-hidden />
              {ADMIN_ACTION_LABELS.retry}
            </Button>
            <FieldError>{errors.retry}</FieldError>
          </div>
        ) : null}
        {actions.includes('reroute') ? (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              Give up on the supplier service working on it and send it to the next one of its plan. Its guaranteed time
              stays as promised.
            </p>
            <Button
              variant="outline"
              className="justify-self-start"
              disabled={action.isPending}
              onClick={() => run({ action: 'reroute' })}
            >
              <Shuffle aria-hidden />
              {ADMIN_ACTION_LABELS.reroute}
            </Button>
            <FieldError>{errors.reroute}</FieldError>
          </div>
        ) : null}
        {actions.includes('refund') ? (
          <form
            aria-label="Refund the order"
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              const reason = text(event, 'reason');
              if (refundReason === null) setRefundReason(reason);
              else run({ action: 'refund', reason }, event.currentTarget);
            }}
          >
            <ReasonField label="Reason for the refund" name="reason" error={errors.refund} />
            {refundReason === null ? (
              <Button type="submit" variant="destructive" className="justify-self-start" disabled={action.isPending}>
                <Undo2 aria-hidden />
                {ADMIN_ACTION_LABELS.refund}
              </Button>
            ) : (
              <div
                role="alert"
                className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
              >
                <p>
                  Refund {formatPrice(totalCents)} to the customer? The money goes back to their payment method, and
                  this cannot be undone.
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="destructive" disabled={action.isPending} autoFocus>
                    <Undo2 aria-hidden />
                    Yes, refund {formatPrice(totalCents)}
                  </Button>
                  <Button type="button" variant="outline" onClick={() => setRefundReason(null)}>
                    Keep the order
                  </Button>
                </div>
              </div>
            )}
          </form>
        ) : null}
        <form
          aria-label="Add a note"
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            run({ action: 'note', text: text(event, 'note'), customer_visible: customerVisible }, event.currentTarget);
          }}
        >
          <ReasonField label="Note" name="note" error={errors.note} />
          <div className="flex items-center gap-2">
            <Checkbox
              id={noteVisibleId}
              checked={customerVisible}
              onCheckedChange={(checked) => setCustomerVisible(checked === true)}
            />
            <Label htmlFor={noteVisibleId}>Show this note to the customer in their order history</Label>
          </div>
          <Button type="submit" variant="outline" className="justify-self-start" disabled={action.isPending}>
            {ADMIN_ACTION_LABELS.note}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
