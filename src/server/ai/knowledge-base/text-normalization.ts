/** Lower-case words without apostrophes, so "won't" and "wont" are one word. */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/[^a-z0-9.\s-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const STOP_WORDS = new Set(
  'a an and are as at be been but by can could did do does doing for from had has have how i im ive if in into is it its just me my of on or our so that the their them then there they this to too up was we were what when where which while who why will with would you your yet any some also about after again all am very really get got help please hi hello thanks thank know boat boats thing things stuff problem problems issue issues need want like one time way fine ok okay good bad new whats myself involved best use used does should would much many lot there here now today yesterday tell say said show give let'.split(
    ' ',
  ),
);

export function tokenize(text: string): string[] {
  return normalizeText(text)
    .split(/[\s.-]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}
