const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe inside HTML or XML, as element content or a quoted attribute value. */
export function escapeMarkup(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
