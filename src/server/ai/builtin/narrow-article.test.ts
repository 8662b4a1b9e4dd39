import { describe, expect, it } from 'vitest';
import { allArticles } from '../knowledge-base/articles/index.js';
import { readEquipmentDetails } from '../equipment-details.js';
import { readWorkDone } from '../conversation/work-done.js';
import { narrowArticle } from './narrow-article.js';

const article = (id: string) => allArticles.find((a) => a.id === id)!;
const owner = (...texts: string[]) => ({ texts, details: readEquipmentDetails(texts), work: texts.flatMap(readWorkDone) });

describe('narrowArticle', () => {
  it('puts first the causes the owner’s story points to', () => {
    const noStart = article('outboard-cranks-but-wont-start');
    expect(narrowArticle(noStart, owner('my outboard cranks but will not fire')).causes[0]).toBe(noStart.causes[0]);
    expect(narrowArticle(noStart, owner('it cranks but will not fire after sitting all winter')).causes[0]).toMatch(/^Stale or water-contaminated fuel after storage/);
  });

  it('takes what the owner already did out of the causes and the steps', () => {
    const overheating = article('overheat-alarm-beeping');
    const narrowed = narrowArticle(overheating, owner('my outboard is overheating', 'I already replaced the impeller'));
    expect(narrowed.causes[0]).toBe('Cooling water restriction: weeds or a bag on the intake, stuck thermostat, clogged strainer on inboards.');
    expect(narrowed.causes.join(' ')).not.toMatch(/impeller/);

    const primer = article('primer-bulb-soft-collapses');
    const steps = narrowArticle(primer, owner('primer bulb stays soft', 'I replaced the primer bulb')).steps;
    expect(steps.length).toBeLessThan(primer.steps.length);
    expect(steps.every((step) => !/^Replace the (?:primer )?bulb/i.test(step))).toBe(true);
  });

  it('leaves out what is written for other equipment', () => {
    const noStart = article('outboard-cranks-but-wont-start');
    const flooding = /^On carbureted engines/;
    expect(noStart.steps.some((step) => flooding.test(step))).toBe(true);
    const efi = narrowArticle(noStart, owner('Yamaha F150 EFI cranks but will not start'));
    expect(efi.steps.some((step) => flooding.test(step))).toBe(false);
    expect(efi.steps.some((step) => step.startsWith('On fuel-injected engines do not pump the throttle'))).toBe(true);
    expect(efi.causes.join(' ')).not.toMatch(/carbureted engines/);

    const oil = article('oil-pressure-alarm');
    const fourStroke = narrowArticle(oil, owner('oil alarm on my Mercury 90 four-stroke'));
    expect(fourStroke.causes.join(' ') + fourStroke.steps.join(' ')).not.toMatch(/^On oil-injected two-strokes/m);
  });
});
