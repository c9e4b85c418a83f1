import {
  ASSISTANT_TEXTS,
  type AssistantEvent,
  type AssistantSource,
  assistantOrder,
  orderLookupInMessage,
  passageAnswer,
} from '../../../domain/assistant.ts';
import type { HelpArticle } from '../../../domain/help.ts';
import { orderLookupRequestSchema, parseOrderReference } from '../../../domain/order-lookup.ts';
import { STORE } from '../../../domain/store-config.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { lookupOrders } from '../orders/lookup.ts';
import { type ChatMessage, type ChatModelSettings, streamChatCompletion } from './chat-model.ts';
import { createHelpRetrieval, type RetrievedPassage } from './retrieval.ts';

export interface SupportAssistant {
  /** The answer to one chat message, as the events the client shows in turn. */
  answer(message: string, signal?: AbortSignal): AsyncGenerator<AssistantEvent>;
}

const SYSTEM_PROMPT = [
  `You are the support assistant of ${STORE.name}, a store for official carrier unlocks and travel eSIMs.`,
  'Answer only from the numbered help passages the user message gives you. Do not use anything else you know.',
  'If the passages do not answer the question, say you do not know and suggest the Help Center or',
  `${STORE.supportEmail}. Answer in a few short sentences or steps, in plain text without Markdown headings.`,
].join(' ');

function sourceOf(passage: RetrievedPassage): AssistantSource {
  return { title: passage.articleTitle, heading: passage.heading, href: passage.href };
}

function modelMessages(question: string, passages: readonly RetrievedPassage[]): ChatMessage[] {
  const context = passages
    .map((passage, i) => `[${i + 1}] ${passage.articleTitle} — ${passage.heading}\n${passage.text}`)
    .join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Help passages:\n\n${context}\n\nQuestion: ${question}` },
  ];
}

/**
 * The assistant of /support/assistant. Without a model it answers with the best passage of the
 * help articles; with one (an OpenAI-compatible endpoint) the model writes the answer from the
 * retrieved passages only. Either way the sources are the passages used, and a question no passage
 * answers gets "I don't know" without asking the model. Order questions are answered from the
 * orders module with the order lookup's rules.
 */
export function createSupportAssistant(deps: {
  readonly db: Db;
  readonly articles: readonly HelpArticle[];
  readonly model?: ChatModelSettings;
  readonly logger: Logger;
}): SupportAssistant {
  const retrieval = createHelpRetrieval(deps.articles);

  async function* orderAnswer(email: string | null, reference: string | null): AsyncGenerator<AssistantEvent> {
    if (!email && !reference) {
      yield { type: 'text', text: ASSISTANT_TEXTS.askForOrder };
      return;
    }
    if (!email) {
      yield { type: 'text', text: ASSISTANT_TEXTS.needEmail };
      return;
    }
    if (!reference) {
      yield { type: 'text', text: ASSISTANT_TEXTS.needOrderId };
      return;
    }
    const parsed = orderLookupRequestSchema.safeParse({ email, order_id_or_imei: reference });
    const ref = parsed.success ? parseOrderReference(parsed.data.order_id_or_imei) : null;
    if (!parsed.success || !ref) {
      yield { type: 'text', text: parsed.error?.issues[0]?.message ?? ASSISTANT_TEXTS.askForOrder };
      return;
    }
    if (ref.kind === 'imei') {
      yield { type: 'text', text: ASSISTANT_TEXTS.imeiLookup };
      return;
    }
    const [found] = await lookupOrders(deps.db, parsed.data);
    if (!found) {
      yield { type: 'text', text: ASSISTANT_TEXTS.orderNotFound };
      return;
    }
    const order = assistantOrder({ ...found, createdAt: found.created_at });
    yield { type: 'order', order };
    yield { type: 'text', text: ASSISTANT_TEXTS.orderFound(order) };
  }

  async function* articleAnswer(question: string, signal?: AbortSignal): AsyncGenerator<AssistantEvent> {
    const passages = retrieval.retrieve(question);
    const best = passages[0];
    if (!best) {
      yield { type: 'sources', sources: [] };
      yield { type: 'text', text: ASSISTANT_TEXTS.dontKnow };
      return;
    }
    if (!deps.model) {
      yield { type: 'sources', sources: [sourceOf(best)] };
      yield { type: 'text', text: passageAnswer(best) };
      return;
    }
    yield { type: 'sources', sources: passages.map(sourceOf) };
    let wrote = false;
    try {
      for await (const piece of streamChatCompletion(deps.model, modelMessages(question, passages), signal)) {
        wrote = true;
        yield { type: 'text', text: piece };
      }
    } catch (error) {
      deps.logger.warn({ err: error }, 'assistant model failed; answering with the best passage');
      // Half an answer stays as written; none at all falls back to the passage.
      if (!wrote) yield { type: 'text', text: passageAnswer(best) };
    }
  }

  return {
    async *answer(message, signal) {
      const { email, reference, asksAboutOrder } = orderLookupInMessage(message);
      if (email || reference) {
        yield* orderAnswer(email, reference);
        yield { type: 'done', mode: 'articles' };
        return;
      }
      if (asksAboutOrder) {
        yield* orderAnswer(null, null);
        yield { type: 'done', mode: 'articles' };
        return;
      }
      yield* articleAnswer(message, signal);
      yield { type: 'done', mode: deps.model ? 'model' : 'articles' };
    },
  };
}
