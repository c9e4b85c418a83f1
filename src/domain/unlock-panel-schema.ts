import { z } from 'zod';
import { emailAddressSchema } from './email.ts';
import { UNLOCK_FORM_MESSAGES, unlockFormSchema } from './unlock-form.ts';
import { modelListBrand } from './unlock-panel.ts';

const M = UNLOCK_FORM_MESSAGES;

/**
 * What Unlock Now checks. The spec's schema requires a model although the field only shows for
 * Apple and Samsung, so other brands would fail on a field nobody can see: the model is required
 * only when its field is shown. The email is marked required and the checkout needs it to send
 * the order's progress, so it is required here too (the schema alone accepts an empty one).
 */
export function unlockPanelSchema(brand: string) {
  return unlockFormSchema.extend({
    model: modelListBrand(brand) ? z.string({ error: M.model }).trim().min(1, M.model) : z.string().trim(),
    email: emailAddressSchema,
  });
}

export type UnlockOrder = z.infer<ReturnType<typeof unlockPanelSchema>>;
