import { Download, Send } from 'lucide-react';
import { type FormEvent, useDeferredValue, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminOrderHref } from '../../domain/admin';
import { REQUEST_STATUS_LABELS, REQUEST_STATUSES, waitingAge } from '../../domain/admin-inbox';
import { formatPrice } from '../../domain/display';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../domain/order';
import {
  type AdminConversation,
  SUPPORT_ANSWER_HOURS,
  SUPPORT_MESSAGE_MAX,
  teamReplySchema,
} from '../../domain/support-conversations';
import { BUG_PRIORITY_LABELS, BUG_STATUS_LABELS, BUG_STATUSES } from '../../domain/bug-report';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/admin-inbox';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Checkbox } from '~/components/ui/checkbox';
import { Label } from '~/components/ui/label';
import { SelectField } from '~/components/ui/select-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '~/components/ui/tabs';
import { TextField } from '~/components/ui/text-field';
import { TextareaField } from '~/components/ui/textarea-field';
import {
  bugReportsQuery,
  outboxQuery,
  serviceRequestsQuery,
  subscribersQuery,
  supportConversationsQuery,
  useBugReports,
  useInboxAction,
  useOutbox,
  useServiceRequests,
  useSubscribers,
  useSupportConversations,
} from '~/features/admin/api/admin-api';
import { ListState } from '~/features/admin/components/list-state';
import { When } from '~/features/admin/components/order-cells';
import { ConversationStatusBadge } from '~/features/support/components/conversation-status-badge';
import { ConversationThread } from '~/features/support/components/conversation-thread';
import { toastError, toastSuccess } from '~/lib/notify';
import { useNow } from '~/lib/use-now';
import { apiPageData } from '~/lib/page-data';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Inbox · Admin') },
  { name: 'robots', content: 'noindex' },
];

const TABS = {
  support: 'Support',
  bugs: 'Bug reports',
  requests: 'Service requests',
  mail: 'Emails',
  newsletter: 'Newsletter',
} as const;
type Tab = keyof typeof TABS;

/** The tab the address names, the support conversations when it names none. */
const tabOf = (params: URLSearchParams): Tab => {
  const tab = params.get('tab');
  return tab !== null && tab in TABS ? (tab as Tab) : 'support';
};

/** The one conversation the address names (the order timeline's link), if any. */
const conversationOf = (params: URLSearchParams) => params.get('conversation')?.trim() || undefined;

/** What each tab shows first (its search empty). */
const TAB_QUERIES = {
  support: supportConversationsQuery('open'),
  bugs: bugReportsQuery,
  requests: serviceRequestsQuery,
  mail: outboxQuery(''),
  newsletter: subscribersQuery(''),
} satisfies Record<Tab, unknown>;

/** The first answer holds the open tab's list (ADR 102). */
export const loader = ({ context, request }: Route.LoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const one = conversationOf(params);
  const tab = tabOf(params);
  return apiPageData(context.api, [
    tab === 'support' && one ? supportConversationsQuery('open', one) : TAB_QUERIES[tab],
  ]);
};

export const clientLoader = () => null;

function useMoveTo() {
  const action = useInboxAction();
  const move = (path: string, body?: unknown, done?: () => void) =>
    action.mutate(
      { path, body },
      {
        onSuccess: (answer) => {
          toastSuccess(answer.message);
          done?.();
        },
        onError: (error) => toastError(error.message),
      },
    );
  return { move, pending: action.isPending };
}

function AnswerForm({ conversation }: { conversation: AdminConversation }) {
  const [text, setText] = useState('');
  const [close, setClose] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { move, pending } = useMoveTo();
  const closeId = useId();
  const send = (event: FormEvent) => {
    event.preventDefault();
    const parsed = teamReplySchema.safeParse({ message: text, close });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    move(`/api/admin/support/conversations/${conversation.id}/answer`, parsed.data, () => {
      setText('');
      setClose(false);
    });
  };
  return (
    <form noValidate onSubmit={send} className="grid gap-3" aria-label={`Answer ${conversation.reference}`}>
      <TextareaField
        label={`Answer to ${conversation.email}`}
        rows={4}
        maxLength={SUPPORT_MESSAGE_MAX}
        value={text}
        error={error}
        hint="Emailed to the customer and shown on their conversation page; they can reply to the email."
        onChange={(event) => setText(event.target.value)}
      />
      <div className="flex items-center gap-2">
        <Checkbox id={closeId} checked={close} onCheckedChange={(checked) => setClose(checked === true)} />
        <Label htmlFor={closeId}>Close the conversation with this answer</Label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          <Send aria-hidden />
          Send answer
        </Button>
        {conversation.status === 'closed' ? null : (
          <Button
            type="button"
            variant="outline"
            disabled={pending}
            onClick={() => move(`/api/admin/support/conversations/${conversation.id}/close`)}
          >
            Close without answer
          </Button>
        )}
      </div>
    </form>
  );
}

function WaitingFor({ since }: { since: string }) {
  const now = useNow(60_000);
  const { text, overdue } = waitingAge(since, now);
  return (
    <Badge variant={overdue ? 'destructive' : 'outline'}>
      Waiting {text}
      {overdue ? `, past the ${SUPPORT_ANSWER_HOURS} h promise` : ''}
    </Badge>
  );
}

function SupportConversations({ one, onShowAll }: { one?: string; onShowAll: () => void }) {
  const [view, setView] = useState<'open' | 'all'>('open');
  const conversations = useSupportConversations(view, one);
  const list = conversations.data?.conversations ?? [];
  return (
    <div className="grid grid-cols-1 gap-4">
      {one ? (
        <Button variant="outline" className="justify-self-start" onClick={onShowAll}>
          Show every open conversation
        </Button>
      ) : (
        <SelectField
          label="Show"
          className="w-full sm:w-64"
          value={view}
          choices={[
            { value: 'open', label: 'Open, longest waiting first' },
            { value: 'all', label: 'All, latest first' },
          ]}
          onChange={(event) => setView(event.target.value === 'all' ? 'all' : 'open')}
        />
      )}
      <ListState
        query={conversations}
        what="conversations"
        empty={
          list.length === 0
            ? one
              ? 'No such conversation.'
              : 'No open conversations: every customer has an answer.'
            : null
        }
      >
        <ul aria-label="Support conversations" className="grid gap-4">
          {list.map((conversation) => (
            <li key={conversation.id} className="grid min-w-0 gap-3 rounded-lg border border-border p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-semibold break-all">
                  {conversation.reference} · {conversation.email}
                </h3>
                <ConversationStatusBadge status={conversation.status} />
                {conversation.waiting_since ? <WaitingFor since={conversation.waiting_since} /> : null}
              </div>
              {conversation.order && conversation.facts ? (
                <p className="text-sm text-muted-foreground">
                  <Link
                    to={adminOrderHref(conversation.order.id)}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    Order {conversation.order.short_id}
                  </Link>
                  {` · ${conversation.facts.title} · ${ORDER_STATUS_LABELS[conversation.facts.status as OrderStatus] ?? conversation.facts.status} when written · ${formatPrice(conversation.facts.total_cents)} · placed `}
                  <When at={conversation.facts.placed_at} />
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">Not about an order.</p>
              )}
              <ConversationThread
                messages={conversation.messages}
                customer={conversation.email}
                label={`Messages of ${conversation.reference}, oldest first`}
              />
              <AnswerForm conversation={conversation} />
            </li>
          ))}
        </ul>
      </ListState>
    </div>
  );
}

function BugReports() {
  const reports = useBugReports();
  const { move, pending } = useMoveTo();
  const list = reports.data?.reports ?? [];
  return (
    <ListState query={reports} what="bug reports" empty={list.length === 0 ? 'No bug reports yet.' : null}>
      <ul aria-label="Bug reports, newest first" className="grid gap-3">
        {list.map((report) => (
          <li key={report.id} className="grid gap-2 rounded-lg border border-border p-4">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold">{report.title}</h3>
              <Badge
                variant={report.priority === 'critical' || report.priority === 'high' ? 'destructive' : 'secondary'}
              >
                {BUG_PRIORITY_LABELS[report.priority]}
              </Badge>
            </div>
            <p className="text-sm whitespace-pre-line">{report.description}</p>
            <p className="text-xs break-all text-muted-foreground">
              <When at={report.created_at} /> · {report.email} · {report.page_url}
            </p>
            {report.screenshots.length > 0 ? (
              <ul aria-label="Screenshots" className="flex flex-wrap gap-2">
                {report.screenshots.map((shot) => (
                  <li key={shot.position}>
                    <a
                      href={shot.url}
                      target="_blank"
                      rel="noreferrer"
                      className="block rounded-md border border-border"
                    >
                      <img
                        src={shot.url}
                        alt={`Screenshot ${shot.position}: ${shot.name}`}
                        className="h-24 w-auto rounded-md"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <SelectField
              label={`Status of “${report.title}”`}
              className="max-w-60"
              value={report.status}
              disabled={pending}
              choices={BUG_STATUSES.map((status) => ({ value: status, label: BUG_STATUS_LABELS[status] }))}
              onChange={(event) => move(`/api/admin/bug-reports/${report.id}/status`, { status: event.target.value })}
            />
          </li>
        ))}
      </ul>
    </ListState>
  );
}

function ServiceRequests() {
  const requests = useServiceRequests();
  const { move, pending } = useMoveTo();
  const list = requests.data?.requests ?? [];
  return (
    <ListState query={requests} what="service requests" empty={list.length === 0 ? 'No service requests yet.' : null}>
      <ul aria-label="Service requests, newest first" className="grid gap-3">
        {list.map((request) => (
          <li
            key={request.id}
            className="grid gap-2 rounded-lg border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-end"
          >
            <div className="grid gap-1">
              <h3 className="font-semibold">
                {request.brand} {request.model ?? ''} on {request.carrier} ({request.country})
              </h3>
              <p className="text-sm break-all text-muted-foreground">
                <When at={request.created_at} /> · {request.email} · IMEI {request.imei}
              </p>
              {request.notes ? <p className="text-sm whitespace-pre-line">{request.notes}</p> : null}
            </div>
            <SelectField
              label={`Status of the request from ${request.email}`}
              className="sm:w-56"
              value={request.status}
              disabled={pending}
              choices={REQUEST_STATUSES.map((status) => ({ value: status, label: REQUEST_STATUS_LABELS[status] }))}
              onChange={(event) =>
                move(`/api/admin/service-requests/${request.id}/status`, { status: event.target.value })
              }
            />
          </li>
        ))}
      </ul>
    </ListState>
  );
}

function Emails() {
  const [to, setTo] = useState('');
  const outbox = useOutbox(useDeferredValue(to));
  const { move, pending } = useMoveTo();
  const list = outbox.data?.messages ?? [];
  return (
    <div className="grid grid-cols-1 gap-4">
      <TextField
        label="Sent to (exact address)"
        type="search"
        value={to}
        onChange={(event) => setTo(event.target.value)}
        className="w-full sm:w-80"
      />
      <ListState query={outbox} what="emails" empty={list.length === 0 ? 'No emails yet.' : null}>
        <ul aria-label="Emails, newest first" className="grid gap-3">
          {list.map((message) => (
            <li key={message.id} className="grid gap-2 rounded-lg border border-border p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">{message.subject}</h3>
                <Badge variant={message.sentAt ? 'success' : 'destructive'}>
                  {message.sentAt ? 'Sent' : 'Not delivered'}
                </Badge>
              </div>
              <p className="text-sm break-all text-muted-foreground">
                <When at={message.createdAt} /> · to {message.toAddress}
                {message.error ? ` · ${message.attempts} tries, last error: ${message.error}` : ''}
              </p>
              <details className="text-sm">
                <summary className="cursor-pointer text-primary">Show the text</summary>
                <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-muted p-3 whitespace-pre-wrap">
                  {message.text}
                </pre>
              </details>
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                disabled={pending}
                aria-label={`Send “${message.subject}” to ${message.toAddress} again`}
                onClick={() => move(`/api/admin/mail-outbox/${message.id}/resend`)}
              >
                <Send aria-hidden />
                Send again
              </Button>
            </li>
          ))}
        </ul>
      </ListState>
    </div>
  );
}

function Newsletter() {
  const [search, setSearch] = useState('');
  const subscribers = useSubscribers(useDeferredValue(search));
  const list = subscribers.data?.subscribers ?? [];
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-muted-foreground" role="status">
          {subscribers.data
            ? `${subscribers.data.subscribed} subscribed, ${subscribers.data.unsubscribed} unsubscribed.`
            : 'Counting…'}
        </p>
        <Button asChild variant="outline">
          <a href="/api/admin/newsletter/subscribers.csv" download>
            <Download aria-hidden />
            Export subscribers (CSV)
          </a>
        </Button>
      </div>
      <TextField
        label="Search addresses"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="w-full sm:w-80"
      />
      <ListState query={subscribers} what="subscribers" empty={list.length === 0 ? 'No subscribers yet.' : null}>
        <ul aria-label="Subscribers, newest first" className="divide-y divide-border rounded-lg border border-border">
          {list.map((row) => (
            <li key={row.email} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
              <span className="font-medium break-all">{row.email}</span>
              <span className="text-muted-foreground">
                {row.unsubscribed_at ? (
                  <>
                    Unsubscribed <When at={row.unsubscribed_at} />
                  </>
                ) : (
                  <>
                    Since <When at={row.subscribed_at} />
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
      </ListState>
    </div>
  );
}

/** /admin/inbox: support conversations, bug reports, service requests, the mail outbox and newsletter subscribers. */
export default function AdminInboxPage() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  return (
    <div className="grid grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight">Inbox</h1>
      <Tabs value={tab} onValueChange={(next) => setParams({ tab: next })}>
        <TabsList aria-label="What to show" className="max-w-full justify-start overflow-x-auto">
          {Object.entries(TABS).map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="support">
          <SupportConversations one={conversationOf(params)} onShowAll={() => setParams({ tab: 'support' })} />
        </TabsContent>
        <TabsContent value="bugs">
          <BugReports />
        </TabsContent>
        <TabsContent value="requests">
          <ServiceRequests />
        </TabsContent>
        <TabsContent value="mail">
          <Emails />
        </TabsContent>
        <TabsContent value="newsletter">
          <Newsletter />
        </TabsContent>
      </Tabs>
    </div>
  );
}
