import { z } from 'zod';
import { genericFormSchema, GENERIC_FORM_MESSAGES } from './device-service-forms.ts';
import type { CheckProductId } from './device-checks.ts';
import type { DeviceFit } from './device-fit.ts';
import { boundedText } from './text.ts';

/**
 * Device services: remote removal of an Activation Lock (iCloud) or a Factory Reset Protection
 * lock (FRP, the Google account) by a supplier, sold as orders like unlocks (ADR 071).
 */
export const DEVICE_SERVICE_IDS = ['icloud_removal', 'frp_removal'] as const;
export type DeviceServiceId = (typeof DEVICE_SERVICE_IDS)[number];

export interface DeviceService {
  readonly id: DeviceServiceId;
  readonly name: string;
  /** The page that sells it. */
  readonly href: string;
  readonly priceCents: number;
  /** The manufacturers it is offered for (the form's choices). */
  readonly brands: readonly string[];
  /** The devices it fits, as the store tells them from the IMEI (issue 44, device-fit.ts). */
  readonly fits: DeviceFit;
  /** What to type: the identifier each manufacturer's devices are known by. */
  readonly identifierHelp: string;
  readonly summary: string;
  /** What it does, honestly. */
  readonly can: readonly string[];
  /** What it does not do: said before payment, not after. */
  readonly cannot: readonly string[];
  /** The check run before payment to refuse a device reported lost or stolen. */
  readonly eligibilityCheck: CheckProductId;
}

/** What the check before payment found: only an eligible device is sold the service. */
export type DeviceEligibility = 'eligible' | 'lost' | 'blacklisted' | 'unknown' | 'unavailable';

export const FRP_BRANDS = [
  'Samsung',
  'Google',
  'Motorola',
  'Xiaomi',
  'OnePlus',
  'OPPO',
  'vivo',
  'Huawei',
  'Honor',
  'Nokia',
  'Sony',
  'Realme',
] as const;

export const DEVICE_SERVICES: Record<DeviceServiceId, DeviceService> = {
  icloud_removal: {
    id: 'icloud_removal',
    name: 'iCloud Activation Lock removal',
    href: '/icloud-unlock',
    priceCents: 4999,
    brands: ['Apple'],
    fits: { brands: ['Apple'], text: 'Apple devices' },
    // Apple's records say whether the device is in lost mode; the report includes the blacklist.
    eligibilityCheck: 'apple_report',
    identifierHelp: 'The IMEI (15 digits) or the serial number, from Settings → General → About or the box.',
    summary:
      'For an iPhone or iPad you own that is stuck on “Activation Locked” after a reset, with the Apple Account of a former owner or an account you can no longer reach.',
    can: [
      'Removes the Activation Lock from Apple’s activation records for your device, so it sets up as new.',
      'Works on a clean device: one that is not marked lost in Find My and not reported lost or stolen.',
      'Nothing to install and no cable: the work is done remotely by our supplier.',
    ],
    cannot: [
      'It cannot unlock a device reported lost, stolen or in lost mode: we check this before you pay and refuse those orders.',
      'It does not remove a company’s device management (MDM) or carrier lock, and it keeps no data: the device sets up empty.',
      'It does not unlock the passcode of a device that is still set up.',
    ],
  },
  frp_removal: {
    id: 'frp_removal',
    name: 'FRP (Google account) lock removal',
    href: '/frp-unlock',
    priceCents: 2999,
    brands: FRP_BRANDS,
    fits: { brands: FRP_BRANDS, text: 'Android phones' },
    eligibilityCheck: 'blacklist',
    identifierHelp: 'The IMEI (15 digits, dial *#06# or read the box) or the serial number.',
    summary:
      'For an Android phone you own that asks for the Google account it was set up with after a factory reset (Factory Reset Protection), when that account cannot be reached.',
    can: [
      'Releases the Factory Reset Protection of your device remotely, so it sets up with a new Google account.',
      'Works on a clean device: one that is not reported lost or stolen.',
      'Nothing to install: you follow the instructions we send with the result.',
    ],
    cannot: [
      'It cannot help a device reported lost or stolen: we check this before you pay and refuse those orders.',
      'It does not carrier-unlock the phone or remove Samsung Knox enrolment, and it keeps no data.',
      'It does not recover the Google account or anything stored in it.',
    ],
  },
};

/** What every device service order confirms and the refund rule it agrees to. */
export const DEVICE_SERVICE_TERMS = {
  lawful: 'I confirm I am the lawful owner of this device, or act with the owner’s permission.',
  noData: 'I understand the device keeps no data: it sets up as new.',
  refund:
    'I agree to the refund policy: if the service cannot be done, I am refunded in full without asking; once done, it is not refundable.',
  refundRule:
    'If our suppliers cannot complete the service, or it is not done within its guaranteed time, you are refunded in full, automatically. Once done, it cannot be undone or refunded.',
} as const;

/** Why a device service order is not taken, before anything is charged. */
export const DEVICE_SERVICE_REFUSALS = {
  lost: 'This device is reported lost or marked lost by its owner, so it cannot be unlocked. Nothing was charged. If it is yours, its owner can remove the lost report, then order again.',
  blacklisted:
    'This device is reported lost or stolen in the GSMA blacklist, so it cannot be unlocked. Nothing was charged. If it is yours, ask the carrier that blocked it to lift the report.',
  unknown:
    'We could not find this device in the records we check, so we cannot take the order. Check the identifier and try again. Nothing was charged.',
  unavailable:
    'We could not check this device’s records just now, so we cannot take the order yet. Please try again in a few minutes. Nothing was charged.',
  notOffered: 'This service is not available at the moment. Nothing was charged. Please try again later.',
  inProgress: 'This device already has this service in progress.',
} as const;

/** POST /api/device-services: the spec's generic form, for one service, with an optional coupon. */
export const deviceServiceOrderSchema = genericFormSchema
  .extend({
    service: z.enum(DEVICE_SERVICE_IDS),
    coupon_code: boundedText(64).optional(),
  })
  .superRefine((form, context) => {
    if (!DEVICE_SERVICES[form.service].brands.includes(form.brand)) {
      context.addIssue({ code: 'custom', path: ['brand'], message: GENERIC_FORM_MESSAGES.brand });
    }
  });
export type DeviceServiceOrderRequest = z.input<typeof deviceServiceOrderSchema>;
export type ParsedDeviceServiceOrder = z.output<typeof deviceServiceOrderSchema>;

/** What a device service order answers besides every order's fields. */
export const deviceServiceDetailsSchema = z.object({
  service: z.enum(DEVICE_SERVICE_IDS),
  service_name: z.string(),
  identifier_masked: z.string(),
  /** 'Apple iPhone 13', or the manufacturer alone. */
  device: z.string(),
  average_hours: z.number(),
  guaranteed_hours: z.number(),
  guaranteed_by: z.string().nullable(),
  /** The supplier's answer once done: what was done and what to do now. */
  result: z.object({ message: z.string(), steps: z.array(z.string()) }).nullable(),
});
export type DeviceServiceDetails = z.infer<typeof deviceServiceDetailsSchema>;

/** What to do once the supplier has done the service. */
export const DEVICE_SERVICE_STEPS: Record<DeviceServiceId, readonly string[]> = {
  icloud_removal: [
    'Connect the device to Wi-Fi and restart it.',
    'On the Activation Lock screen choose “Unlock with passcode”, then go back: the device checks Apple’s records again and sets up as new.',
    'Set it up with your own Apple Account.',
  ],
  frp_removal: [
    'Connect the phone to Wi-Fi and restart it.',
    'Go through the setup: the screen that asked for the previous Google account no longer appears.',
    'Add your own Google account.',
  ],
};

/** The custom fields each service sends its supplier (DHRU `CUSTOMFIELD`) besides the identifier. */
export function supplierFieldsOf(order: Pick<ParsedDeviceServiceOrder, 'brand' | 'model'>): Record<string, string> {
  return { Brand: order.brand, Model: order.model || order.brand };
}
