import { z } from 'zod';

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

export interface WebSearch {
  search(query: string): Promise<SearchResult[]>;
}

const TOP_RESULTS = 5;
const TIMEOUT_MS = 8_000;

const searxngAnswer = z.object({
  results: z.array(z.object({ title: z.string(), url: z.string(), content: z.string().optional() })),
});
const braveAnswer = z.object({
  web: z
    .object({ results: z.array(z.object({ title: z.string(), url: z.string(), description: z.string().optional() })) })
    .optional(),
});

/** SearXNG's JSON API (`format=json` must be enabled on the instance). */
export function createSearxngSearch(baseUrl: string): WebSearch {
  return {
    async search(query) {
      const url = new URL('/search', baseUrl);
      url.search = new URLSearchParams({ q: query, format: 'json', safesearch: '1' }).toString();
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`SearXNG answered ${response.status}`);
      const { results } = searxngAnswer.parse(await response.json());
      return results.slice(0, TOP_RESULTS).map((r) => ({ title: r.title, url: r.url, snippet: r.content ?? '' }));
    },
  };
}

/** Brave Search API; SEARCH_URL may point at another host speaking the same protocol. */
export function createBraveSearch(apiKey: string, baseUrl = 'https://api.search.brave.com'): WebSearch {
  return {
    async search(query) {
      const url = new URL('/res/v1/web/search', baseUrl);
      url.search = new URLSearchParams({ q: query, count: String(TOP_RESULTS), safesearch: 'moderate' }).toString();
      const response = await fetch(url, {
        headers: { accept: 'application/json', 'x-subscription-token': apiKey },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`Brave Search answered ${response.status}`);
      const { web } = braveAnswer.parse(await response.json());
      return (web?.results ?? []).slice(0, TOP_RESULTS).map((r) => ({ title: r.title, url: r.url, snippet: r.description ?? '' }));
    },
  };
}
