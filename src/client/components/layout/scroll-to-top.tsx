import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec section 2: every route change starts at the top of the page (in-page #anchors excepted).
 * Not the first page: the browser placed it, and a person may have scrolled it before the app
 * started (ADR 029); sending them back to the top then lost their place and their press.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const place = `${pathname}${hash}`;
  const shown = useRef(place);
  useEffect(() => {
    if (shown.current === place) return;
    shown.current = place;
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [place, hash]);
  return null;
}
