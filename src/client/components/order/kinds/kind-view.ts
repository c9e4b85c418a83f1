import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { OrderAnswerOf, SharedOrder } from '../../../../domain/order-answer';
import type { OrderKind } from '../../../../domain/order';
import type { OrderAccess } from '~/lib/get-order';

export type SharedOrderOf<K extends OrderKind> = Extract<SharedOrder, { kind: K }>;

/**
 * What the client shows of one kind of order (ADR 068): the client part of the kind registry.
 * Each component receives its own kind's answer, so its presentation is type-checked per kind.
 */
export interface OrderKindView<K extends OrderKind> {
  /** The order's icon in lists (dashboard, order lookup). */
  readonly icon: LucideIcon;
  /** The phone's brand, for the brand's after-install steps; null when the kind has none. */
  readonly brand?: (order: OrderAnswerOf<K>) => string | null;
  /** The order page's cards above its next steps (an unlock's result, a license's keys). */
  readonly Result?: ComponentType<{ readonly order: OrderAnswerOf<K>; readonly access: OrderAccess }>;
  /** The order page's cards about what was bought (an unlock's device and promise). */
  readonly Details?: ComponentType<{ readonly order: OrderAnswerOf<K> }>;
  /** What its owner can ask for on the order page (an iCloud removal's refund request). */
  readonly Actions?: ComponentType<{ readonly order: OrderAnswerOf<K>; readonly access: OrderAccess }>;
  /** What a share link shows of it besides state and history. */
  readonly SharedDetails?: ComponentType<{ readonly order: SharedOrderOf<K> }>;
}
