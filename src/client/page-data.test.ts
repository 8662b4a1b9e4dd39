import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { pageRequestPath, pageRequests } from '@common/page-requests';
import { prefetchPageData } from './page-data';

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

afterEach(() => vi.unstubAllGlobals());

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

  it('settles when an answer fails, leaving the page to ask again and show its error', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Not found"}', { status: 404 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await prefetchPageData(queryClient, new URL('http://localhost/book-video?expertId=7'));
    expect(queryClient.getQueryState(['/api/experts', '7'])?.status).toBe('error');
  });
});
