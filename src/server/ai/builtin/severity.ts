import type { KbArticle } from '../knowledge-base/article.js';

const CRITICAL = /\b(fire|flames?|sinking|taking on water|water coming in|fuel (?:leak|smell)|gas(?:oline)? smell|smell(?:s)? (?:of )?(?:gas|fuel)|carbon monoxide|co alarm|sparks|arcing|melt(?:ed|ing)?)\b/i;
const HIGH = /\b(leak(?:ing|s)?|smok(?:e|ing)|overheat(?:ing|s)?|alarm|won'?t start|no start|burn(?:t|ing|ed)?|crack(?:ed|s)?|corrod(?:ed|ing)|seized|grinding|vibrat(?:ion|es|ing))\b/i;
const LOW = /\b(chalky|faded|oxidi[sz]ed|oxidation|stain(?:s|ed)?|dull|cosmetic|scratch(?:es|ed)?|mildew)\b/i;

/** A plain reading of how serious a described problem is, and how soon to act. */
export function assessSeverity(description: string, article: KbArticle | undefined) {
  if (CRITICAL.test(description) || article?.category === 'safety') {
    return { label: 'Critical', urgency: 'Immediate: stop using the boat or system until it is made safe' };
  }
  if (HIGH.test(description)) return { label: 'High', urgency: 'Soon: fix before the next outing' };
  if (LOW.test(description) || article?.category === 'hull') {
    return { label: 'Low', urgency: 'Routine: plan it into regular maintenance' };
  }
  if (!article) return { label: 'Unknown', urgency: 'Unknown until the problem is described' };
  return { label: 'Medium', urgency: 'Soon: within the next few weeks' };
}
