import { z } from 'zod';
import { AI_CATEGORIES, DESCRIPTION_MAX_LENGTH, QUESTION_MAX_LENGTH } from './ai-rules.js';

export const askSchema = z.object({
  question: z
    .string({ error: 'Please enter a question' })
    .trim()
    .min(1, 'Please enter a question')
    .max(QUESTION_MAX_LENGTH, `Questions can be at most ${QUESTION_MAX_LENGTH} characters`),
  /** Continue this conversation; omitted to start a new one. */
  sessionId: z.string().uuid('Unknown conversation').optional(),
  /**
   * A new conversation's boat (My Boats): its make, model and engine are assumed. Omitted: the owner's only
   * boat, if they have exactly one; null: no boat. A continued conversation keeps the boat it started with.
   */
  boatId: z.uuid('We could not find that boat in My Boats').nullish(),
});
export type AskInput = z.infer<typeof askSchema>;

export const askResponseSchema = z.object({
  /** Markdown-like text; may end with a '**References:**' block. */
  response: z.string(),
  sessionId: z.string(),
  category: z.enum(AI_CATEGORIES),
  /** A professional should look at this: the chat offers 'Book an expert' on the answer (AI hand-off). */
  expertAdvised: z.boolean(),
  /** The boat the conversation is about, or null. */
  boat: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type AskResponse = z.infer<typeof askResponseSchema>;

/** The structured photo analysis (docs/PRODUCT.md#ai-assistant), as a vision model must answer it. */
export const imageAnalysisSchema = z.object({
  category: z.string().min(1),
  severity: z.string().min(1),
  diagnosis: z.string().min(1),
  recommendations: z.array(z.string().min(1)).min(1),
  estimatedCost: z.string().optional(),
  urgency: z.string().optional(),
});
export type ImageAnalysis = z.infer<typeof imageAnalysisSchema>;

export const photoCheckSchema = z.object({
  check: z.enum(['too-dark', 'too-bright', 'blurred', 'too-small']),
  message: z.string(),
});
export type PhotoCheck = z.infer<typeof photoCheckSchema>;

export const analyzeImageResponseSchema = imageAnalysisSchema.extend({
  sessionId: z.string(),
  /** Problems with the photo itself (dark, blurred, small), from the photo tips. */
  photoChecks: z.array(photoCheckSchema),
  /** The knowledge-base category the conversation is filed under (`category` above is the analysis's own words). */
  sessionCategory: z.enum(AI_CATEGORIES),
  /** A professional should look at this (a high or critical severity): the chat offers 'Book an expert'. */
  expertAdvised: z.boolean(),
  boat: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type AnalyzeImageResponse = z.infer<typeof analyzeImageResponseSchema>;

/** The text fields of a photo upload (multipart, beside the image). */
export const analyzeImageFieldsSchema = z.object({
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH, `Descriptions can be at most ${DESCRIPTION_MAX_LENGTH} characters`).default(''),
  sessionId: z.string().uuid('Unknown conversation').optional(),
  /** As on `askSchema`; a form cannot send null, so an empty field is 'no boat'. */
  boatId: z.preprocess((value) => (value === '' ? null : value), z.uuid('We could not find that boat in My Boats').nullish()),
});

export const aiSessionSchema = z.object({
  id: z.string(),
  question: z.string(),
  category: z.enum(AI_CATEGORIES),
  createdAt: z.iso.datetime(),
  /** The boat the conversation is about, or null. */
  boatId: z.uuid().nullable(),
});
export type AiSession = z.infer<typeof aiSessionSchema>;

export const aiMessageSchema = z.object({
  id: z.string(),
  type: z.enum(['user', 'ai']),
  content: z.string(),
  timestamp: z.iso.datetime(),
  /** On an answer: a professional should look at this, so the chat offers 'Book an expert' on it. */
  expertAdvised: z.boolean().optional(),
});
export type AiMessage = z.infer<typeof aiMessageSchema>;

export const aiConversationSchema = aiSessionSchema.extend({ messages: z.array(aiMessageSchema) });
export type AiConversation = z.infer<typeof aiConversationSchema>;

export const SYSTEM_PROMPT_REQUIRED = 'Please enter a system prompt: it tells the model its role for every conversation';

export const aiSettingsSchema = z.object({
  // An empty system prompt would leave the model with no role or rules at all.
  systemPrompt: z
    .string({ error: SYSTEM_PROMPT_REQUIRED })
    .trim()
    .min(1, SYSTEM_PROMPT_REQUIRED)
    .max(20_000, 'The system prompt can be at most 20,000 characters'),
  userPromptTemplate: z.string().max(20_000, 'The user prompt template can be at most 20,000 characters'),
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

/** What the assistant can really do here, so the screens never claim more (web search, vision). */
export const aiStatusSchema = z.object({
  provider: z.enum(['builtin', 'openai']),
  webSearch: z.boolean(),
  vision: z.boolean(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/** The built-in default prompt pair ('Reset to Default', docs/PRODUCT.md#ai-prompt-settings). */
export const DEFAULT_AI_SETTINGS: AiSettings = {
  systemPrompt: [
    'You are a friendly technical concierge for marine repairs, helping boat owners diagnose and fix problems with their boats.',
    'Always start with an immediate analysis of the likely causes and clear troubleshooting steps, in order.',
    'Then ask 2-3 short questions about the make, model, year, engine hours and operating conditions that would narrow the diagnosis, unless the owner already gave them.',
    'Mention the safety precautions that apply before any hands-on step.',
    'You know the common engine brands (Yamaha, Mercury, MerCruiser, Suzuki, Honda, Evinrude, Volvo Penta, Yanmar) and electronics brands (Garmin, Raymarine, Simrad, Lowrance, Furuno).',
    'If the owner asks about something unrelated to boats, kindly redirect them to marine topics.',
  ].join(' '),
  userPromptTemplate: [
    'Marine equipment issue: {question}',
    '',
    'Please provide:',
    '1. The most likely causes',
    '2. Step-by-step troubleshooting',
    '3. Safety considerations',
    '4. 2-3 questions about make, model and conditions to narrow it down',
    '5. Further steps if the first ones do not solve it',
    '6. When to seek a professional marine technician',
  ].join('\n'),
};

/** Puts the owner's text into the user prompt template; without {question} the text is appended. */
export function fillPromptTemplate(template: string, question: string): string {
  if (!template.includes('{question}')) return `${template.trim()}\n\n${question}`.trim();
  return template.split('{question}').join(question);
}
