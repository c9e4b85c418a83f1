import { z } from 'zod';
import { iphoneModelRowSchema, samsungModelRowSchema } from '../../../../domain/reference-data';
import type { DeviceModel } from './get-models';

/** A brand's models as the catalog answers them, iPhones' and Samsung's rows read as one kind. */
export const modelRowsSchema = z.array(
  z.union([
    iphoneModelRowSchema.transform((row): DeviceModel => ({ model_name: row.model_name, model_series: null })),
    samsungModelRowSchema.transform(
      (row): DeviceModel => ({ model_name: row.model_name, model_series: row.model_series }),
    ),
  ]),
);
