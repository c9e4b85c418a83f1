import emailSpellChecker from '@zootools/email-spell-checker';

/** Spec section 5: the mail providers whose misspellings get a 'Did you mean ...?' hint. */
const HINTED_PROVIDERS = new Set(['gmail', 'yahoo', 'outlook', 'hotmail', 'icloud', 'aol', 'protonmail', 'yandex']);

// The library's list lacks some of those (yahoo, outlook and hotmail only match as second-level
// names, yandex.ru not at all). Real sibling domains (ya.ru, protonmail.ch, yandex.by ...) are
// listed so that an exact match stops them being "corrected" into their neighbours.
const MAIL_DOMAINS = [
  ...new Set([
    ...emailSpellChecker.POPULAR_DOMAINS,
    'gmail.com',
    'googlemail.com',
    'yahoo.com',
    'ymail.com',
    'outlook.com',
    'hotmail.com',
    'live.com',
    'msn.com',
    'icloud.com',
    'me.com',
    'mac.com',
    'aol.com',
    'protonmail.com',
    'protonmail.ch',
    'proton.me',
    'pm.me',
    'yandex.ru',
    'yandex.com',
    'yandex.by',
    'yandex.kz',
    'yandex.ua',
    'yandex.com.tr',
    'ya.ru',
    'gmx.com',
    'gmx.de',
    'mail.com',
  ]),
];

const MAIL_DOMAIN_SET = new Set(MAIL_DOMAINS);

// The library also "fixes" any unknown top-level or second-level name (abv.bg → abv.be,
// libero.it → live.it); only corrections towards a popular mail domain are worth a hint.
function isPopularMailDomain(domain: string): boolean {
  return MAIL_DOMAIN_SET.has(domain) || HINTED_PROVIDERS.has(domain.split('.')[0] ?? '');
}

/**
 * Spec section 5: the corrected address when the domain looks like a misspelt popular mail
 * domain ('ann@gmial.com' → 'ann@gmail.com'), else null. The part before the @ is kept as typed.
 */
export function emailTypoSuggestion(email: string): string | null {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) return null;
  const suggestion = emailSpellChecker.run({ email: trimmed, domains: MAIL_DOMAINS });
  if (!suggestion || !isPopularMailDomain(suggestion.domain)) return null;
  return `${trimmed.slice(0, at)}@${suggestion.domain}`;
}
