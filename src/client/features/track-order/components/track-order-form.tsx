import { Search } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { orderLookupRequestSchema, type OrderLookupRequest } from '../../../../domain/order-lookup';
import { FormAlert } from '~/components/form/form-alert';
import { SubmitButton } from '~/components/form/submit-button';
import { TextField } from '~/components/ui/text-field';
import { showIssues, showSubmitError } from '~/lib/form-issues';
import { useLookupOrders } from '../api/lookup-orders';
import { LookupResults } from './lookup-results';

const FIELDS = ['email', 'order_id_or_imei'] as const;

/** The spec's order lookup form (email; Order ID or IMEI) and what it found. */
export function TrackOrderForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const form = useForm<OrderLookupRequest>({ defaultValues: { email: defaultEmail, order_id_or_imei: '' } });
  const lookup = useLookupOrders();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    lookup.reset();
    const parsed = orderLookupRequestSchema.safeParse(values);
    if (!parsed.success) return showIssues(parsed.error.issues, FIELDS, form.setError);
    try {
      await lookup.mutateAsync(parsed.data);
    } catch (error) {
      showSubmitError(error, FIELDS, form.setError);
    }
  });

  return (
    <div className="grid grid-cols-1 gap-8">
      <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Find your order">
        <FormAlert message={errors.root?.form?.message} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          hint="The address you ordered with."
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Order ID or IMEI"
          autoComplete="off"
          spellCheck={false}
          placeholder="a1b2c3d4"
          hint="The 8 characters after “Order #” in your order email, or your phone’s IMEI (dial *#06#)."
          error={errors.order_id_or_imei?.message}
          {...form.register('order_id_or_imei')}
        />
        <SubmitButton busy={isSubmitting}>
          {isSubmitting ? null : <Search aria-hidden />}
          Track Order
        </SubmitButton>
      </form>
      {lookup.data ? <LookupResults orders={lookup.data} /> : null}
    </div>
  );
}
