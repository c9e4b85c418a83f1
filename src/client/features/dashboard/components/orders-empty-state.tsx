import { Globe, LockOpen, PackageOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';

/** The orders panel of an account that has not ordered anything yet. */
export function OrdersEmptyState() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your orders</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col items-center rounded-lg border border-dashed border-border px-6 py-12 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <PackageOpen aria-hidden className="size-7" />
          </span>
          <p className="mt-4 text-lg font-semibold">You have no orders yet.</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Unlocks, IMEI checks and eSIMs you order while signed in show up here with their live status.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link to="/">
                <LockOpen aria-hidden />
                Start an Unlock
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/esim-shop">
                <Globe aria-hidden />
                Browse eSIMs
              </Link>
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
