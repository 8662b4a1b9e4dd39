import type { KbArticle } from '../knowledge-base/article.js';
import type { Evidence } from '../knowledge-base/knowledge-base.js';
import { describeEquipment, questionsToAsk, type EquipmentDetails } from '../equipment-details.js';
import { formatReferences } from '../../../common/references.js';
import { BRAND_REFERENCES } from './brand-references.js';

interface Citation {
  title: string;
  url: string;
}

/** Numbers references in the order they are first cited; the same page keeps its number. */
class Citations {
  readonly list: Citation[] = [];
  cite(reference: Citation): string {
    let index = this.list.findIndex((r) => r.url === reference.url);
    if (index === -1) index = this.list.push(reference) - 1;
    return `[${index + 1}]`;
  }
}

const numbered = (items: string[]) => items.map((item, i) => `${i + 1}. ${item}`);
const bulleted = (items: string[]) => items.map((item) => `- ${item}`);

function money(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

export interface ComposeInput {
  evidence: Evidence[];
  details: EquipmentDetails;
  /** True when this message adds details to an earlier question of the conversation. */
  followUp: boolean;
}

/** The built-in engine's answer: likely cause, ordered steps, safety, questions back, further steps, when to call a pro, references. */
export function composeAnswer({ evidence, details, followUp }: ComposeInput): string {
  const [best, ...others] = evidence;
  if (!best) return noMatchAnswer(details);
  const article: KbArticle = best.article;
  const related = others.map((e) => e.article).filter((a) => a.id !== article.id).slice(0, 1);
  const citations = new Citations();
  const mainCite = article.references.map((r) => citations.cite(r)).join('');
  const equipment = describeEquipment(details);

  const intro = followUp && equipment
    ? `Thanks, that helps. For ${equipment}, here is the plan for **${article.title.toLowerCase()}**:`
    : `This sounds like **${article.title.toLowerCase()}**${equipment ? ` on ${equipment}` : ''}.`;

  const sections: string[] = [intro, '', '**What is likely going on**', `${article.summary} ${mainCite}`];
  sections.push('', '**Most likely causes**', ...numbered(article.causes.slice(0, 4)));
  sections.push('', '**Troubleshooting steps, in order**', ...numbered(article.steps.slice(0, 6)));

  const brandReference = details.make ? BRAND_REFERENCES[details.make] : undefined;
  if (brandReference) {
    sections.push(
      `Your ${details.make} owner's manual gives the exact specifications and service intervals for your model ${citations.cite(brandReference)}.`,
    );
  }

  const safety = [...new Set([...article.safety, ...related.flatMap((a) => a.safety.slice(0, 1))])];
  sections.push('', '**Safety first**', ...bulleted(safety.slice(0, 4)));

  const questions = questionsToAsk(details, article.category);
  if (questions.length > 0) {
    sections.push('', '**A few questions so I can narrow it down**', ...bulleted(questions));
  }

  const further = [
    ...article.steps.slice(6),
    ...related.flatMap((a) => [`If it is not that, check for ${a.title.toLowerCase()}: ${a.steps[0]} ${a.references.map((r) => citations.cite(r)).join('')}`]),
  ];
  if (further.length > 0) sections.push('', '**If that does not solve it**', ...bulleted(further.slice(0, 4)));

  sections.push(
    '',
    '**When to call a professional**',
    `${article.callAPro} A typical repair runs ${money(article.cost.low)}–${money(article.cost.high)} (${article.cost.note}). A K&B Marine expert can look at it with you on a video call or come to the boat.`,
  );

  return `${sections.join('\n')}\n\n${formatReferences(citations.list)}`;
}

/** An honest answer when nothing in the knowledge base fits: say so, ask for details, never guess. */
export function noMatchAnswer(details: EquipmentDetails): string {
  const questions = questionsToAsk(details, 'general');
  return [
    "I could not find a confident match for that in K&B Marine's repair knowledge base, and I would rather not guess.",
    '',
    '**Tell me a bit more so I can help**',
    ...bulleted([
      'What system is involved: engine, electrical, electronics, plumbing, hull, rigging or trailer?',
      'What exactly happens, and what did you notice just before (sounds, smells, alarms, readings)?',
      ...questions,
    ]).slice(0, 5),
    '',
    'If it is urgent or you are on the water with a safety problem, call for help first (VHF channel 16, or your towing service). For a hands-on diagnosis, a K&B Marine expert can join you on a 30-minute video call.',
  ].join('\n');
}
