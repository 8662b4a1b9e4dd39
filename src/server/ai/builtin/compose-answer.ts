import type { KbArticle } from '../knowledge-base/article.js';
import type { Evidence } from '../knowledge-base/knowledge-base.js';
import { describeEquipment, type EquipmentDetails } from '../equipment-details.js';
import { questionsToAsk } from './questions-back.js';
import type { OwnerMessage } from '../conversation/owner-message.js';
import type { TurnKind } from '../conversation/topic-decision.js';
import type { WorkDone } from '../conversation/work-done.js';
import { formatReferences } from '../../../common/ai-references.js';
import { Citations, makerReference, referencesFor } from './citations.js';
import { narrowArticle } from './narrow-article.js';
import { costRange, lowerFirst } from './money.js';
import { openingParagraph } from './opening.js';

const numbered = (items: string[]) => items.map((item, i) => `${i + 1}. ${item}`);
const bulleted = (items: string[]) => items.map((item) => `- ${item}`);

const RELATED_SHARE = 0.35;
const EXPERT = 'A K&B Marine expert can look at it with you on a video call or come to the boat.';

export interface ComposeInput {
  kind: TurnKind;
  /** The owner's name for the subject ('outboard'), for a return's first words. */
  subject: string;
  evidence: Evidence[];
  /** What the owner said about this subject, every message of it. */
  owner: { texts: string[]; details: EquipmentDetails; work: WorkDone[] };
  /** The message being answered. */
  message: OwnerMessage;
}

/**
 * The built-in engine's answer, written the way a technician would: a plain first paragraph, the likely
 * causes in order, the steps, safety, 2-3 questions back, what next, when to call a professional, and the
 * references. A follow-up keeps the structure but narrows it to what the owner has told us; what the
 * owner asked for (cost, safety, whether to call a professional) comes first.
 */
export function composeAnswer(input: ComposeInput): string {
  const [best, ...others] = input.evidence;
  if (!best) return noMatchAnswer(input.owner.details);
  const article: KbArticle = best.article;
  const { details, work } = input.owner;
  const asks = input.message.asks;
  const followUp = input.kind === 'follow-up' || input.kind === 'return';
  const done = (title: string) => work.some((w) => title.toLowerCase().includes(w.item));
  // A related problem only when the owner's words really describe it too, not when a stray word found it.
  const related = others
    .filter((e) => e.score >= best.score * RELATED_SHARE)
    .map((e) => e.article)
    .filter((a) => a.id !== article.id && !done(a.title))
    .slice(0, 1);
  const narrowed = narrowArticle(article, input.owner);
  const citations = new Citations();
  // The answer always cites its article's pages that fit the owner's equipment; when none does, the
  // owner's maker's page, and only without a known maker the article's first page.
  const fitting = referencesFor(article, details);
  const maker = makerReference(details);
  const mainCite = (fitting.length > 0 ? fitting : maker ? [maker] : article.references.slice(0, 1)).map((r) => citations.cite(r)).join('');
  const equipment = describeEquipment(details);

  const safety = [...new Set([...article.safety, ...related.flatMap((a) => a.safety.slice(0, 1))])].slice(0, followUp ? 3 : 4);

  const sections: string[][] = [[openingParagraph({ ...input, article, cite: mainCite, equipment, year: details.year })]];
  // What the owner asked for comes right after the opening (the cost is in the opening itself).
  const first = new Set<string>();
  if (asks.has('safety')) {
    sections.push(['**Safety first**', ...bulleted(safety)]);
    first.add('safety');
  }
  if (asks.has('professional')) {
    sections.push(['**When to call a professional**', `${article.callAPro} ${EXPERT}`]);
    first.add('professional');
  }

  const causes = narrowed.causes.slice(0, followUp ? 3 : 4);
  if (causes.length > 0) {
    sections.push([equipment ? `**Most likely causes on ${equipment.replace(/^an? /, 'your ')}**` : '**Most likely causes**', ...numbered(causes)]);
  }
  const steps = narrowed.steps.slice(0, followUp ? 5 : 6);
  const manual = maker
    ? [`Your ${details.make} owner's manual gives the exact specifications and service intervals for ${details.model ? `your ${details.make} ${details.model}` : 'your model'} ${citations.cite(maker)}.`]
    : [];
  if (steps.length > 0) sections.push(['**Troubleshooting steps, in order**', ...numbered(steps), ...manual]);
  else if (manual.length > 0) sections.push(manual);

  if (!first.has('safety')) sections.push(['**Safety first**', ...bulleted(safety)]);

  const questions = questionsToAsk(details, article.category);
  if (questions.length > 0) sections.push(['**A few questions so I can narrow it down**', ...bulleted(questions)]);

  const further = [
    ...narrowed.steps.slice(steps.length),
    ...related.map((a) => `If none of that finds it, rule out a related problem (${a.title}): ${a.steps[0]} ${referencesFor(a, details).map((r) => citations.cite(r)).join('')}`.trimEnd()),
  ];
  if (further.length > 0) sections.push(['**If that does not solve it**', ...bulleted(further.slice(0, 4))]);

  if (!first.has('professional')) {
    const cost = asks.has('cost') ? '' : ` A typical repair ${costRange(article.cost)} (${lowerFirst(article.cost.note).replace(/\.$/, '')}).`;
    sections.push(['**When to call a professional**', `${article.callAPro}${cost} ${EXPERT}`]);
  }

  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n\n${formatReferences(citations.list)}`;
}

/** A short reply to thanks: nothing new to diagnose, so no steps repeated. */
export function thanksAnswer(subject: string): string {
  return [
    `You're welcome. If your ${subject} still gives you trouble after those checks, tell me what you found (readings, what changed, what you tried) and I'll narrow it down further.`,
    '',
    'And if you would rather have a second pair of eyes on it, a K&B Marine expert can join you on a 30-minute video call or come to the boat.',
  ].join('\n');
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
