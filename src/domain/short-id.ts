/**
 * The short reference customers see for an order, a quote or a service request: the first 8 hex
 * characters of its UUID, lower-case ('#a1b2c3d4' on a receipt, '(a1b2c3d4)' in a subject).
 */
export function shortId(uuid: string): string {
  return uuid
    .replace(/[^0-9a-f]/gi, '')
    .slice(0, 8)
    .toLowerCase();
}
