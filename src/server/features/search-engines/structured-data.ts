import type { BreadcrumbList, LocalBusiness, Offer, Review, WithContext } from 'schema-dts';
import type { Expert } from '../../../common/experts.js';
import type { PublicReview } from '../../../common/reviews.js';
import { specialtyLabel } from '../../../common/specialties.js';
import { expertPagePath } from '../../../common/search-engines.js';

/** An expert's own reviews (reviews/verifiedReviews): none of the figures they had before joining count. */
export interface VerifiedReviews {
  count: number;
  /** Two decimals, '4.67'. */
  average: string;
  latest: PublicReview[];
}

const METERS_PER_MILE = 1609.344;

/** The places of a trail from the home page, for search results' breadcrumbs. */
export function breadcrumbs(baseUrl: string, trail: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(({ name, path }, i) => ({ '@type': 'ListItem', position: i + 1, name, item: baseUrl + path })),
  };
}

function offers(expert: Expert): Offer[] {
  const service = (name: string) => ({ '@type': 'Service' as const, name, serviceType: specialtyLabel(expert.specialty) });
  return [
    ...(expert.serviceTypes.includes('video')
      ? [
          {
            '@type': 'Offer' as const,
            itemOffered: service('Video consultation'),
            priceSpecification: {
              '@type': 'UnitPriceSpecification' as const,
              price: expert.videoRate,
              priceCurrency: 'USD',
              referenceQuantity: { '@type': 'QuantitativeValue' as const, value: 30, unitCode: 'MIN' },
            },
          },
        ]
      : []),
    ...(expert.serviceTypes.includes('onsite')
      ? [
          {
            '@type': 'Offer' as const,
            itemOffered: service('Onsite service'),
            priceSpecification: {
              '@type': 'UnitPriceSpecification' as const,
              price: expert.onsiteRate,
              priceCurrency: 'USD',
              referenceQuantity: { '@type': 'QuantitativeValue' as const, value: 1, unitCode: 'HUR' },
            },
          },
        ]
      : []),
  ];
}

function review(item: PublicReview): Review {
  return {
    '@type': 'Review',
    author: { '@type': 'Person', name: item.authorName },
    datePublished: item.createdAt.slice(0, 10),
    reviewRating: { '@type': 'Rating', ratingValue: item.rating, bestRating: 5, worstRating: 1 },
    ...(item.text ? { reviewBody: item.text } : {}),
  };
}

/**
 * An expert's profile as schema.org data (docs/PRODUCT.md#found-on-the-web): the business, where it is and
 * what area it serves, its services with their prices, and its rating and reviews from the expert's own
 * verified reviews only (each of a completed booking); none when they have none.
 */
export function expertBusiness(
  expert: Expert,
  reviews: VerifiedReviews,
  baseUrl: string,
  centre: [number, number] | null,
  /** The picture the page's link preview shows (a photo, or the expert's card): a raster image, as search engines want. */
  image: string | null,
): WithContext<LocalBusiness> {
  const url = baseUrl + expertPagePath(expert.id);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${url}#business`,
    name: expert.name,
    url,
    ...(image ? { image: new URL(image, `${baseUrl}/`).href } : {}),
    ...(expert.bio ? { description: expert.bio } : {}),
    address: { '@type': 'PostalAddress', addressLocality: expert.city, addressRegion: expert.state, postalCode: expert.zipCode, addressCountry: 'US' },
    ...(centre && expert.serviceTypes.includes('onsite')
      ? {
          areaServed: {
            '@type': 'GeoCircle',
            geoMidpoint: { '@type': 'GeoCoordinates', latitude: Number(centre[0].toFixed(4)), longitude: Number(centre[1].toFixed(4)) },
            geoRadius: Math.round(expert.serviceRadius * METERS_PER_MILE),
          },
        }
      : {}),
    knowsAbout: specialtyLabel(expert.specialty),
    makesOffer: offers(expert),
    ...(reviews.count > 0
      ? {
          aggregateRating: { '@type': 'AggregateRating', ratingValue: reviews.average, reviewCount: reviews.count, bestRating: 5, worstRating: 1 },
          review: reviews.latest.map(review),
        }
      : {}),
  };
}

/** Data blocks for the page's head: JSON with `<` escaped, so no stored text can end the block. */
export function jsonLdTags(items: object[]): string {
  return items.map((item) => `<script type="application/ld+json">${JSON.stringify(item).replaceAll('<', '\\u003c')}</script>`).join('');
}
