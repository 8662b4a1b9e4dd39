import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { fillPromptTemplate, imageAnalysisSchema } from '../../../common/ai.js';
import type { AiCategory } from '../../../common/ai-rules.js';
import { formatReferences, hasReferences } from '../../../common/ai-references.js';
import { AiProviderError, type AiProvider, type BoatContext, type ConversationTurn } from '../provider.js';
import { describeBoat } from '../boat-details.js';
import type { TopicDecision } from '../conversation/topic-decision.js';
import { categoryOf } from '../knowledge-base/knowledge-base.js';
import type { WebSearch, SearchResult } from './web-search.js';

export interface OpenAiProviderOptions {
  baseURL?: string;
  apiKey?: string;
  model: string;
  visionModel?: string;
  search?: WebSearch;
  /** Decides the session category from the question (the knowledge base's best evidence). */
  classify: (text: string) => AiCategory;
  /** Where a question belongs in its conversation: a new subject, a follow-up or a return (the built-in engine's decision). */
  decideTopic: (question: string, history: ConversationTurn[]) => TopicDecision;
  timeoutMs?: number;
}

function toMessages(history: ConversationTurn[]): ChatCompletionMessageParam[] {
  return history.map((turn) => ({ role: turn.role === 'ai' ? 'assistant' : 'user', content: turn.content }));
}

/** Appended to the administrator's system prompt so any model's answer renders in the chat as ours do. */
export const ANSWER_FORMAT =
  "Format the answer as plain text for a chat: a natural first sentence, then short sections with **bold** headings, numbered steps and '- ' bullet points; no tables, no HTML, no links in the text.";

/**
 * The model sees the turns of the subject being discussed, not the whole conversation: a new subject gets
 * none (no trace of the earlier one), and a return to an earlier subject gets that subject's turns and is
 * told to say so first, as the built-in engine does.
 */
function conversationFor(decision: TopicDecision, history: ConversationTurn[]): { turns: ConversationTurn[]; note: string } {
  if (decision.kind === 'first' || decision.kind === 'new-topic') return { turns: [], note: '' };
  const turns = decision.topic.turns.map((index) => history[index]!).filter(Boolean);
  const note =
    decision.kind === 'return'
      ? `\n\nThe owner is coming back to an earlier subject, their ${decision.subject}. Begin the answer with the words 'Back to your ${decision.subject}:'.`
      : '';
  return { turns, note };
}

/** A follow-up such as 'how much would that cost?' is searched for with the subject it belongs to. */
function searchQuery(decision: TopicDecision): string {
  return decision.topic.messages
    .map((m) => m.text)
    .join(' ')
    .slice(-400);
}

function sourcesBlock(sources: SearchResult[]): string {
  const lines = sources.map((s, i) => `[${i + 1}] ${s.title} - ${s.url}\n${s.snippet}`);
  return `\n\nWeb search results to use as sources. Cite them in the text with their numbers, like [1]:\n${lines.join('\n\n')}`;
}

/** The owner's boat (My Boats), so the model assumes its make, model and engine and says so. */
function boatNote(boat: BoatContext): string {
  return `\n\nThe owner is asking about their boat ${describeBoat(boat)}. Assume this boat and engine unless the owner names other equipment, and start the answer by saying in one short sentence which boat you assumed.`;
}

/** Turns the SDK's errors into messages a boat owner can act on; the conversation is kept either way. */
function providerError(error: unknown, sdk: typeof OpenAI): AiProviderError {
  if (error instanceof AiProviderError) return error;
  if (error instanceof sdk.APIConnectionTimeoutError) {
    return new AiProviderError('The AI service took too long to answer. Please try again.', 504);
  }
  if (error instanceof sdk.APIError && error.status === 429) {
    return new AiProviderError('The AI service is busy right now. Please try again in a minute.', 429);
  }
  if (error instanceof sdk.APIConnectionError) {
    return new AiProviderError('The AI service cannot be reached right now. Please try again shortly.', 503);
  }
  return new AiProviderError('The AI service is having trouble right now. Please try again shortly.', 502);
}

/** Perplexity answers the pages it used as top-level `citations` (or `search_results`). */
function citationsOf(completion: unknown): { title: string; url: string }[] {
  const extra = completion as { citations?: unknown; search_results?: unknown };
  if (Array.isArray(extra.search_results)) {
    return extra.search_results
      .filter((r): r is { title?: string; url: string } => typeof r?.url === 'string')
      .map((r) => ({ title: r.title || r.url, url: r.url }));
  }
  if (Array.isArray(extra.citations)) {
    return extra.citations.filter((c): c is string => typeof c === 'string').map((url) => ({ title: url, url }));
  }
  return [];
}

const VISION_INSTRUCTIONS = `Look at the photo of a boat or marine equipment problem and answer ONLY with a JSON object:
{"category": string, "severity": "Low"|"Medium"|"High"|"Critical", "diagnosis": string, "recommendations": string[], "estimatedCost": string, "urgency": string}`;

/** Any OpenAI-compatible chat API: OpenAI, Perplexity, Ollama, vLLM, OpenRouter. */
export async function createOpenAiProvider(options: OpenAiProviderOptions): Promise<AiProvider> {
  // Loaded only when the assistant uses a model: a server that never does spends no memory on the SDK.
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({
    baseURL: options.baseURL,
    apiKey: options.apiKey ?? 'not-needed',
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: 0,
  });

  return {
    name: 'openai',
    webSearch: !!options.search,
    vision: !!options.visionModel,

    async answer({ question, history, settings, boat }) {
      try {
        const decision = options.decideTopic(question, history);
        const { turns, note } = conversationFor(decision, history);
        const sources = options.search ? await options.search.search(searchQuery(decision)).catch(() => []) : [];
        const completion = await client.chat.completions.create({
          model: options.model,
          messages: [
            { role: 'system', content: `${settings.systemPrompt}\n\n${ANSWER_FORMAT}${note}${boat ? boatNote(boat) : ''}` },
            ...toMessages(turns),
            { role: 'user', content: fillPromptTemplate(settings.userPromptTemplate, question) + (sources.length ? sourcesBlock(sources) : '') },
          ],
        });
        const text = completion.choices[0]?.message?.content?.trim();
        if (!text) throw new AiProviderError('The AI service returned an empty answer. Please try again.', 502);
        const references = sources.length ? sources.map(({ title, url }) => ({ title, url })) : citationsOf(completion);
        const withReferences = hasReferences(text) || references.length === 0 ? text : `${text}\n\n${formatReferences(references)}`;
        return { text: withReferences, category: categoryOf(decision.topic.evidence) };
      } catch (error) {
        throw providerError(error, OpenAI);
      }
    },

    async analyzeImage({ image, description, settings, boat }) {
      if (!options.visionModel || !image) throw new AiProviderError('No vision model is configured.', 503);
      try {
        const completion = await client.chat.completions.create({
          model: options.visionModel,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: `${settings.systemPrompt}\n\n${VISION_INSTRUCTIONS}${boat ? boatNote(boat) : ''}` },
            {
              role: 'user',
              content: [
                { type: 'text', text: description ? `The owner says: ${description}` : 'The owner sent this photo without a description.' },
                { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${image.toString('base64')}` } },
              ],
            },
          ],
        });
        const raw = completion.choices[0]?.message?.content ?? '';
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.replace(/^```(?:json)?\s*|\s*```$/g, ''));
        } catch {
          parsed = undefined;
        }
        const analysis = imageAnalysisSchema.safeParse(parsed);
        if (!analysis.success) {
          throw new AiProviderError('The image analysis came back unreadable. Please try again.', 502);
        }
        return {
          analysis: analysis.data,
          category: options.classify(`${description} ${analysis.data.category} ${analysis.data.diagnosis}`),
        };
      } catch (error) {
        throw providerError(error, OpenAI);
      }
    },
  };
}
