import { z } from 'zod';
import { photoCheckSchema } from './ai.js';
import { AI_CATEGORIES } from './ai-rules.js';

/** Our hand-off extras (the category to book in, and whether a professional should look): optional, as above. */
const handoffExtras = {
  expertAdvised: z.boolean().optional().catch(undefined),
};
const aiCategory = z.enum(AI_CATEGORIES).optional().catch(undefined);
/** The boat the conversation is about (My Boats), or null; absent in the bare shape. */
const aiBoat = z.object({ id: z.string(), name: z.string() }).nullable().optional().catch(undefined);

/**
 * What the chat accepts from POST /api/ai/ask: the bare shape ({response}), with our own fields as
 * optional extras, so any deployment or proxy that answers the bare shape still renders
 * (docs/PRODUCT.md#ai-assistant).
 * Without a sessionId the next question starts a new conversation.
 */
export const askAnswerSchema = z.object({
  response: z.string(),
  sessionId: z.string().optional(),
  category: aiCategory,
  boat: aiBoat,
  ...handoffExtras,
});
export type AskAnswer = z.infer<typeof askAnswerSchema>;

// A proxy may send null for an optional field it has no value for.
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined)
  .optional();

/**
 * What the chat accepts from POST /api/ai/analyze-image: the bare {category, severity, diagnosis,
 * recommendations, estimatedCost?, urgency?}, with our sessionId, photo checks and boat as optional extras.
 */
export const imageAnalysisAnswerSchema = z.object({
  category: z.string(),
  severity: z.string(),
  diagnosis: z.string(),
  recommendations: z.array(z.string()),
  estimatedCost: optionalText,
  urgency: optionalText,
  sessionId: z.string().optional(),
  photoChecks: z.array(photoCheckSchema).optional(),
  sessionCategory: aiCategory,
  boat: aiBoat,
  ...handoffExtras,
});
export type ImageAnalysisAnswer = z.infer<typeof imageAnalysisAnswerSchema>;
