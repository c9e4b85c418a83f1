import { useCallback, useEffect, useRef, useState } from 'react';
import type { AssistantOrder, AssistantSource } from '../../../domain/assistant';
import { AssistantError, askAssistant } from './api/ask-assistant';

export interface ChatTurn {
  readonly id: number;
  readonly role: 'user' | 'assistant';
  readonly text: string;
  readonly sources: readonly AssistantSource[];
  readonly order: AssistantOrder | null;
  /** An assistant turn is `writing` until its answer is complete. */
  readonly state: 'writing' | 'done' | 'failed';
}

/** The conversation of the assistant screen: each question and its answer as it streams in. */
export function useAssistantChat() {
  const [turns, setTurns] = useState<ChatTurn[]>([]);
  const [busy, setBusy] = useState(false);
  const nextId = useRef(0);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const ask = useCallback(async (question: string) => {
    const userId = nextId.current++;
    const answerId = nextId.current++;
    setTurns((current) => [
      ...current,
      { id: userId, role: 'user', text: question, sources: [], order: null, state: 'done' },
      { id: answerId, role: 'assistant', text: '', sources: [], order: null, state: 'writing' },
    ]);
    const update = (change: (turn: ChatTurn) => ChatTurn) =>
      setTurns((current) => current.map((turn) => (turn.id === answerId ? change(turn) : turn)));

    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    try {
      await askAssistant(
        question,
        (event) => {
          if (event.type === 'sources') update((turn) => ({ ...turn, sources: event.sources }));
          else if (event.type === 'text') update((turn) => ({ ...turn, text: turn.text + event.text }));
          else if (event.type === 'order') update((turn) => ({ ...turn, order: event.order }));
          else if (event.type === 'error') update((turn) => ({ ...turn, text: event.message, state: 'failed' }));
          else update((turn) => ({ ...turn, state: turn.state === 'failed' ? 'failed' : 'done' }));
        },
        controller.signal,
      );
      // An answer cut off without its last line still ends.
      update((turn) => (turn.state === 'writing' ? { ...turn, state: 'done' } : turn));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const message = error instanceof AssistantError ? error.message : String(error);
      update((turn) => ({ ...turn, text: message, state: 'failed' }));
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(false);
      }
    }
  }, []);

  return { turns, busy, ask };
}
