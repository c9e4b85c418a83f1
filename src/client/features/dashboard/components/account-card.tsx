import { Headset, Mail, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { Separator } from '~/components/ui/separator';

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
        <Separator />
        <div className="flex items-start gap-3">
          <Headset aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <p className="text-muted-foreground">
            Questions about an order?{' '}
            <Link to="/help" className="font-medium text-primary underline-offset-4 hover:underline">
              Contact Support
            </Link>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
