// Fit before payment (issue 44, ADR 104): what the store knows of a device (its TAC, an earlier
// check of the same model) decides which checks and services may be sold for it. A device the
// store does not know is not refused: the customer's word stands, and the result can still refund.
import { formatPrice } from './display.ts';

/** The makers whose devices a product fits (null: any), and those in words for the refusal. */
export interface DeviceFit {
  readonly brands: readonly string[] | null;
  readonly text: string;
}

export const ANY_DEVICE: DeviceFit = { brands: null, text: 'any device' };

/** A device as the store knows it from its identifier. */
export interface KnownDevice {
  readonly brand: string;
  readonly model: string;
}

/** A product as the refusal names it: what it is called, what it fits and what it costs now. */
export interface FittingProduct {
  readonly name: string;
  readonly fits: DeviceFit;
  readonly priceCents: number;
}

export function fitsDevice(fit: DeviceFit, device: KnownDevice): boolean {
  const brand = device.brand.trim().toLowerCase();
  return fit.brands === null || fit.brands.some((maker) => maker.toLowerCase() === brand);
}

/** "Samsung Galaxy S23 Ultra"; a model that already names its maker is not named twice. */
export function deviceName(device: KnownDevice): string {
  const model = device.model.trim();
  if (model === '') return device.brand;
  return model.toLowerCase().startsWith(device.brand.toLowerCase()) ? model : `${device.brand} ${model}`;
}

/**
 * The product to offer instead: of `others`, the first that fits the device, one made for its
 * maker before one that fits any device.
 */
export function fittingAlternative<P extends FittingProduct>(others: readonly P[], device: KnownDevice): P | null {
  const fitting = others.filter((product) => fitsDevice(product.fits, device));
  return fitting.find((product) => product.fits.brands !== null) ?? fitting[0] ?? null;
}

/** "a Samsung …", "an Apple …" ("a OnePlus": said as "wun"). */
const withArticle = (name: string) => `${/^[aeiou]/i.test(name) && !/^one/i.test(name) ? 'an' : 'a'} ${name}`;

/**
 * "This IMEI is a Samsung Galaxy S23 Ultra: the Full Apple report is for Apple devices. The
 * Samsung Knox / MDM check is $3.49." A serial number's device is "This device".
 */
export function misfitMessage(
  device: KnownDevice,
  identifier: 'imei' | 'serial',
  product: FittingProduct,
  alternative: FittingProduct | null,
): string {
  const subject = identifier === 'imei' ? 'This IMEI' : 'This device';
  const refusal = `${subject} is ${withArticle(deviceName(device))}: the ${product.name} is for ${product.fits.text}.`;
  return alternative ? `${refusal} The ${alternative.name} is ${formatPrice(alternative.priceCents)}.` : refusal;
}
