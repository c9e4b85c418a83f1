import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec section 2: every route change starts at the top of the page (in-page #anchors excepted). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
