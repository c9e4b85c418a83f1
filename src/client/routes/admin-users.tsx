import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-users';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { TextField } from '~/components/ui/text-field';
import { usersQuery, useRoleChange, useUsers } from '~/features/admin/api/admin-api';
import { apiPageData } from '~/lib/page-data';
import { formatDate, useTimeZoneShown } from '~/lib/time-format';
import { useMe } from '~/features/auth/api/get-me';
import { toastError, toastSuccess } from '~/lib/notify';
import { ListState } from '~/features/admin/components/list-state';
import { AdminTable } from '~/features/admin/components/admin-table';

/** The first answer holds the first accounts (ADR 102). */
export const loader = ({ context }: Route.LoaderArgs) => apiPageData(context.api, [usersQuery('', false)]);

export const clientLoader = () => null;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Accounts · Admin') },
  { name: 'robots', content: 'noindex' },
];

/** /admin/users: accounts, and the admin role granted or taken (never from the last admin). */
export default function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const [adminsOnly, setAdminsOnly] = useState(false);
  const users = useUsers(useDeferredValue(search), adminsOnly);
  const zone = useTimeZoneShown();
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
      <ListState query={users} what="accounts" empty={users.data?.users.length === 0 ? 'No account matches.' : null}>
        <AdminTable
          caption="Accounts, newest first"
          headings={['Email', 'Name', 'Joined', 'Role']}
          actions
          minWidth="min-w-[640px]"
        >
          {(users.data?.users ?? []).map((user) => (
            <tr key={user.id}>
              <td className="px-3 py-2 font-medium break-all">
                {user.email}
                {user.email === me.data?.user?.email ? <span className="text-muted-foreground"> (you)</span> : null}
              </td>
              <td className="px-3 py-2">{user.name}</td>
              <td className="px-3 py-2">{formatDate(user.created_at, zone)}</td>
              <td className="px-3 py-2">
                <Badge variant={user.is_admin ? 'success' : 'secondary'}>{user.is_admin ? 'Admin' : 'Customer'}</Badge>
              </td>
              <td className="px-3 py-2 text-right">
                {user.is_admin ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={role.isPending}
                    aria-label={`Remove admin: ${user.email}`}
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
                    aria-label={`Make admin: ${user.email}`}
                    onClick={() => change(user.id, true)}
                  >
                    <ShieldCheck aria-hidden />
                    Make admin
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
        {users.data && users.data.total > users.data.users.length ? (
          <p className="text-sm text-muted-foreground">
            Showing the newest {users.data.users.length} of {users.data.total}: search to find others.
          </p>
        ) : null}
      </ListState>
    </div>
  );
}
