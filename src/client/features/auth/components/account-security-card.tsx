import { LogOut } from 'lucide-react';
import { SIGNED_OUT_EVERYWHERE_MESSAGE } from '../../../../domain/auth';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { Separator } from '~/components/ui/separator';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { ChangePasswordForm } from './change-password-form';
import { toastError, toastSuccess } from '~/lib/notify';

/**
 * Account settings: change the password, or end every session (a lost phone, a shared computer);
 * the page then finds nobody signed in and leaves.
 */
export function AccountSecurityCard() {
  const signOutEverywhere = useSignOutEverywhere();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account settings</CardTitle>
        <CardDescription>Changing your password signs out your other devices.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ChangePasswordForm />
        <Separator />
        <div className="grid gap-3">
          <h3 className="font-medium">Sign out everywhere</h3>
          <p className="text-sm text-muted-foreground">
            Ends your session on every phone, tablet and computer, this one included.
          </p>
          <Button
            variant="outline"
            disabled={signOutEverywhere.isPending}
            aria-busy={signOutEverywhere.isPending || undefined}
            onClick={() =>
              signOutEverywhere.mutate(undefined, {
                onSuccess: () => toastSuccess(SIGNED_OUT_EVERYWHERE_MESSAGE),
                onError: (error) => toastError(error.message),
              })
            }
          >
            <LogOut aria-hidden />
            Sign Out Everywhere
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
