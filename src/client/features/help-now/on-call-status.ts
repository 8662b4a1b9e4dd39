import { minutesOfTimeOfDay, withinOnCallHours, type OnCallSettingsView } from '@common/help-now';
import { localMinutesOf } from '@common/zoned-time';

/** The workspace's line under 'On call for Help now': whether the expert can be rung now, and if not, why. */
export function onCallStatus(view: OnCallSettingsView, now: Date): string {
  if (view.ringableNow) return 'You can be rung now.';
  if (!view.onCall) return 'You are not rung: Help now is off.';
  const from = minutesOfTimeOfDay(view.from);
  const to = minutesOfTimeOfDay(view.to);
  if (from !== null && to !== null && !withinOnCallHours(localMinutesOf(now, view.timeZone), from, to % (24 * 60))) {
    return `You are not rung now: it is outside your hours (${view.from} to ${view.to}).`;
  }
  return 'You are not rung now: keep a page of K&B Marine open (you count as online while one is), and be approved and taking video calls.';
}
