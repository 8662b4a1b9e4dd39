import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { pageRequestPath, pageRequests } from '@common/page-requests';
import { prefetchPageData } from './page-data';
import { createQueryClient } from './lib/query-client';
import { ApiError } from './lib/api-request';
import { expertQueryOptions } from './features/experts';

const PAGES = [
  '/book-video?expertId=7',
  '/book-onsite?expertId=7',
  '/book-video',
  '/book-service',
  '/book-service?type=onsite&expertId=3',
  '/expert/12',
  '/ai-assistant',
  '/login',
  '/experts',
  '/experts?q=diesel&specialty=engines&sort=nonsense',
  '/onsite-request?location=FL&minRating=4',
  '/video-consultation?available=true&sort=price-low',
];

const observers: (() => void)[] = [];

afterEach(() => {
  for (const unsubscribe of observers.splice(0)) unsubscribe();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('prefetchPageData', () => {
  // The server preloads these addresses from the page's HTML; a prefetch asking any other address
  // would download the data twice instead of picking up the preload.
  it.each(PAGES)('asks %s for exactly the addresses its HTML preloads', async (page) => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (path: string) => {
      asked.push(path);
      return new Response(path.startsWith('/api/experts?') ? '[]' : '{}', { headers: { 'Content-Type': 'application/json' } });
    });
    const url = new URL(page, 'http://localhost');
    await prefetchPageData(new QueryClient(), url);
    expect(asked.sort()).toEqual(pageRequests(url.pathname, url.searchParams).map(pageRequestPath).sort());
  });

  it('settles when an answer fails; the page mounting on a refusal just answered shows it without asking again', async () => {
    const asked = answerEveryRequestNotFound();
    const queryClient = createQueryClient();
    await prefetchPageData(queryClient, new URL('http://localhost/book-video?expertId=7'));
    expect(queryClient.getQueryState(['/api/experts', '7'])?.status).toBe('error');
    const askedByPrefetch = asked.count;
    const page = mounted(new QueryObserver(queryClient, expertQueryOptions('7')));
    await vi.waitFor(() => expect(page.getCurrentResult().error).toBeInstanceOf(ApiError), { timeout: 10_000 });
    expect(page.getCurrentResult().isFetching).toBe(false);
    expect(asked.count).toBe(askedByPrefetch);
  });

  it('asks again on mount when the refusal is older than a few seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const asked = answerEveryRequestNotFound();
    const queryClient = createQueryClient();
    await prefetchPageData(queryClient, new URL('http://localhost/expert/7'));
    const askedByPrefetch = asked.count;
    vi.setSystemTime(Date.now() + 6_000);
    mounted(new QueryObserver(queryClient, expertQueryOptions('7')));
    await vi.waitFor(() => expect(asked.count).toBe(askedByPrefetch + 1), { timeout: 10_000 });
  });
});

/** Every request answered 404; counts them. */
function answerEveryRequestNotFound(): { count: number } {
  const asked = { count: 0 };
  vi.stubGlobal('fetch', async () => {
    asked.count += 1;
    return new Response('{"message":"Not found"}', { status: 404 });
  });
  return asked;
}

/** A page's query observed, as useQuery observes it on mount. */
function mounted<O extends { subscribe(listener: () => void): () => void }>(observer: O): O {
  observers.push(observer.subscribe(() => {}));
  return observer;
}
