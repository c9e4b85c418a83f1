import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { isValidImei, maskImei, normalizeImeiInput } from '../../../../domain/imei';
import {
  SERVICE_REQUEST_NOTES_MAX,
  SERVICE_REQUEST_RECEIVED,
  serviceRequestSchema,
} from '../../../../domain/service-request';
import { shortId } from '../../../../domain/short-id';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { FieldError } from '~/components/ui/field-error';
import { Label } from '~/components/ui/label';
import { TextField } from '~/components/ui/text-field';
import { Textarea } from '~/components/ui/textarea';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { notify } from '~/lib/notify';
import { useCreateServiceRequest } from '../api/create-service-request';
import { useReturnFocus } from '~/lib/use-return-focus';
import { OrderSummary } from './order-summary';

export interface ServiceRequestDevice {
  readonly brand: string;
  readonly model: string;
  /** Comma-joined carrier slugs, as the quote was asked. */
  readonly carrier: string;
  readonly carrierNames: readonly string[];
  readonly country: string;
  readonly countryName: string;
  readonly imei: string;
}

interface ServiceRequestDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly device: ServiceRequestDevice;
  readonly defaultEmail: string;
}

interface ServiceRequestValues {
  email: string;
  imei: string;
  notes: string;
}

const FIELDS = ['email', 'imei', 'notes'] as const;

/** Spec section 2: the service-request modal for a configuration the store cannot quote yet. */
export function ServiceRequestDialog({ open, onOpenChange, device, defaultEmail }: ServiceRequestDialogProps) {
  const [sent, setSent] = useState(false);
  const returnFocus = useReturnFocus();
  // The quote is asked from 10 digits on; a request needs the whole IMEI, so it is asked for here when missing.
  const imeiComplete = isValidImei(device.imei);
  const form = useForm<ServiceRequestValues>({
    defaultValues: { email: defaultEmail, imei: device.imei, notes: '' },
  });
  const createRequest = useCreateServiceRequest();
  const { errors, isSubmitting } = form.formState;
  const notesLength = useWatch({ control: form.control, name: 'notes' }).length;

  const onSubmit = form.handleSubmit(async (values) => {
    const parsed = serviceRequestSchema.safeParse({
      email: values.email,
      imei: values.imei,
      brand: device.brand,
      model: device.model,
      carrier: device.carrier,
      country: device.country,
      notes: values.notes,
    });
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      const answer = await createRequest.mutateAsync(parsed.data);
      setSent(true);
      void notify((toast) =>
        toast.success('Service request sent', { description: `Reference ${shortId(answer.id)}. ${answer.message}` }),
      );
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  const deviceName = [device.brand, device.model].filter(Boolean).join(' ');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Request this unlock</DialogTitle>
          <DialogDescription>
            We do not offer this unlock yet. Tell us where to reach you and our team will look for a way to do it.
          </DialogDescription>
        </DialogHeader>

        <OrderSummary
          rows={[
            { term: 'Device', detail: deviceName },
            { term: 'Carrier', detail: device.carrierNames.join(', ') },
            { term: 'Country', detail: device.countryName },
            ...(imeiComplete
              ? [{ term: 'IMEI', detail: <span className="font-mono">{maskImei(device.imei)}</span> }]
              : []),
          ]}
        />

        {sent ? (
          <>
            <Alert variant="success" role="status">
              <CircleCheck aria-hidden />
              <AlertTitle>Request sent</AlertTitle>
              <AlertDescription className="text-foreground">{SERVICE_REQUEST_RECEIVED}</AlertDescription>
            </Alert>
            <DialogFooter>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Service request">
            {errors.root?.form?.message ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription className="text-foreground">{errors.root.form.message}</AlertDescription>
              </Alert>
            ) : null}
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              error={errors.email?.message}
              {...form.register('email')}
            />
            {imeiComplete ? null : (
              <TextField
                label="IMEI"
                inputMode="numeric"
                autoComplete="off"
                hint="The full 15-digit IMEI, so the team can check your device."
                error={errors.imei?.message}
                {...form.register('imei', { setValueAs: (value: string) => normalizeImeiInput(value) })}
              />
            )}
            <div className="grid gap-2">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor="service-request-notes">Notes (optional)</Label>
                <span className="text-xs text-muted-foreground tabular-nums" aria-hidden>
                  {notesLength}/{SERVICE_REQUEST_NOTES_MAX}
                </span>
              </div>
              <Textarea
                id="service-request-notes"
                maxLength={SERVICE_REQUEST_NOTES_MAX}
                placeholder="Anything that helps, e.g. where you bought the phone"
                aria-invalid={errors.notes ? true : undefined}
                aria-describedby={errors.notes ? 'service-request-notes-error' : undefined}
                {...form.register('notes')}
              />
              <FieldError id="service-request-notes-error">{errors.notes?.message}</FieldError>
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
                {isSubmitting ? 'Sending…' : 'Send Request'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
