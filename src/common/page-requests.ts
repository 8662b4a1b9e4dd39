import { matchPagePath } from './page-paths.js';
import { REVIEW_PAGE_SIZE } from './reviews-rules.js';
import { EXPERT_PAGE_SIZE } from './experts-listing.js';
import { EXPERTS_DIRECTORY, ONSITE_DIRECTORY, VIDEO_DIRECTORY, searchFromAddress, type ExpertSearch } from './experts-searches.js';
import type { ServiceType } from './roles.js';

/*
 * The API addresses a page asks for as it opens. The client's fetchers build them with these functions,
 * and the server names the same addresses in the page's HTML as preloads (http/page-html.ts): on a
 * phone's network the data then arrives with the scripts instead of one round trip after them.
 */

export const CLIENT_CONFIG_PATH = '/api/config';
export const AI_STATUS_PATH = '/api/ai/status';

type SearchValue = string | number | boolean | undefined;

/** `GET /api/experts` with the given parameters, in their order, empty ones left out. */
export function expertListPath(params: Record<string, SearchValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return `/api/experts${text ? `?${text}` : ''}`;
}

/** The first page of a directory's listing, as 'Load more' starts it (later pages add the cursor). */
export const firstExpertPage = (search: ExpertSearch) => ({ ...search, limit: EXPERT_PAGE_SIZE });

export const expertPath = (id: string | number) => `/api/experts/${encodeURIComponent(id)}`;

/** A page of reviews ('Show more reviews' passes the cursor of the last one). */
export const reviewPageSearch = (cursor?: string) => `?limit=${REVIEW_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;

export const expertReviewsPath = (expertId: string | number, cursor?: string) => `${expertPath(expertId)}/reviews${reviewPageSearch(cursor)}`;

/** The listing request behind 'from $X': the cheapest expert bookable for the service now. */
export const fromPriceSearch = (serviceType: ServiceType) => ({ serviceType, available: true, sort: 'price-low', limit: 1 }) as const;

/** An expert id as pages take it from their address; anything else asks for nothing. */
const expertIdOf = (value: string | null | undefined): string | null => (value && /^[1-9]\d{0,8}$/.test(value) ? value : null);

/**
 * A request a page makes as it opens. The server writes its address into the page's HTML as a preload
 * (http/page-html.ts); the client fetches it into its query cache before the first render (page-data.ts),
 * so the page is drawn once with its data instead of drawn and then drawn again as each answer arrives.
 */
export type PageRequest =
  | { kind: 'config' }
  | { kind: 'ai-status' }
  | { kind: 'expert'; id: string }
  | { kind: 'expert-reviews'; expertId: string }
  | { kind: 'from-price'; serviceType: ServiceType }
  | { kind: 'expert-pages'; search: ExpertSearch };

export function pageRequestPath(request: PageRequest): string {
  switch (request.kind) {
    case 'config':
      return CLIENT_CONFIG_PATH;
    case 'ai-status':
      return AI_STATUS_PATH;
    case 'expert':
      return expertPath(request.id);
    case 'expert-reviews':
      return expertReviewsPath(request.expertId);
    case 'from-price':
      return expertListPath(fromPriceSearch(request.serviceType));
    case 'expert-pages':
      return expertListPath(firstExpertPage(request.search));
  }
}

/**
 * What a page requests as it opens, when its address alone decides it (signed-in data and searches
 * people type are left to the page).
 */
export function pageRequests(pathname: string, search: URLSearchParams): PageRequest[] {
  const chosenExpert = expertIdOf(search.get('expertId'));
  const expert: PageRequest[] = chosenExpert ? [{ kind: 'expert', id: chosenExpert }] : [];
  const fromPrice = (serviceType: ServiceType): PageRequest => ({ kind: 'from-price', serviceType });
  const bookingForm = (serviceType: ServiceType): PageRequest[] => [{ kind: 'config' }, fromPrice(serviceType), ...expert];
  switch (matchPagePath(pathname)) {
    case '/expert/:id': {
      const id = expertIdOf(pathname.split('/').filter(Boolean)[1]);
      return id ? [{ kind: 'expert', id }, { kind: 'expert-reviews', expertId: id }] : [];
    }
    case '/book-video':
      return bookingForm('video');
    case '/book-onsite':
      return bookingForm('onsite');
    case '/book-service': {
      const type = search.get('type');
      if (type === 'video' || type === 'onsite') return bookingForm(type);
      return [fromPrice('video'), fromPrice('onsite'), ...expert];
    }
    case '/ai-assistant':
      return [{ kind: 'ai-status' }];
    case '/experts':
      return [{ kind: 'expert-pages', search: searchFromAddress(EXPERTS_DIRECTORY, search) }];
    case '/onsite-request':
      return [{ kind: 'expert-pages', search: searchFromAddress(ONSITE_DIRECTORY, search) }];
    case '/video-consultation':
      return [{ kind: 'expert-pages', search: searchFromAddress(VIDEO_DIRECTORY, search) }];
    default:
      return [];
  }
}
