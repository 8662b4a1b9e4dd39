/**
 * When the assistant hands off to Help now (docs/PRODUCT.md#help-now): the owner says they need someone now,
 * or a photo's analysis is critical. Then the answer offers 'Help now', the owner's words filled in.
 */
/** common/help-now.ts PROBLEM_MAX, kept here so the assistant's first paint loads no zod (its test checks they agree). */
export const HELP_NOW_PROBLEM_MAX = 300;

const SOMEONE_NOW =
  /\b(need|want|get) (someone|somebody|help|an expert|a mechanic|a technician)( here)? (now|right now|asap|immediately|urgently)\b|\bemergency\b|\bsinking\b|\btaking on water\b|\bmayday\b/i;

/** Whether an owner's message says they need someone now. */
export function asksForSomeoneNow(text: string): boolean {
  return SOMEONE_NOW.test(text);
}

/** Whether a photo's analysis, as the chat shows it, says the problem is critical or to stop at once. */
export function urgentAnalysis(content: string): boolean {
  return /\*\*Severity:\*\* (critical|urgent)\b/i.test(content) || /\*\*Urgency:\*\* (immediate|urgent)/i.test(content);
}

/** The owner's question as Help now's one sentence: the photo marker left out, cut to its limit. */
function asProblem(question: string): string {
  return question.replace(/^\[Image uploaded\]\s*/, '').replace(/^Please analyze this image$/, '').trim().slice(0, HELP_NOW_PROBLEM_MAX);
}

/** The Help now page with the owner's question filled in. */
export function helpNowPath(question: string): string {
  const problem = asProblem(question);
  return problem ? `/help-now?${new URLSearchParams({ question: problem }).toString()}` : '/help-now';
}

/** The question to hand off with an answer, or null: the owner's message before it, when it or the answer is urgent. */
export function helpNowQuestion(question: string | undefined, answer: string): string | null {
  if (question === undefined) return null;
  return asksForSomeoneNow(question) || urgentAnalysis(answer) ? question : null;
}
