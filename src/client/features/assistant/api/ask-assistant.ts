import { ASSISTANT_TEXTS, type AssistantEvent, assistantEventSchema } from '../../../../domain/assistant';
import { ERROR_MESSAGES, errorBodySchema } from '../../../../domain/api-error';

export class AssistantError extends Error {}

async function failureMessage(response: Response): Promise<string> {
  if (response.status === 429) return ERROR_MESSAGES.RATE_LIMITED;
  const parsed = errorBodySchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data.error.message : ASSISTANT_TEXTS.failed;
}

/**
 * POST /api/support/assistant: hands each event of the streamed answer (JSON lines) to `onEvent`
 * as it arrives. Throws AssistantError with a message for people when the question is refused.
 */
export async function askAssistant(
  message: string,
  onEvent: (event: AssistantEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/support/assistant', {
      method: 'POST',
      signal,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      body: JSON.stringify({ message }),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new AssistantError(ASSISTANT_TEXTS.failed);
  }
  if (!response.ok || !response.body) throw new AssistantError(await failureMessage(response));

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  const emit = (line: string) => {
    if (line.trim() === '') return;
    const parsed = assistantEventSchema.safeParse(JSON.parse(line));
    if (parsed.success) onEvent(parsed.data);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    lines.forEach(emit);
  }
  emit(buffered);
}
