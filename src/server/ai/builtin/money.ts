import type { KbArticle } from '../knowledge-base/article.js';

/** Whole US dollars as owners read them: $1,500. */
export function money(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}

/** 'costs up to $900' or 'runs $150–$450': a range from $0 reads as up to its top. */
export function costRange({ low, high }: KbArticle['cost']): string {
  return low === 0 ? `costs up to ${money(high)}` : `runs ${money(low)}–${money(high)}`;
}

/** 'Often free ...' or 'A float switch ...' continuing a sentence; a leading 'EFI' or 'DIY' keeps its capitals. */
export function lowerFirst(text: string): string {
  return /^[A-Z](?![A-Z])/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}
