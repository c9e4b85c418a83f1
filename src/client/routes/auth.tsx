import { redirect, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import { DASHBOARD_HREF } from '../../domain/site-map';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/auth';
import { meQueryOptions } from '~/features/auth/api/get-me';
import { AuthPanel, authModeFrom, type AuthMode } from '~/features/auth/components/auth-panel';
import { queryClient } from '~/lib/query-client';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { toastSuccess } from '~/lib/notify';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Sign In or Sign Up') },
  { name: 'description', content: 'Sign in or create an account to follow your unlocks, IMEI checks and eSIM orders.' },
];

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const me = await queryClient.fetchQuery(meQueryOptions()).catch(() => null);
  if (me?.user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'), DASHBOARD_HREF));
  return null;
}

/**
 * Switching between Sign In and Sign Up changes only `?mode`: the tab shows at once, without
 * asking for the session again first (which left the old tab in place for a round trip, so what
 * was typed just after the switch went into the other form).
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export default function AuthPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const mode = authModeFrom(searchParams.get('mode'));
  const destination = safeRedirectPath(searchParams.get('redirectTo'), DASHBOARD_HREF);

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
