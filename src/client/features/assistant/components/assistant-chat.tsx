import { Bot, FileText, LoaderCircle, Package, SendHorizontal, User } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ASSISTANT_TEXTS, type AssistantOrder } from '../../../../domain/assistant';
import { SUPPORT_HREF, TRACK_ORDER_HREF } from '../../../../domain/site-map';
import { type ChatTurn, useAssistantChat } from '../use-assistant-chat';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { cn } from '~/lib/cn';

const SUGGESTIONS = [
  'How long does an unlock take?',
  'What does the money-back guarantee cover?',
  'My eSIM has no data after install',
  'Where is my order?',
] as const;

function OrderCard({ order }: { order: AssistantOrder }) {
  const done = order.status === 'fulfilled';
  return (
    <div className="mt-3 rounded-lg border border-border bg-background p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2 font-semibold">
        <Package aria-hidden className="size-4 text-primary" />
        Order #{order.short_id}
        <Badge variant={done ? 'success' : 'secondary'}>{order.status_label}</Badge>
      </p>
      <p className="mt-1 text-muted-foreground">
        Placed {new Date(order.created_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}.{' '}
        <Link to={TRACK_ORDER_HREF} className="font-medium text-primary underline-offset-4 hover:underline">
          Track Order
        </Link>{' '}
        shows every step.
      </p>
    </div>
  );
}

function Bubble({ turn }: { turn: Pick<ChatTurn, 'role' | 'text' | 'sources' | 'order' | 'state'> }) {
  const mine = turn.role === 'user';
  return (
    <li className={cn('flex gap-3', mine && 'flex-row-reverse')}>
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full',
          mine ? 'bg-muted text-foreground' : 'bg-primary/10 text-primary',
        )}
      >
        {mine ? <User aria-hidden className="size-4" /> : <Bot aria-hidden className="size-4" />}
      </span>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-4 py-3 text-sm leading-relaxed sm:max-w-[75%]',
          mine ? 'bg-primary text-primary-foreground' : 'border border-border bg-card',
          turn.state === 'failed' && 'border-destructive/50',
        )}
      >
        <p className="sr-only">{mine ? 'You said:' : 'Assistant said:'}</p>
        {turn.state === 'writing' && turn.text === '' ? (
          <p className="flex items-center gap-2 text-muted-foreground">
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
            {ASSISTANT_TEXTS.thinking}
          </p>
        ) : (
          <p className={cn('whitespace-pre-line', turn.state === 'failed' && 'text-destructive')}>{turn.text}</p>
        )}
        {turn.order && <OrderCard order={turn.order} />}
        {turn.sources.length > 0 && (
          <div className="mt-3 border-t border-border pt-2">
            <p className="text-xs font-medium text-muted-foreground">
              {turn.sources.length === 1 ? ASSISTANT_TEXTS.sourcesLabel : 'Sources'}
            </p>
            <ul className="mt-1 grid gap-1">
              {turn.sources.map((source) => (
                <li key={source.href}>
                  <Link
                    to={source.href}
                    className="inline-flex items-start gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    <FileText aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                    <span>
                      {source.heading} <span className="font-normal text-muted-foreground">· {source.title}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </li>
  );
}

/** /support/assistant: a chat answered from the help articles (with their links) and by the order lookup. */
export function AssistantChat() {
  const { turns, busy, ask } = useAssistantChat();
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (turns.length > 0) end.current?.scrollIntoView({ block: 'nearest' });
  }, [turns]);

  function send(question: string) {
    const text = question.trim();
    if (text === '' || busy) return;
    setDraft('');
    void ask(text);
    input.current?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    send(draft);
  }

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col px-4 py-10 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{ASSISTANT_TEXTS.title}</h1>
      <p className="mt-3 text-muted-foreground">{ASSISTANT_TEXTS.lead}</p>

      <div className="mt-8 rounded-2xl border border-border bg-muted/30 p-4 sm:p-6">
        <div role="log" aria-label="Conversation" aria-live="polite">
          <ul className="grid gap-4">
            <Bubble
              turn={{ role: 'assistant', text: ASSISTANT_TEXTS.welcome, sources: [], order: null, state: 'done' }}
            />
            {turns.map((turn) => (
              <Bubble key={turn.id} turn={turn} />
            ))}
            <li ref={end} aria-hidden className="h-0" />
          </ul>
        </div>
        {turns.length === 0 && (
          <div className="mt-6">
            <p id="suggestions-label" className="text-sm font-medium text-muted-foreground">
              Try asking
            </p>
            <ul aria-labelledby="suggestions-label" className="mt-2 flex flex-wrap gap-2">
              {SUGGESTIONS.map((suggestion) => (
                <li key={suggestion}>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => send(suggestion)}
                    // A long question wraps on a phone rather than running past the card.
                    className="h-auto min-h-9 py-1.5 text-left whitespace-normal"
                  >
                    {suggestion}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <form onSubmit={onSubmit} className="mt-6 flex gap-2">
          <label htmlFor={inputId} className="sr-only">
            {ASSISTANT_TEXTS.inputLabel}
          </label>
          <Input
            ref={input}
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={ASSISTANT_TEXTS.placeholder}
            maxLength={1000}
            autoComplete="off"
            className="h-11 bg-background"
          />
          <Button type="submit" size="lg" disabled={busy || draft.trim() === ''} className="h-11">
            <SendHorizontal aria-hidden />
            {ASSISTANT_TEXTS.send}
          </Button>
        </form>
      </div>
      <p className="mt-4 text-sm text-muted-foreground">
        Prefer to read?{' '}
        <Link to={SUPPORT_HREF} className="font-medium text-primary underline-offset-4 hover:underline">
          Browse the Help Center
        </Link>
        .
      </p>
    </div>
  );
}
