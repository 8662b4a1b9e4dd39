/** The text with its first letter in upper case ('video consultation' -> 'Video consultation'). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
