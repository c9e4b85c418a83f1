import { STORE } from '../../../../domain/store-config';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { AuthCard } from '~/components/layout/auth-card';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthMode = 'signin' | 'signup';

export function authModeFrom(value: string | null): AuthMode {
  return value === 'signup' ? 'signup' : 'signin';
}

interface AuthPanelProps {
  readonly mode: AuthMode;
  readonly onModeChange: (mode: AuthMode) => void;
  readonly onSignedIn: () => void;
  readonly onSignedUp: () => void;
}

/** Sign In and Sign Up on one card, one tab each. */
export function AuthPanel({ mode, onModeChange, onSignedIn, onSignedUp }: AuthPanelProps) {
  const signingUp = mode === 'signup';
  return (
    <AuthCard
      title={signingUp ? `Create your ${STORE.name} account` : 'Welcome back'}
      description={
        signingUp
          ? 'Follow your unlocks, checks and eSIMs in one place.'
          : 'Sign in to follow your orders and manage your eSIMs.'
      }
    >
      <Tabs value={mode} onValueChange={(value) => onModeChange(authModeFrom(value))}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="signin">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="signin" className="pt-2">
          <SignInForm onSignedIn={onSignedIn} />
        </TabsContent>
        <TabsContent value="signup" className="pt-2">
          <SignUpForm onSignedUp={onSignedUp} />
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
