import { describe, expect, it } from 'vitest';
import type { MaintenanceTask } from '@common/maintenance';
import { bookExpertPath } from '@common/maintenance-rules';
import { describeDue, describeLastDone, describeRepeat, formatLocalDate, snoozeSuggestion } from './task-due';

const task: MaintenanceTask = {
  id: '6d1f4a52-3c39-4f0e-9a57-1c2b3d4e5f60',
  boatId: '0b7c2f1e-8d3a-4c5b-9e6f-7a8b9c0d1e2f',
  boatName: 'Sea Breeze',
  boatZip: '21401',
  title: 'Replace the raw-water impeller',
  specialty: 'engines',
  templateKey: 'impeller',
  dueDate: '2027-04-01',
  dueHours: 600,
  intervalMonths: 12,
  intervalHours: 100,
  lastDoneOn: null,
  lastDoneHours: null,
  engineHours: 420,
  state: 'scheduled',
  dueReason: null,
  booking: null,
};

describe('describeDue', () => {
  it('gives the date and the hours, whichever comes first, with the hours now', () => {
    expect(describeDue(task)).toBe('Due Apr 1, 2027 or at 600 h; now 420 h');
  });

  it('gives the date alone, or the hours alone', () => {
    expect(describeDue({ ...task, dueHours: null })).toBe('Due Apr 1, 2027');
    expect(describeDue({ ...task, dueDate: null, dueHours: 1200, engineHours: 1150 })).toBe('Due at 1,200 h; now 1,150 h');
  });

  it('leaves out the hours now when no engine hours are recorded', () => {
    expect(describeDue({ ...task, engineHours: null })).toBe('Due Apr 1, 2027 or at 600 h');
  });

  it('says when a done task was done', () => {
    expect(describeDue({ ...task, state: 'done', lastDoneOn: '2026-03-03', lastDoneHours: 410 })).toBe('Done Mar 3, 2026 at 410 h');
    expect(describeDue({ ...task, state: 'done', lastDoneOn: '2026-03-03' })).toBe('Done Mar 3, 2026');
  });
});

describe('the other lines of a task', () => {
  it('says how a recurring task repeats, and nothing for a one-off', () => {
    expect(describeRepeat(task)).toBe('Repeats every 12 months or 100 hours');
    expect(describeRepeat({ intervalMonths: 1, intervalHours: null })).toBe('Repeats every month');
    expect(describeRepeat({ intervalMonths: null, intervalHours: 1500 })).toBe('Repeats every 1,500 hours');
    expect(describeRepeat({ intervalMonths: null, intervalHours: null })).toBeNull();
  });

  it('says when it was last done', () => {
    expect(describeLastDone({ lastDoneOn: '2025-12-31', lastDoneHours: null })).toBe('Last done Dec 31, 2025');
    expect(describeLastDone(task)).toBeNull();
  });

  it('reads a calendar day without moving it across time zones', () => {
    expect(formatLocalDate('2027-01-01')).toBe('Jan 1, 2027');
  });

  it('books an expert of the task’s specialty for the boat and the task', () => {
    expect(bookExpertPath(task, { id: task.boatId, homeZip: '21401' })).toBe(`/experts?specialty=engines&location=21401&boat=${task.boatId}&task=${task.id}`);
    expect(bookExpertPath(task, { id: task.boatId, homeZip: null })).toBe(`/experts?specialty=engines&boat=${task.boatId}&task=${task.id}`);
  });

  it('suggests snoozing two weeks past the due date, or past today when it has gone', () => {
    expect(snoozeSuggestion('2027-04-01', '2027-03-01')).toBe('2027-04-15');
    expect(snoozeSuggestion('2027-01-01', '2027-03-01')).toBe('2027-03-15');
  });
});
