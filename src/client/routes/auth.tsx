import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DASHBOARD_HREF } from '../../domain/site-map';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/auth';
import { meQueryOptions } from '~/features/auth/api/get-me';
import { AuthPanel, authModeFrom, type AuthMode } from '~/features/auth/components/auth-panel';
import { queryClient } from '~/lib/query-client';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { toastSuccess } from '~/lib/notify';
import { CONTENT_FIRST } from '~/lib/page-data';

export const handle = CONTENT_FIRST;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Sign In or Sign Up') },
  { name: 'description', content: 'Sign in or create an account to follow your unlocks, IMEI checks and eSIM orders.' },
];

/**
 * /auth: prerendered with its Sign In tab (ADR 100); `?mode=signup` is served the app shell, which
 * renders Sign Up. Switching tabs changes only `?mode`. A visitor who arrives signed in is sent on
 * to where they were going once the session is known: the form renders first, as the prerendered
 * HTML shows it (a loader that decides before rendering would leave nothing to prerender).
 */
export default function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const mode = authModeFrom(searchParams.get('mode'));
  const destination = safeRedirectPath(searchParams.get('redirectTo'), DASHBOARD_HREF);

  // Asked once on arrival: signing in here later leaves through the form's own callback.
  useEffect(() => {
    let here = true;
    queryClient
      .fetchQuery(meQueryOptions())
      .then((me) => {
        if (here && me.user) void navigate(destination, { replace: true });
      })
      .catch(() => undefined);
    return () => {
      here = false;
    };
  }, [destination, navigate]);

  const changeMode = (next: AuthMode) =>
    setSearchParams(
      (params) => {
        if (next === 'signup') params.set('mode', 'signup');
        else params.delete('mode');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <AuthPanel
      mode={mode}
      onModeChange={changeMode}
      onSignedIn={() => navigate(destination, { replace: true })}
      onSignedUp={() => {
        toastSuccess('Your account is ready.');
        navigate(destination, { replace: true });
      }}
    />
  );
}
