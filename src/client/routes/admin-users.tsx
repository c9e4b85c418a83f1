import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-users';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { Skeleton } from '~/components/ui/skeleton';
import { TextField } from '~/components/ui/text-field';
import { useRoleChange, useUsers } from '~/features/admin/api/admin-api';
import { useMe } from '~/features/auth/api/get-me';
import { toastError, toastSuccess } from '~/lib/notify';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Accounts · Admin') },
  { name: 'robots', content: 'noindex' },
];

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** /admin/users: accounts, and the admin role granted or taken (never from the last admin). */
export default function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const [adminsOnly, setAdminsOnly] = useState(false);
  const users = useUsers(useDeferredValue(search), adminsOnly);
  const role = useRoleChange();
  const me = useMe();
  const adminsOnlyId = useId();

  const change = (id: string, admin: boolean) =>
    role.mutate(
      { id, admin },
      { onSuccess: (answer) => toastSuccess(answer.message), onError: (error) => toastError(error.message) },
    );

  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Accounts</h1>
      <div className="flex flex-wrap items-end gap-4">
        <TextField
          label="Search by email or name"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="w-full sm:w-80"
        />
        <div className="flex h-10 items-center gap-2">
          <Checkbox
            id={adminsOnlyId}
            checked={adminsOnly}
            onCheckedChange={(checked) => setAdminsOnly(checked === true)}
          />
          <Label htmlFor={adminsOnlyId}>Admins only</Label>
        </div>
      </div>
      {users.isError ? (
        <Alert variant="destructive">
          <AlertTitle>The accounts could not be loaded.</AlertTitle>
          <AlertDescription>{users.error.message}</AlertDescription>
        </Alert>
      ) : !users.data ? (
        <Skeleton className="h-48 w-full" />
      ) : users.data.users.length === 0 ? (
        <p
          role="status"
          className="rounded-lg border border-dashed border-border p-6 text-center text-muted-foreground"
        >
          No account matches.
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">Accounts, newest first</caption>
              <thead className="bg-muted/60 text-muted-foreground">
                <tr>
                  {['Email', 'Name', 'Joined', 'Role'].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2 font-medium">
                      {heading}
                    </th>
                  ))}
                  <th scope="col" className="px-3 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {users.data.users.map((user) => (
                  <tr key={user.id}>
                    <td className="px-3 py-2 font-medium break-all">
                      {user.email}
                      {user.email === me.data?.user?.email ? (
                        <span className="text-muted-foreground"> (you)</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">{user.name}</td>
                    <td className="px-3 py-2">{day.format(new Date(user.created_at))}</td>
                    <td className="px-3 py-2">
                      <Badge variant={user.is_admin ? 'success' : 'secondary'}>
                        {user.is_admin ? 'Admin' : 'Customer'}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 text-right">
                      {user.is_admin ? (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={role.isPending}
                          aria-label={`Take the admin role from ${user.email}`}
                          onClick={() => change(user.id, false)}
                        >
                          <ShieldOff aria-hidden />
                          Remove admin
                        </Button>
                      ) : (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={role.isPending}
                          aria-label={`Make ${user.email} an admin`}
                          onClick={() => change(user.id, true)}
                        >
                          <ShieldCheck aria-hidden />
                          Make admin
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {users.data.total > users.data.users.length ? (
            <p className="text-sm text-muted-foreground">
              Showing the newest {users.data.users.length} of {users.data.total}: search to find others.
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
