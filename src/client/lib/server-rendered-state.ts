import { hydrate, type QueryClient } from '@tanstack/react-query';
import { PAGE_STATE_ELEMENT_ID } from '@common/page-blocks';

/**
 * Takes the data a page the server rendered came with (TanStack Query's dehydrated cache) into the query
 * cache; true when there was some, that is when the root element holds the server's HTML to hydrate.
 */
export function takeServerRenderedState(client: QueryClient): boolean {
  const block = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!block) return false;
  block.remove();
  try {
    hydrate(client, JSON.parse(block.textContent ?? ''));
    return true;
  } catch {
    // Unreadable: render in the browser, asking for the data, as without it.
    document.getElementById('root')!.replaceChildren();
    return false;
  }
}
