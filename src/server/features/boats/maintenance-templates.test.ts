import { describe, expect, it } from 'vitest';
import { maintenanceTaskFormSchema } from '../../../common/maintenance.js';
import { maintenanceDrafts, nextDue, type TaskDraft, type TemplateBoat } from './maintenance-templates.js';

const SPRING_CHANGE = 'Before the boating season: change it if you do not know when it was last done.';
const OIL_AT_LAY_UP = 'At lay-up, with the winterization: old oil left in over winter is acidic.';

const outboard: TemplateBoat = {
  boatType: 'powerboat',
  hullType: 'monohull',
  propulsion: 'outboard',
  engines: [{ make: 'Yamaha', model: 'F150', year: 2018, hours: 420, fuel: 'gasoline' }],
};
const sailboat: TemplateBoat = {
  boatType: 'sailboat',
  hullType: 'monohull',
  propulsion: 'sail',
  engines: [{ make: 'Yanmar', model: '3YM30', year: 2012, hours: 1210, fuel: 'diesel' }],
};
const electricPontoon: TemplateBoat = {
  boatType: 'pontoon',
  hullType: 'pontoon',
  propulsion: 'electric',
  engines: [{ make: 'Torqeedo', model: 'Cruise 10', year: 2023, hours: 80, fuel: 'electric' }],
};

const keys = (drafts: TaskDraft[]) => drafts.map((draft) => draft.templateKey).sort();
const draft = (drafts: TaskDraft[], templateKey: string) => drafts.find((d) => d.templateKey === templateKey);

describe('maintenanceDrafts', () => {
  describe('an outboard gasoline boat at 420 h with a Boston-like frost', () => {
    const drafts = maintenanceDrafts(outboard, '2026-05-01', '2026-10-12');

    it('gets the outboard tasks and none of the others', () => {
      expect(keys(drafts)).toEqual(['anodes', 'bottom-paint', 'engine-oil', 'fuel-filter', 'gear-oil', 'impeller', 'winterisation']);
    });

    it('dues the impeller at spring commissioning or the next 300 h, whichever first', () => {
      expect(draft(drafts, 'impeller')).toEqual({
        templateKey: 'impeller',
        title: 'Replace the raw-water pump impeller',
        specialty: 'engines',
        dueDate: '2027-04-01',
        dueHours: 600,
        intervalMonths: 24,
        intervalHours: 300,
        dueReason: SPRING_CHANGE,
      });
    });

    it('dues the engine oil and fuel filter with the winterization, at the next multiple of their hours', () => {
      expect(draft(drafts, 'engine-oil')).toMatchObject({ dueDate: '2026-09-28', dueHours: 500, intervalMonths: 12, intervalHours: 100, dueReason: OIL_AT_LAY_UP });
      expect(draft(drafts, 'fuel-filter')).toMatchObject({
        title: 'Replace the fuel filter and water separator',
        dueDate: '2026-09-28',
        dueHours: 600,
        intervalMonths: 12,
        intervalHours: 200,
      });
      expect(draft(drafts, 'fuel-filter')!.dueReason).toMatch(/^At lay-up, with the winterization: /);
    });

    it('dues the gear oil, anodes and bottom paint at spring commissioning', () => {
      expect(draft(drafts, 'gear-oil')).toMatchObject({ dueDate: '2027-04-01', dueHours: 500, intervalMonths: 12, intervalHours: 100, dueReason: SPRING_CHANGE });
      expect(draft(drafts, 'anodes')).toMatchObject({ specialty: 'maintenance', dueDate: '2027-04-01', dueHours: null, intervalMonths: 12, intervalHours: null });
      expect(draft(drafts, 'bottom-paint')).toMatchObject({
        specialty: 'hull',
        dueDate: '2027-04-01',
        intervalMonths: 12,
        dueReason: 'Before the boating season: repaint it if you do not know when it was last done.',
      });
    });

    it('dues the winterization two weeks before the frost and says so', () => {
      expect(draft(drafts, 'winterisation')).toEqual({
        templateKey: 'winterisation',
        title: 'Winterize the boat',
        specialty: 'winterization',
        dueDate: '2026-09-28',
        dueHours: null,
        intervalMonths: 12,
        intervalHours: null,
        dueReason: 'Two weeks before the usual first frost near your home port (about Oct 12).',
      });
    });

    it('gives drafts the task form accepts', () => {
      for (const d of drafts) expect(maintenanceTaskFormSchema.safeParse(d).success, d.templateKey).toBe(true);
    });
  });

  it('gives a sailboat with a diesel inboard its rigging, coolant and both diesel fuel filters, and no gear oil', () => {
    const drafts = maintenanceDrafts(sailboat, '2026-05-01', '2026-10-12');
    expect(keys(drafts)).toEqual(['anodes', 'bottom-paint', 'coolant', 'engine-oil', 'fuel-filter', 'impeller', 'rigging', 'winterisation']);
    expect(draft(drafts, 'rigging')).toMatchObject({ specialty: 'rigging', intervalMonths: 12, dueDate: '2027-04-01' });
    expect(draft(drafts, 'rigging')!.dueReason).toBe('Before the boating season: check it if you do not know when it was last done.');
    expect(draft(drafts, 'coolant')).toMatchObject({ specialty: 'engines', intervalMonths: 24, intervalHours: null, dueHours: null });
    expect(draft(drafts, 'fuel-filter')!.title).toBe('Replace the primary and secondary fuel filters');
    expect(draft(drafts, 'impeller')!.dueHours).toBe(1500);
  });

  it('gives a sailboat with no engine no engine tasks', () => {
    const drafts = maintenanceDrafts({ ...sailboat, engines: [] }, '2026-05-01', null);
    expect(keys(drafts)).toEqual(['anodes', 'bottom-paint', 'rigging']);
  });

  it('gives an electric pontoon its batteries and anodes, no engine tasks and no bottom paint', () => {
    const drafts = maintenanceDrafts(electricPontoon, '2026-05-01', '2026-10-12');
    expect(keys(drafts)).toEqual(['anodes', 'batteries', 'winterisation']);
    expect(draft(drafts, 'batteries')).toMatchObject({ specialty: 'electrical', intervalMonths: 12, intervalHours: null, dueDate: '2027-04-01' });
  });

  it('gives an electric boat batteries even with no engine listed, and no engine tasks even with a fuel engine listed', () => {
    expect(keys(maintenanceDrafts({ ...electricPontoon, engines: [] }, '2026-05-01', null))).toEqual(['anodes', 'batteries']);
    const withGasoline = { ...electricPontoon, engines: [{ ...outboard.engines[0]! }] };
    expect(keys(maintenanceDrafts(withGasoline, '2026-05-01', null))).toEqual(['anodes', 'batteries']);
  });

  it('treats an electric outboard as electric: batteries, no oil or impeller', () => {
    const drafts = maintenanceDrafts({ ...outboard, engines: [{ ...outboard.engines[0]!, fuel: 'electric' }] }, '2026-05-01', null);
    expect(keys(drafts)).toEqual(['anodes', 'batteries', 'bottom-paint']);
  });

  it('gives a sterndrive its bellows and gear oil, and a gasoline one no coolant', () => {
    const drafts = maintenanceDrafts({ ...outboard, propulsion: 'sterndrive' }, '2026-05-01', null);
    expect(keys(drafts)).toEqual(['anodes', 'bellows', 'bottom-paint', 'engine-oil', 'fuel-filter', 'gear-oil', 'impeller']);
    expect(draft(drafts, 'bellows')).toMatchObject({
      specialty: 'engines',
      intervalMonths: 24,
      intervalHours: null,
      dueReason: 'Before the boating season: check it if you do not know when it was last done.',
    });
  });

  it('gives a gasoline inboard coolant and no gear oil, and a jet no impeller', () => {
    expect(keys(maintenanceDrafts({ ...outboard, propulsion: 'inboard' }, '2026-05-01', null))).toEqual([
      'anodes',
      'bottom-paint',
      'coolant',
      'engine-oil',
      'fuel-filter',
      'impeller',
    ]);
    expect(keys(maintenanceDrafts({ ...outboard, propulsion: 'jet' }, '2026-05-01', null))).toEqual(['anodes', 'bottom-paint', 'engine-oil', 'fuel-filter']);
  });

  it('gives an inflatable no anodes and no bottom paint', () => {
    const drafts = maintenanceDrafts({ ...outboard, boatType: 'other', hullType: 'inflatable' }, '2026-05-01', '2026-10-12');
    expect(keys(drafts)).toEqual(['engine-oil', 'fuel-filter', 'gear-oil', 'impeller', 'winterisation']);
  });

  it('without a frost date has no winterization and dues the oil and fuel filter at spring commissioning', () => {
    const drafts = maintenanceDrafts(outboard, '2026-05-01', null);
    expect(draft(drafts, 'winterisation')).toBeUndefined();
    expect(draft(drafts, 'engine-oil')).toMatchObject({ dueDate: '2027-04-01', dueReason: SPRING_CHANGE });
    expect(draft(drafts, 'fuel-filter')).toMatchObject({ dueDate: '2027-04-01', dueReason: SPRING_CHANGE });
  });

  it("dues spring tasks on this year's 1 April only when it is at least 14 days away", () => {
    expect(draft(maintenanceDrafts(outboard, '2026-01-10', null), 'impeller')!.dueDate).toBe('2026-04-01');
    expect(draft(maintenanceDrafts(outboard, '2026-03-18', null), 'impeller')!.dueDate).toBe('2026-04-01');
    expect(draft(maintenanceDrafts(outboard, '2026-03-19', null), 'impeller')!.dueDate).toBe('2027-04-01');
    expect(draft(maintenanceDrafts(outboard, '2026-04-01', null), 'anodes')!.dueDate).toBe('2027-04-01');
  });

  it('never dues the winterization (or the lay-up oil change) before today', () => {
    const late = maintenanceDrafts(outboard, '2026-10-05', '2026-10-12');
    expect(draft(late, 'winterisation')!.dueDate).toBe('2026-10-05');
    expect(draft(late, 'engine-oil')!.dueDate).toBe('2026-10-05');
    expect(draft(late, 'winterisation')!.dueReason).toBe('Two weeks before the usual first frost near your home port (about Oct 12).');
    // On the day two weeks before the frost, and across a year end.
    expect(draft(maintenanceDrafts(outboard, '2026-09-28', '2026-10-12'), 'winterisation')!.dueDate).toBe('2026-09-28');
    expect(draft(maintenanceDrafts(outboard, '2026-12-20', '2027-01-05'), 'winterisation')).toMatchObject({
      dueDate: '2026-12-22',
      dueReason: 'Two weeks before the usual first frost near your home port (about Jan 5).',
    });
  });

  it('dues the first winterization now for a boat added after the lay-up date and before spring, and says why', () => {
    const missed = `Not done yet this season? Book it now: the usual first frost near your home port (about Oct 12) has passed. Done already? Mark it done and it comes due next year.`;
    // Added on December 1 near Annapolis or Boston: the next frost is next autumn's, this season's has passed.
    for (const today of ['2026-10-13', '2026-12-01', '2027-03-31']) {
      expect(draft(maintenanceDrafts(outboard, today, '2027-10-12'), 'winterisation'), today).toMatchObject({ dueDate: today, dueReason: missed });
    }
    // The lay-up oil change keeps next autumn's date: only the winterization cannot wait.
    expect(draft(maintenanceDrafts(outboard, '2026-12-01', '2027-10-12'), 'engine-oil')!.dueDate).toBe('2027-09-28');
    // From April 1 the season is on, and the winterization is dated for the autumn.
    expect(draft(maintenanceDrafts(outboard, '2027-04-01', '2027-10-12'), 'winterisation')).toMatchObject({
      dueDate: '2027-09-28',
      dueReason: 'Two weeks before the usual first frost near your home port (about Oct 12).',
    });
    // A January frost's season: missed after its lay-up date (Dec 22), not in the December before it.
    expect(draft(maintenanceDrafts(outboard, '2027-01-20', '2028-01-05'), 'winterisation')!.dueDate).toBe('2027-01-20');
    expect(draft(maintenanceDrafts(outboard, '2026-12-20', '2027-01-05'), 'winterisation')!.dueDate).toBe('2026-12-22');
  });

  it('dues hours from the highest known engine hours, strictly above them, and none when hours are unknown', () => {
    const twin = (hours: (number | null)[]) => ({ ...outboard, engines: hours.map((h) => ({ ...outboard.engines[0]!, hours: h })) });
    expect(draft(maintenanceDrafts(twin([420, 610]), '2026-05-01', null), 'engine-oil')!.dueHours).toBe(700);
    expect(draft(maintenanceDrafts(twin([null, 500]), '2026-05-01', null), 'engine-oil')!.dueHours).toBe(600);
    expect(draft(maintenanceDrafts(twin([0]), '2026-05-01', null), 'impeller')!.dueHours).toBe(300);
    const unknown = maintenanceDrafts(twin([null, null]), '2026-05-01', null);
    expect(unknown.map((d) => d.dueHours)).toEqual(unknown.map(() => null));
    // Every draft has a due date, so the schedule still shows it.
    expect(unknown.every((d) => d.dueDate !== null)).toBe(true);
  });
});

describe('nextDue', () => {
  const oil = { intervalMonths: 12, intervalHours: 100 };

  it('adds calendar months, clamped to the end of a shorter month', () => {
    expect(nextDue({ intervalMonths: 1, intervalHours: null }, '2026-01-31', null).dueDate).toBe('2026-02-28');
    expect(nextDue({ intervalMonths: 1, intervalHours: null }, '2028-01-31', null).dueDate).toBe('2028-02-29');
    expect(nextDue({ intervalMonths: 12, intervalHours: null }, '2028-02-29', null).dueDate).toBe('2029-02-28');
    expect(nextDue({ intervalMonths: 3, intervalHours: null }, '2026-11-30', null).dueDate).toBe('2027-02-28');
    expect(nextDue({ intervalMonths: 24, intervalHours: null }, '2026-08-31', null).dueDate).toBe('2028-08-31');
    expect(nextDue({ intervalMonths: 1, intervalHours: null }, '2026-03-15', null).dueDate).toBe('2026-04-15');
  });

  it('adds the hours interval to the hours it was done at', () => {
    expect(nextDue(oil, '2026-09-28', 498)).toEqual({ dueDate: '2027-09-28', dueHours: 598 });
  });

  it('gives no due hours without the hours or an hours interval, and no date without a months interval', () => {
    expect(nextDue(oil, '2026-09-28', null)).toEqual({ dueDate: '2027-09-28', dueHours: null });
    expect(nextDue({ intervalMonths: 12, intervalHours: null }, '2026-09-28', 498)).toEqual({ dueDate: '2027-09-28', dueHours: null });
    expect(nextDue({ intervalMonths: null, intervalHours: 50 }, '2026-09-28', 498)).toEqual({ dueDate: null, dueHours: 548 });
  });
});
