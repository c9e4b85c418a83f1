/** A same-site path to go back to after signing in; anything else (other sites, //host) falls back. */
export function safeRedirectPath(target: string | null, fallback: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
