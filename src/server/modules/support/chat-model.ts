/** An OpenAI-compatible chat-completions endpoint, streamed (server-sent events of `choices[0].delta.content`). */
export interface ChatModelSettings {
  /** The endpoint, or the API's base URL to which /chat/completions is added. */
  readonly url: string;
  readonly apiKey: string;
  readonly model: string;
  /** How long one whole answer may take (60 s unless said). */
  readonly timeoutMs?: number;
}

export interface ChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export class ChatModelError extends Error {}

export function chatCompletionsUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`;
}

interface StreamChunk {
  choices?: { delta?: { content?: string | null } }[];
}

/** The model's answer to `messages`, piece by piece as it writes it. */
export async function* streamChatCompletion(
  settings: ChatModelSettings,
  messages: readonly ChatMessage[],
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const timeout = AbortSignal.timeout(settings.timeoutMs ?? 60_000);
  const response = await fetch(chatCompletionsUrl(settings.url), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      Authorization: `Bearer ${settings.apiKey}`,
    },
    body: JSON.stringify({ model: settings.model, messages, stream: true, temperature: 0.2 }),
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok || !response.body) {
    throw new ChatModelError(`chat model answered ${response.status}`);
  }
  const decoder = new TextDecoder();
  let buffered = '';
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split(/\r?\n/);
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('data:')) continue;
      const data = line.slice(5).trim();
      if (data === '[DONE]') return;
      const parsed = JSON.parse(data) as StreamChunk;
      const piece = parsed.choices?.[0]?.delta?.content;
      if (piece) yield piece;
    }
  }
}
