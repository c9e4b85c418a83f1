/** Spec section 4 "Theme": light or dark, kept under the 'theme' key, dark unless chosen otherwise. */
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'dark';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/**
 * Runs in <head> before the first paint so the page never flashes the wrong theme.
 * Kept in sync with applyTheme() below; it cannot import it because it runs before the bundle.
 */
export const THEME_BOOT_SCRIPT = `(function(){var k=${JSON.stringify(THEME_STORAGE_KEY)},t;try{t=localStorage.getItem(k);if(t!=="light"&&t!=="dark")localStorage.setItem(k,t=${JSON.stringify(DEFAULT_THEME)})}catch(e){t=${JSON.stringify(DEFAULT_THEME)}}var h=document.documentElement;h.classList.add(t);h.style.colorScheme=t})()`;

/** The theme the page currently shows, read from the class on <html>. */
export function currentTheme(): Theme {
  if (typeof document === 'undefined') return DEFAULT_THEME;
  return document.documentElement.classList.contains('light') ? 'light' : 'dark';
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

/** Saves the choice; a browser that refuses storage still gets the theme for this visit. */
export function saveTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private modes may refuse storage; the page keeps working with the theme applied.
  }
}
