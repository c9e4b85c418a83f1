import { SearchCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { maskImei } from '../../../../domain/imei';
import { rememberCheck } from '~/lib/recent-checks';
import type { OrderAnswerOf } from '../../../../domain/order-answer';
import { CheckResultCard } from './check-result-card';
import type { OrderKindView } from './kind-view';

function reportHref(orderId: string, token: string | null): string {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  return `/api/checks/${orderId}/report.pdf${query}`;
}

function CheckResult({ order }: { order: OrderAnswerOf<'check'> }) {
  const [searchParams] = useSearchParams();
  const { check } = order;
  const token = searchParams.get('token');
  // This browser's list of results names each check by product and device, as its page learns them.
  const device = check.result ? [check.result.brand, check.result.model].filter(Boolean).join(' ') : '';
  const masked = maskImei(check.identifier);
  useEffect(() => {
    rememberCheck({
      id: order.id,
      token,
      title: check.product_name,
      device: device || masked,
      at: new Date().toISOString(),
    });
  }, [order.id, token, check.product_name, device, masked]);
  if (!check.result) return null;
  return (
    <CheckResultCard
      product={check.product}
      result={check.result}
      identifier={check.identifier}
      checkedAt={check.checked_at}
      reportHref={reportHref(order.id, searchParams.get('token'))}
    />
  );
}

/** Paid device checks: the result, with what it means and the report; a share link shows it masked. */
export const checkView: OrderKindView<'check'> = {
  icon: SearchCheck,
  brand: (order) => order.check.result?.brand ?? null,
  Result: CheckResult,
  SharedDetails: ({ order }) =>
    order.check.result ? (
      <CheckResultCard
        product={order.check.product}
        result={order.check.result}
        identifier={order.check.identifier_masked}
        checkedAt={order.check.checked_at}
      />
    ) : null,
};
