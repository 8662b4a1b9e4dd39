import { describe, expect, it } from 'vitest';
import { PROBLEM_MAX } from '@common/help-now';
import { HELP_NOW_PROBLEM_MAX, asksForSomeoneNow, helpNowPath, helpNowQuestion, urgentAnalysis } from './help-now-handoff';

describe('the assistant’s hand-off to Help now', () => {
  it('hears an owner who needs someone now', () => {
    expect(asksForSomeoneNow('I need someone now, the bilge pump quit')).toBe(true);
    expect(asksForSomeoneNow('Need help right now: the engine died off the point')).toBe(true);
    expect(asksForSomeoneNow('We are taking on water near the stern')).toBe(true);
    expect(asksForSomeoneNow('Is this an emergency?')).toBe(true);
    expect(asksForSomeoneNow('The boat is SINKING')).toBe(true);
  });

  it('leaves ordinary questions alone', () => {
    expect(asksForSomeoneNow('How often should I change the impeller?')).toBe(false);
    expect(asksForSomeoneNow('I need help choosing a bottom paint')).toBe(false);
    expect(asksForSomeoneNow('Emergencybrake')).toBe(false);
  });

  it('hears a critical photo analysis', () => {
    expect(urgentAnalysis('**Category:** Hull\n**Severity:** Critical\n')).toBe(true);
    expect(urgentAnalysis('**Severity:** High\n**Urgency:** Immediate: stop using the boat')).toBe(true);
    expect(urgentAnalysis('**Severity:** Medium\n**Urgency:** Soon: within the next few weeks')).toBe(false);
  });

  it('hands off the question that asked', () => {
    expect(helpNowQuestion('I need someone now', 'Check the fuel filter.')).toBe('I need someone now');
    expect(helpNowQuestion('[Image uploaded] Crack at the transom', '**Severity:** Critical')).toBe('[Image uploaded] Crack at the transom');
    expect(helpNowQuestion('What oil?', 'Use 10W-30.')).toBeNull();
    expect(helpNowQuestion(undefined, '**Severity:** Critical')).toBeNull();
  });

  it('cuts the sentence to Help now’s own limit', () => {
    expect(HELP_NOW_PROBLEM_MAX).toBe(PROBLEM_MAX);
  });

  it('fills the sentence in, without the photo marker', () => {
    expect(helpNowPath('Engine died & will not restart')).toBe('/help-now?question=Engine+died+%26+will+not+restart');
    expect(helpNowPath('[Image uploaded] Crack at the transom')).toBe('/help-now?question=Crack+at+the+transom');
    expect(helpNowPath('[Image uploaded] Please analyze this image')).toBe('/help-now');
    expect(helpNowPath('x'.repeat(400))).toBe(`/help-now?question=${'x'.repeat(300)}`);
  });
});
