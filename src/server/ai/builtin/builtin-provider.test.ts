import { describe, expect, it } from 'vitest';
import { DEFAULT_AI_SETTINGS } from '../../../common/ai.js';
import { parseReferences } from '../../../common/ai-references.js';
import { KnowledgeBase } from '../knowledge-base/knowledge-base.js';
import { allArticles } from '../knowledge-base/articles/index.js';
import type { ConversationTurn } from '../provider.js';
import { createBuiltinProvider } from './builtin-provider.js';

const provider = createBuiltinProvider(new KnowledgeBase(allArticles));

/** Runs the owner's messages as one conversation, as the server does, and answers the last. */
async function converse(...questions: string[]) {
  const history: ConversationTurn[] = [];
  let last = { text: '', category: '' };
  for (const question of questions) {
    last = await provider.answer({ question, history: [...history], settings: DEFAULT_AI_SETTINGS });
    history.push({ role: 'user', content: question }, { role: 'ai', content: last.text });
  }
  return last;
}

const section = (text: string, heading: string) => text.split(`**${heading}`)[1]?.split('\n\n')[0] ?? '';
const OUTBOARD = "My outboard cranks but won't start after sitting all winter";

describe('the built-in answer', () => {
  it('opens with a plain explanation and follows the technician’s order', async () => {
    const { text } = await converse(OUTBOARD);
    expect(text).not.toMatch(/^This sounds like/);
    expect(text.split('\n')[0]).toMatch(/^If the starter spins the engine at normal speed but it never fires/);
    const headings = [...text.matchAll(/^\*\*(.+?)\*\*$/gm)].map((m) => m[1]);
    expect(headings).toEqual([
      'Most likely causes',
      'Troubleshooting steps, in order',
      'Safety first',
      'A few questions so I can narrow it down',
      'If that does not solve it',
      'When to call a professional',
      'References:',
    ]);
    // 'After sitting all winter' puts stale fuel first, and the conditions are not asked again.
    expect(section(text, 'Most likely causes')).toMatch(/\n1\. Stale or water-contaminated fuel after storage/);
    expect(section(text, 'A few questions')).not.toMatch(/When does it happen/);
  });

  it('answers a new subject in the same conversation with no trace of the earlier one', async () => {
    const { text, category } = await converse(OUTBOARD, 'Bilge pump runs constantly');
    expect(category).toBe('plumbing');
    expect(text).toMatch(/bilge/i);
    expect(text).not.toMatch(/lanyard|spark|outboard|yamaha|mercury/i);
  });

  it('uses the make and model of a follow-up in the causes and for the references it cites', async () => {
    const { text, category } = await converse(OUTBOARD, "it's a Mercury 90 four-stroke from 2012");
    expect(category).toBe('engine');
    expect(text).toMatch(/^Thanks, knowing it's a 2012 Mercury 90 four-stroke helps\./);
    expect(text).toContain('**Most likely causes on your 2012 Mercury 90 four-stroke**');
    const { references } = parseReferences(text);
    expect(references.map((r) => r.url)).toContain('https://www.mercurymarine.com/');
    expect(references.map((r) => r.url)).not.toContain('https://www.yamahaoutboards.com/');
    // What it was told is not asked again.
    expect(section(text, 'A few questions')).not.toMatch(/make and model|What year/);
  });

  it('skips what the owner already did', async () => {
    const { text } = await converse('my outboard is overheating and the alarm is beeping', 'I already replaced the impeller');
    // An outboard owner gets no diesel maker's pages.
    expect(parseReferences(text).references.map((r) => r.url).join(' ')).not.toMatch(/yanmar|volvopenta/);
    expect(text).toMatch(/^Since you've already replaced the impeller, I've taken that off the list\./);
    expect(section(text, 'Most likely causes')).not.toMatch(/impeller/i);
    expect(section(text, 'Most likely causes')).toMatch(/thermostat/);
  });

  it('answers a question about cost with the cost first', async () => {
    const { text } = await converse(OUTBOARD, 'how much would that cost?');
    expect(text).toMatch(/^A typical repair on your outboard costs up to \$900: often free/);
    expect(section(text, 'When to call a professional')).not.toMatch(/\$/);
  });

  it('answers a cost question that names no equipment about the conversation’s subject', async () => {
    const { text, category } = await converse('The gelcoat on my deck has spider cracks', 'How much would it cost to fix, roughly?');
    expect(category).toBe('hull');
    expect(text).toMatch(/^A typical repair on your gelcoat runs \$/);
    expect(text).not.toMatch(/chartplotter|gps/i);
  });

  // Each follow-up is answered from the subject's own articles: the same category, only references the
  // first answer cited, and none of the equipment another subject is about.
  it.each([
    ['The gelcoat on my deck has spider cracks', /chartplotter|gps|bilge pump|outboard|battery/i],
    ['my outboard is overheating, the tell tale stream is weak', /chartplotter|gps|gelcoat|bilge pump|trailer/i],
    ['bilge pump runs constantly even when the bilge is dry', /chartplotter|gps|gelcoat|outboard|trailer/i],
    ['my house battery is dead every morning', /chartplotter|gps|gelcoat|trailer|head/i],
    ["the head won't flush, handle is really stiff", /chartplotter|gps|gelcoat|outboard|trailer|battery/i],
    ['trailer wheel hub gets really hot on the highway', /chartplotter|gps|gelcoat|bilge pump|outboard/i],
  ])("keeps to '%s' through cost, time, safety and do-it-yourself questions", async (first, otherEquipment) => {
    const opening = await converse(first);
    const cited = parseReferences(opening.text).references.map((r) => r.url);
    for (const question of ['How much would it cost to fix, roughly?', 'How long does that take?', 'Is it safe to keep using it?', 'Can I do it myself?']) {
      const { text, category } = await converse(first, question);
      expect(category, question).toBe(opening.category);
      const { body, references } = parseReferences(text);
      expect(references.length, question).toBeGreaterThan(0);
      for (const { url } of references) expect(cited, question).toContain(url);
      expect(body, question).not.toMatch(otherEquipment);
    }
  });

  it('says so in its first words when the owner returns to an earlier subject', async () => {
    const { text, category } = await converse(OUTBOARD, 'Bilge pump runs constantly', 'back to the outboard: it is a 2016 Yamaha F150');
    expect(category).toBe('engine');
    expect(text).toMatch(/^Back to your outboard: Thanks, knowing it's a 2016 Yamaha F150 helps\./);
    expect(text).not.toMatch(/bilge/i);
  });

  it('puts the professional first when the owner asks whether to do it themselves', async () => {
    const { text } = await converse("head clogged won't flush", 'can I fix it myself or do I need a pro?');
    expect(text.split('\n\n')[1]).toMatch(/^\*\*When to call a professional\*\*/);
  });

  it('answers thanks briefly, without repeating the steps', async () => {
    const { text } = await converse(OUTBOARD, 'thanks!');
    expect(text).toMatch(/^You're welcome\. If your outboard still gives you trouble/);
    expect(text).not.toContain('**Troubleshooting steps');
  });

  it('names the guide a photo’s description fits rather than pasting its title into a sentence', async () => {
    const { analysis, category } = await provider.analyzeImage({
      image: Buffer.alloc(0),
      description: 'white crusty corrosion on the battery terminals, engine cranks slowly',
      history: [],
      settings: DEFAULT_AI_SETTINGS,
      photoChecks: [],
    });
    expect(category).toBe('electrical');
    expect(analysis.diagnosis).toContain('What you describe fits our repair guide “Corroded battery terminals and connections”.');
  });
});
