import type { AiCategory, ImageAnalysis } from '../../../common/ai.js';
import { AI_CATEGORY_LABELS } from '../../../common/ai.js';
import type { AiProvider, AnalyzeInput, AskInput, ConversationTurn } from '../provider.js';
import type { KnowledgeBase, Evidence } from '../knowledge-base/knowledge-base.js';
import { readEquipmentDetails } from '../equipment-details.js';
import { composeAnswer } from './compose-answer.js';
import { assessSeverity } from './severity.js';

const userTexts = (history: ConversationTurn[]) => history.filter((t) => t.role === 'user').map((t) => t.content);

/**
 * Finds the evidence for a message in its conversation: the message alone first; when it only adds
 * details ('it's a 2016 Yamaha F150 with 900 hours'), the earlier questions carry the subject.
 */
export function findEvidence(kb: KnowledgeBase, question: string, history: ConversationTurn[]) {
  const earlier = userTexts(history);
  const alone = kb.search(question);
  if (earlier.length === 0) return { evidence: alone, followUp: false };
  const inContext = kb.search([...earlier, question].join('\n'));
  const addsDetailsOnly = alone.length === 0 || question.split(/\s+/).length <= 15;
  return addsDetailsOnly && inContext.length > 0
    ? { evidence: inContext, followUp: true }
    : { evidence: alone, followUp: false };
}

export function categoryOf(evidence: Evidence[]): AiCategory {
  return evidence[0]?.article.category ?? 'general';
}

/** The offline engine: answers from the curated knowledge base, instantly and with no network. */
export function createBuiltinProvider(kb: KnowledgeBase): AiProvider {
  return {
    name: 'builtin',
    webSearch: false,
    vision: false,
    async answer({ question, history }: AskInput) {
      const { evidence, followUp } = findEvidence(kb, question, history);
      const details = readEquipmentDetails([...userTexts(history), question]);
      return { text: composeAnswer({ evidence, details, followUp }), category: categoryOf(evidence) };
    },

    async analyzeImage({ description, history, photoChecks }: AnalyzeInput) {
      const { evidence } = description ? findEvidence(kb, description, history) : { evidence: [] };
      const article = evidence[0]?.article;
      const category = categoryOf(evidence);
      const severity = assessSeverity(description, article);
      const photoNote = photoChecks.length
        ? `I checked the photo itself: ${photoChecks.map((c) => c.message).join(' ')}`
        : 'I checked the photo itself: it is sharp, well lit and large enough for an expert to use.';
      const limits =
        "I can't diagnose from the picture alone: a visual diagnosis needs a vision model, which this service does not have configured. What follows is based on your description and the knowledge base.";
      const analysis: ImageAnalysis = article
        ? {
            category: AI_CATEGORY_LABELS[category],
            severity: severity.label,
            diagnosis: `${limits} From what you describe, this is most likely ${article.title.toLowerCase()}. ${article.summary} ${photoNote}`,
            recommendations: [
              ...article.steps.slice(0, 4),
              ...article.safety.slice(0, 1),
              'For a visual assessment, share this photo with a K&B Marine expert on a video consultation.',
            ],
            estimatedCost: `$${article.cost.low.toLocaleString('en-US')}–$${article.cost.high.toLocaleString('en-US')} (${article.cost.note})`,
            urgency: severity.urgency,
          }
        : {
            category: AI_CATEGORY_LABELS.general,
            severity: 'Unknown',
            diagnosis: `${limits.replace(' What follows is based on your description and the knowledge base.', '')} ${
              description ? 'Your description did not match anything in the knowledge base closely enough to say more.' : 'No description came with the photo.'
            } ${photoNote}`,
            recommendations: [
              'Describe what the photo shows and what you noticed: the part, the symptom, when it started.',
              'Add the make, model, year and engine hours of the equipment.',
              'Include a close-up and a wider shot for context, with any error message or gauge readable.',
              'For a visual assessment, share the photo with a K&B Marine expert on a video consultation.',
            ],
          };
      return { analysis, category };
    },
  };
}
