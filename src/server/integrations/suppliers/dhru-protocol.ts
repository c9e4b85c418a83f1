// The DHRU Fusion wire format, shared by the client (dhru.ts) and the sandbox server that speaks it.
// Requests: POST {url}/api/index.php, form fields username, apiaccesskey, action, requestformat=JSON
// and parameters, an XML document <PARAMETERS><ID>..</ID><IMEI>..</IMEI><CUSTOMFIELD>..</CUSTOMFIELD>
// </PARAMETERS> whose CUSTOMFIELD is base64 of a JSON object of the service's custom fields.
// Answers: JSON with a SUCCESS array, or an ERROR array of { MESSAGE } (often with HTTP 200).

export const DHRU_PATH = '/api/index.php';
export const DHRU_API_VERSION = '6.1';

export const DHRU_ACTIONS = ['accountinfo', 'imeiservicelist', 'placeimeiorder', 'getimeiorder'] as const;
export type DhruAction = (typeof DHRU_ACTIONS)[number];

/** The custom field carrying the store's own submission id (the sandbox recognises a repeat by it). */
export const DHRU_REFERENCE_FIELD = 'reference';

/** DHRU `getimeiorder` STATUS values. */
export const DHRU_STATUS = { new: 0, inProcess: 1, rejected: 3, success: 4 } as const;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Decodes the named entities XML and suppliers' HTML use, and numeric ones. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return safeCodePoint(Number.parseInt(entity.slice(2), 16), whole);
    if (entity.startsWith('#')) return safeCodePoint(Number.parseInt(entity.slice(1), 10), whole);
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}

/** The `parameters` form field: `<PARAMETERS>` with one upper-case element per parameter. */
export function parametersXml(parameters: Readonly<Record<string, string>>): string {
  const children = Object.entries(parameters)
    .map(([name, value]) => `<${name.toUpperCase()}>${escapeXml(value)}</${name.toUpperCase()}>`)
    .join('');
  return `<PARAMETERS>${children}</PARAMETERS>`;
}

/** Reads the flat `<PARAMETERS>` document back (element names upper-cased); null when it is not one. */
export function readParametersXml(xml: string): Record<string, string> | null {
  const body = /^\s*(?:<\?xml[^>]*\?>\s*)?<PARAMETERS>([\s\S]*)<\/PARAMETERS>\s*$/i.exec(xml)?.[1];
  if (body === undefined) return null;
  const parameters: Record<string, string> = {};
  for (const match of body.matchAll(/<([A-Za-z][\w.-]*)>([^<]*)<\/\1>/g)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined) parameters[name.toUpperCase()] = decodeEntities(value);
  }
  return parameters;
}

export function encodeCustomFields(fields: Readonly<Record<string, string>>): string {
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64');
}

/** CUSTOMFIELD back to its fields; null when it is not base64 of a JSON object of strings. */
export function decodeCustomFields(encoded: string): Record<string, string> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(value)) {
      if (typeof field === 'string') fields[name] = field;
    }
    return fields;
  } catch {
    return null;
  }
}

/** Suppliers write TIME as '1-3 Days', '24-72 Hours', '30 Minutes', 'Instant', '1-2 Weeks'. */
export function deliveryHours(time: string): { min: number; max: number } | null {
  const text = time.trim().toLowerCase();
  if (/^instant/.test(text)) return { min: 1, max: 1 };
  const match =
    /(\d+(?:\.\d+)?)\s*(?:-|to|~)?\s*(\d+(?:\.\d+)?)?\s*(min|hour|hr|h\b|day|business day|working day|week)/.exec(text);
  if (!match) return null;
  const unit = match[3] ?? 'hour';
  const hoursPer = unit.startsWith('min') ? 1 / 60 : unit.includes('day') ? 24 : unit === 'week' ? 168 : 1;
  const low = Number(match[1]);
  const high = match[2] === undefined ? low : Number(match[2]);
  const min = Math.max(1, Math.ceil(Math.min(low, high) * hoursPer));
  const max = Math.max(min, Math.ceil(Math.max(low, high) * hoursPer));
  return { min, max };
}

/** The TIME text for a delivery window, in days when it falls on whole days. */
export function deliveryText(min: number, max: number): string {
  const [count, unit] = min % 24 === 0 && max % 24 === 0 ? [[min / 24, max / 24], 'Days'] : [[min, max], 'Hours'];
  return count[0] === count[1] ? `${count[0]} ${unit}` : `${count[0]}-${count[1]} ${unit}`;
}

/** CREDIT as DHRU writes it ('15.00', '1,250.50', '$15'), in cents; null when unreadable. */
export function creditCents(credit: string | number): number | null {
  const text = String(credit)
    .replace(/[,\s]/g, '')
    .replace(/^[^\d.-]+/, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

export function creditText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * Suppliers send CODE as HTML ('<b>Unlocked</b><br>Insert a SIM'): plain text for the store's
 * pages and emails, line breaks kept, at most `max` characters.
 */
export function plainText(html: string, max = 2000): string {
  const text = decodeEntities(
    html
      .replace(/<\s*(script|style)[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
      .replace(/<\s*br\s*\/?\s*>|<\s*\/\s*(p|div|li|tr)\s*>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    // Control characters other than line breaks cannot show and NUL cannot be stored.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
