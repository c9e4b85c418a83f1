/** One server-sent event as a browser's EventSource sees it. */
export interface SseMessage {
  readonly id?: string;
  readonly event?: string;
  readonly data: string;
}

function parseBlock(block: string): SseMessage | null {
  const fields: { id?: string; event?: string; data: string[] } = { data: [] };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'id') fields.id = value;
    else if (name === 'event') fields.event = value;
    else if (name === 'data') fields.data.push(value);
  }
  return fields.data.length > 0 ? { id: fields.id, event: fields.event, data: fields.data.join('\n') } : null;
}

/** Reads an event-stream answer one message at a time (comments and retry-only blocks skipped). */
export function readSse(res: Response) {
  if (!res.body) throw new Error('the answer has no body');
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return {
    /** The next message; fails when none arrives within `timeoutMs`. */
    async next(timeoutMs = 5_000): Promise<SseMessage> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const message = parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (message) return message;
          continue;
        }
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('no server-sent event in time')), deadline - Date.now());
        });
        const chunk = await Promise.race([reader.read(), timeout]).finally(() => clearTimeout(timer));
        if (chunk.done) throw new Error('the stream ended');
        buffer += chunk.value;
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
