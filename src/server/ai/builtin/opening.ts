import type { KbArticle } from '../knowledge-base/article.js';
import type { OwnerMessage } from '../conversation/owner-message.js';
import type { TurnKind } from '../conversation/topic-decision.js';
import { costRange, lowerFirst } from './money.js';
import { capitalize } from '../../../common/text.js';

export interface OpeningInput {
  kind: TurnKind;
  subject: string;
  article: KbArticle;
  /** The article's reference markers, '[1][2]'. */
  cite: string;
  /** The equipment as described so far: 'a 2012 Mercury 90 four-stroke', or ''. */
  equipment: string;
  /** The year the owner gave, which says something even without a make ('it's a 1995'). */
  year: number | undefined;
  message: OwnerMessage;
}

const joinAnd = (items: string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const addsEquipment = ({ details }: OwnerMessage) => !!(details.make || details.model || details.year || details.hours !== undefined || details.stroke);

/** What the owner's latest message changed, said back in a sentence or two: the details, the work done. */
function acknowledgement({ message, equipment, year }: OpeningInput): string[] {
  const sentences: string[] = [];
  if (addsEquipment(message) && equipment) sentences.push(`Thanks, knowing it's ${equipment} helps.`);
  else if (addsEquipment(message) && year) sentences.push(`Thanks, knowing it dates from ${year} helps.`);
  if (message.work.length > 0) {
    const those = message.work.length > 1 ? 'those' : 'that';
    sentences.push(`Since ${joinAnd(message.work.map((w) => w.said))}, I've taken ${those} off the list.`);
  }
  if (sentences.length === 0 && message.details.conditions) sentences.push('That detail helps narrow it down.');
  return sentences;
}

/**
 * The answer's first paragraph, as a technician would open: a return says so in its first words, a
 * follow-up acknowledges what it added, a question about cost gets the cost first, and otherwise the
 * article's own plain explanation of what is going on.
 */
export function openingParagraph(input: OpeningInput): string {
  const { kind, subject, article, cite, message } = input;
  const sentences: string[] = kind === 'return' ? [`Back to your ${subject}:`] : [];
  const continuing = kind === 'follow-up' || kind === 'return';
  const acknowledged = continuing ? acknowledgement(input) : [];
  sentences.push(...acknowledged);

  if (message.asks.has('cost')) {
    sentences.push(
      `A typical repair on your ${subject} ${costRange(article.cost)}: ${lowerFirst(article.cost.note)} Start with the free and cheap checks below before paying for parts or labor. ${cite}`,
    );
  } else if (message.asks.has('professional')) {
    sentences.push(`Here is what you can check yourself, and where to hand it to a professional. ${cite}`);
  } else if (acknowledged.length > 0) {
    sentences.push(`Here is the plan with that in mind. ${cite}`);
  } else {
    sentences.push(`${article.summary} ${cite}`);
  }
  return sentences.map((sentence, i) => (i === 0 || sentences[i - 1]!.endsWith('.') ? capitalize(sentence) : sentence)).join(' ');
}
