import { useQuery } from '@tanstack/react-query';
import { ChevronDown, LoaderCircle, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  type RefundForm,
  type RefundRequestAnswer,
  REFUND_REGIONS,
  refundFormSchema,
  refundRequestAnswerSchema,
  SIM_NUMBER_MIN,
  USA_REGION,
} from '../../../../domain/device-service-forms';
import { iphoneModelRowSchema } from '../../../../domain/reference-data';
import { orderApiPath } from '../../../../domain/order-page';
import { AgreementBox } from '~/components/form/agreement-box';
import { FormAlert } from '~/components/form/form-alert';
import { Alert, AlertDescription } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '~/components/ui/collapsible';
import { SelectField } from '~/components/ui/select-field';
import { TextField } from '~/components/ui/text-field';
import { apiRequest } from '~/lib/api-client';
import { CATALOG_STALE_TIME, loadCatalogList } from '~/lib/catalog-list';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import type { OrderAccess } from '~/lib/get-order';
import { identifierInput } from '~/lib/identifier-input';

const FIELDS = ['region', 'simNumber', 'model', 'imei', 'email', 'accurateInfo', 'notStolen', 'acceptRefund'] as const;

type RefundValues = Omit<RefundForm, 'simNumber'> & { simNumber: string };

/**
 * The spec's iPhone refund request, on an iCloud removal's order page while the supplier works on
 * it (`offered`): region (the SIM/eSIM number for the USA), model, IMEI, email and three
 * confirmations. Before the service is done the order is refunded in full; the answer says what
 * happened, and stays once the order has moved on.
 */
export function RefundRequestCard({ access, offered }: { access: OrderAccess; offered: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<RefundRequestAnswer | null>(null);
  const models = useQuery({
    queryKey: ['catalog', 'models', 'Apple'],
    queryFn: ({ signal }) => loadCatalogList('/api/catalog/models?brand=Apple', z.array(iphoneModelRowSchema), signal),
    enabled: open,
    staleTime: CATALOG_STALE_TIME,
  });
  const form = useForm<RefundValues>({
    defaultValues: {
      region: '',
      simNumber: '',
      model: '',
      imei: '',
      email: '',
      accurateInfo: false,
      notStolen: false,
      acceptRefund: false,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const region = useWatch({ control: form.control, name: 'region' });
  if (!offered && !answer) return null;

  const onSubmit = form.handleSubmit(async (values) => {
    setAnswer(null);
    const request = { ...values, simNumber: values.simNumber || undefined };
    const parsed = refundFormSchema.safeParse(request);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      setAnswer(
        await apiRequest(orderApiPath(access, '/refund-request'), {
          method: 'POST',
          body: request,
          schema: refundRequestAnswerSchema,
        }),
      );
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <RotateCcw aria-hidden className="size-5 text-primary" />
        Changed your mind?
      </h2>
      <p className="text-sm text-muted-foreground">
        Until the lock is removed you can ask for your money back: we stop the service and refund you in full.
      </p>
      {answer ? (
        <Alert role="status">
          <AlertDescription className="text-foreground">{answer.message}</AlertDescription>
        </Alert>
      ) : (
        <Collapsible open={open} onOpenChange={setOpen}>
          <CollapsibleTrigger asChild>
            <Button variant="outline" className="w-fit" aria-controls={`${id}-form`}>
              Request a refund
              <ChevronDown aria-hidden className={open ? 'rotate-180' : undefined} />
            </Button>
          </CollapsibleTrigger>
          <CollapsibleContent id={`${id}-form`}>
            <form noValidate onSubmit={onSubmit} aria-label="iPhone refund request" className="mt-4 grid gap-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  label="Region"
                  placeholder="Select a region"
                  choices={REFUND_REGIONS}
                  error={errors.region?.message}
                  {...form.register('region')}
                />
                <SelectField
                  label="iPhone model"
                  placeholder={models.isPending ? 'Loading models…' : 'Select an iPhone model'}
                  choices={(models.data ?? []).map((model) => model.model_name)}
                  error={errors.model?.message}
                  {...form.register('model')}
                />
              </div>
              {region === USA_REGION ? (
                <TextField
                  label="SIM/eSIM number"
                  inputMode="numeric"
                  autoComplete="off"
                  hint={`The ICCID, ${SIM_NUMBER_MIN} digits or more: on the SIM card, or in Settings → General → About.`}
                  error={errors.simNumber?.message}
                  {...form.register('simNumber')}
                />
              ) : null}
              <TextField
                label="IMEI"
                inputMode="numeric"
                autoComplete="off"
                error={errors.imei?.message}
                {...form.register(
                  'imei',
                  identifierInput((normalized) => form.setValue('imei', normalized)),
                )}
              />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                hint="The address the order was placed with."
                error={errors.email?.message}
                {...form.register('email')}
              />
              <AgreementBox id={`${id}-accurate`} form={form} name="accurateInfo" disabled={isSubmitting}>
                The information I give is accurate.
              </AgreementBox>
              <AgreementBox id={`${id}-stolen`} form={form} name="notStolen" disabled={isSubmitting}>
                The device is not stolen.
              </AgreementBox>
              <AgreementBox id={`${id}-refund`} form={form} name="acceptRefund" disabled={isSubmitting}>
                I accept the refund policy.
              </AgreementBox>
              <FormAlert message={errors.root?.form?.message} />
              <Button type="submit" className="w-fit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
                {isSubmitting ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
                Send the refund request
              </Button>
            </form>
          </CollapsibleContent>
        </Collapsible>
      )}
    </section>
  );
}
