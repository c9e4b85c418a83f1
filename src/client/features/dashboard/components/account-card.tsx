import { Mail, ShieldCheck } from 'lucide-react';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';

export function AccountCard({ email, isAdmin }: { email: string; isAdmin: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="flex items-start gap-3">
          <Mail aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <div className="min-w-0">
            <p className="text-muted-foreground">Email</p>
            <p className="font-medium break-all">{email}</p>
          </div>
        </div>
        {isAdmin ? (
          <Badge variant="secondary" className="gap-1">
            <ShieldCheck aria-hidden />
            Administrator
          </Badge>
        ) : null}
      </CardContent>
    </Card>
  );
}
