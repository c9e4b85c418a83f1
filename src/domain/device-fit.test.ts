import { describe, expect, it } from 'vitest';
import { CHECK_PRODUCTS } from './device-checks.ts';
import { DEVICE_SERVICES } from './device-services.ts';
import { deviceName, fitsDevice, fittingAlternative, misfitMessage } from './device-fit.ts';

const GALAXY = { brand: 'Samsung', model: 'Galaxy S23 Ultra' };
const IPHONE = { brand: 'Apple', model: 'iPhone 15' };
const NOKIA = { brand: 'Nokia', model: '3310' };
const checks = Object.values(CHECK_PRODUCTS).map((product) => ({ ...product, priceCents: product.priceCents }));

describe('which products fit a device', () => {
  it.each([
    ['the Full Apple report', CHECK_PRODUCTS.apple_report.fits, IPHONE, true],
    ['the Full Apple report', CHECK_PRODUCTS.apple_report.fits, GALAXY, false],
    ['the Knox check', CHECK_PRODUCTS.knox.fits, GALAXY, true],
    ['the Knox check', CHECK_PRODUCTS.knox.fits, IPHONE, false],
    ['the carrier check', CHECK_PRODUCTS.carrier.fits, NOKIA, true],
    ['the blacklist check', CHECK_PRODUCTS.blacklist.fits, IPHONE, true],
    ['iCloud removal', DEVICE_SERVICES.icloud_removal.fits, { brand: 'apple', model: 'iPad Air' }, true],
    ['iCloud removal', DEVICE_SERVICES.icloud_removal.fits, GALAXY, false],
    ['FRP removal', DEVICE_SERVICES.frp_removal.fits, GALAXY, true],
    ['FRP removal', DEVICE_SERVICES.frp_removal.fits, IPHONE, false],
    ['FRP removal', DEVICE_SERVICES.frp_removal.fits, { brand: 'Sagem', model: 'myX-5' }, false],
  ])('%s for %j: %s', (_, fit, device, fits) => {
    expect(fitsDevice(fit, device)).toBe(fits);
  });
});

describe('the refusal of a product that does not fit', () => {
  it.each([
    [GALAXY, 'Samsung Galaxy S23 Ultra'],
    [{ brand: 'Apple', model: 'Apple iPhone 15' }, 'Apple iPhone 15'],
    [{ brand: 'Nokia', model: '' }, 'Nokia'],
  ])('names %j as %s', (device, name) => {
    expect(deviceName(device)).toBe(name);
  });

  it.each([
    [
      GALAXY,
      'imei' as const,
      CHECK_PRODUCTS.apple_report,
      'This IMEI is a Samsung Galaxy S23 Ultra: the Full Apple report is for Apple devices. The Samsung Knox / MDM check is $3.49.',
    ],
    [
      IPHONE,
      'imei' as const,
      CHECK_PRODUCTS.knox,
      'This IMEI is an Apple iPhone 15: the Samsung Knox / MDM check is for Samsung devices. The Full Apple report is $4.99.',
    ],
    [
      NOKIA,
      'imei' as const,
      CHECK_PRODUCTS.knox,
      'This IMEI is a Nokia 3310: the Samsung Knox / MDM check is for Samsung devices. The Carrier and SIM-lock check is $2.99.',
    ],
    [
      { brand: 'OnePlus', model: '12' },
      'serial' as const,
      CHECK_PRODUCTS.apple_report,
      'This device is a OnePlus 12: the Full Apple report is for Apple devices. The Carrier and SIM-lock check is $2.99.',
    ],
  ])('for %j (%s) and %s', (device, identifier, product, message) => {
    const others = checks.filter((other) => other.id !== product.id);
    expect(misfitMessage(device, identifier, product, fittingAlternative(others, device))).toBe(message);
  });

  it('offers the other service where it fits, and none where nothing does', () => {
    const services = Object.values(DEVICE_SERVICES);
    expect(fittingAlternative([DEVICE_SERVICES.frp_removal], IPHONE)).toBeNull();
    expect(fittingAlternative([DEVICE_SERVICES.frp_removal], GALAXY)?.id).toBe('frp_removal');
    expect(
      misfitMessage(GALAXY, 'imei', DEVICE_SERVICES.icloud_removal, fittingAlternative(services.slice(1), GALAXY)),
    ).toBe(
      'This IMEI is a Samsung Galaxy S23 Ultra: the iCloud Activation Lock removal is for Apple devices. The FRP (Google account) lock removal is $29.99.',
    );
  });
});
