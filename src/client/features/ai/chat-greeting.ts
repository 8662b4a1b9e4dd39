/** The first AI message. It claims web search only when a search provider is really configured. */
export function chatGreeting(webSearch: boolean): string {
  const intro = webSearch
    ? "Hello! I'm your marine technical assistant with real-time web search: I look up manuals and specifications for your equipment and link my sources."
    : "Hello! I'm your marine technical assistant: I answer from a library of marine repair guides and link my sources.";
  return `${intro} You can also attach a photo of the problem.\n\nWhat question can I help you with today?`;
}
