import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { unlockPanelSchema, type UnlockOrder } from '../../../../domain/unlock-panel-schema';
import type { UnlockPanelValues } from './unlock-panel-form';

// The schema depends on the brand: the model is required only when its field is shown.
export const resolveOrderNow: Resolver<UnlockPanelValues, unknown, UnlockOrder> = (values, context, options) =>
  zodResolver(unlockPanelSchema(values.brand))(values, context, options);
