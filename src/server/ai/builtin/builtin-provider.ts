import type { ImageAnalysis } from '../../../common/ai.js';
import { AI_CATEGORY_LABELS } from '../../../common/ai-rules.js';
import type { AiProvider, AnalyzeInput, AnswerResult, AskInput, BoatContext, ConversationTurn } from '../provider.js';
import { categoryOf, type KnowledgeBase } from '../knowledge-base/knowledge-base.js';
import { readEquipmentDetails } from '../equipment-details.js';
import { boatAssumption, withBoat } from '../boat-details.js';
import { decideTopic } from '../conversation/topic-decision.js';
import { composeAnswer, thanksAnswer } from './compose-answer.js';
import { assessSeverity } from './severity.js';

function answerQuestion(kb: KnowledgeBase, question: string, history: ConversationTurn[], boat?: BoatContext): AnswerResult {
  const { kind, topic, subject } = decideTopic(kb, question, history);
  const message = topic.messages.at(-1)!;
  const category = categoryOf(topic.evidence);
  if (message.asks.has('thanks') && message.subjectStems.length === 0 && kind !== 'first') {
    return { text: thanksAnswer(subject), category };
  }
  // Only this subject's messages: what was said about another subject leaves no trace in the answer.
  const texts = topic.messages.map((m) => m.text);
  const owner = { texts, details: withBoat(readEquipmentDetails(texts), boat, category), work: topic.messages.flatMap((m) => m.work) };
  const text = composeAnswer({ kind, subject, evidence: topic.evidence, owner, message });
  return { text: boat ? `${boatAssumption(boat)}\n\n${text}` : text, category };
}

/**
 * A follow-up that goes through every part of the engine. The first answer compiles its regular
 * expressions and code paths, which takes tens of milliseconds; answering this when the engine is created
 * keeps that off the first owner's question.
 */
const WARM_UP = {
  history: [
    { role: 'user', content: "My outboard cranks but won't start after sitting all winter" },
    { role: 'ai', content: '' },
  ] satisfies ConversationTurn[],
  question: "It's a 2012 Mercury 90 four-stroke and I already replaced the fuel filter. How much would that cost?",
};

/** The offline engine: answers from the curated knowledge base, instantly and with no network. */
export function createBuiltinProvider(kb: KnowledgeBase): AiProvider {
  answerQuestion(kb, WARM_UP.question, WARM_UP.history);
  return {
    name: 'builtin',
    webSearch: false,
    vision: false,
    async answer({ question, history, boat }: AskInput) {
      return answerQuestion(kb, question, history, boat);
    },

    async analyzeImage({ description, history, photoChecks }: AnalyzeInput) {
      const evidence = description ? decideTopic(kb, description, history).topic.evidence : [];
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
            diagnosis: `${limits} What you describe fits our repair guide “${article.title}”. ${article.summary} ${photoNote}`,
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
