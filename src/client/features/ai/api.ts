import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AiConversation, AiSession, AiSettings, AiStatus, AskInput } from '@common/ai';
import { AI_STATUS_PATH } from '@common/page-requests';
import { apiForm, apiJson } from '../../lib/api-request';

const STATUS_KEY = [AI_STATUS_PATH] as const;
const SESSIONS_KEY = ['/api/ai/sessions'] as const;
const SETTINGS_KEY = ['/api/ai/settings'] as const;

export function getAiStatus() {
  return apiJson<AiStatus>('GET', AI_STATUS_PATH);
}

export const aiStatusQueryOptions = () => queryOptions({ queryKey: STATUS_KEY, queryFn: getAiStatus });

/** What the assistant really can do here (web search, vision), so the screens claim no more. */
export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}

/** The answers' schemas, and zod with them, load with the first question rather than with the page. */
const loadAnswerSchemas = () => import('@common/ai-answers').catch(() => null);

/** The answer in its bare shape ({response}); anything else fails as 'Failed to get AI response'. */
export async function askAi(input: AskInput) {
  const [schemas, body] = await Promise.all([loadAnswerSchemas(), apiJson<unknown>('POST', '/api/ai/ask', input)]);
  const answer = schemas?.askAnswerSchema.safeParse(body);
  if (!answer?.success) throw new Error('Failed to get AI response');
  return answer.data;
}

export function useAskAi() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askAi,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export interface AnalyzeImageInput {
  image: File;
  description?: string;
  sessionId?: string;
  /** A new conversation's boat; null is sent as an empty field ('no boat'), undefined leaves it to the server. */
  boatId?: string | null;
}

/** The analysis in its bare shape; anything else fails as 'Failed to analyze image'. */
export async function analyzeImage({ image, description, sessionId, boatId }: AnalyzeImageInput) {
  const form = new FormData();
  if (description) form.append('description', description);
  if (sessionId) form.append('sessionId', sessionId);
  else if (boatId !== undefined) form.append('boatId', boatId ?? '');
  form.append('image', image);
  const [schemas, body] = await Promise.all([loadAnswerSchemas(), apiForm<unknown>('/api/ai/analyze-image', form)]);
  const analysis = schemas?.imageAnalysisAnswerSchema.safeParse(body);
  if (!analysis?.success) throw new Error('Failed to analyze image');
  return analysis.data;
}

export function useAnalyzeImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function getAiSessions() {
  return apiJson<AiSession[]>('GET', '/api/ai/sessions');
}

export const aiSessionsQueryOptions = () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: getAiSessions });

/** The signed-in user's past conversations, newest first; requested only when signed in. */
export function useAiSessions(enabled: boolean) {
  return useQuery({ ...aiSessionsQueryOptions(), enabled });
}

export function getAiConversation(id: string) {
  return apiJson<AiConversation>('GET', `/api/ai/sessions/${encodeURIComponent(id)}`);
}

export const aiConversationQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...SESSIONS_KEY, id], queryFn: () => getAiConversation(id) });

/**
 * Loads a past conversation on demand (a click in the history) so the chat can continue it. Always
 * fresh: the conversation may have grown in another tab since it was last read.
 */
export function useOpenAiConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => queryClient.fetchQuery({ ...aiConversationQueryOptions(id), staleTime: 0 }),
    retry: false,
  });
}

export function getAiSettings() {
  return apiJson<AiSettings>('GET', '/api/ai/settings');
}

export const aiSettingsQueryOptions = () => queryOptions({ queryKey: SETTINGS_KEY, queryFn: getAiSettings });

/** The global prompts; administrators only. */
export function useAiSettings() {
  return useQuery(aiSettingsQueryOptions());
}

export function updateAiSettings(settings: AiSettings) {
  return apiJson<unknown>('PUT', '/api/ai/settings', settings);
}

export function useUpdateAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}
