import { PRODUCT_NAME } from './brand.js';
import type { Expert } from './experts.js';
import { yearsLabel } from './experience.js';
import { matchPagePath, type PagePath } from './page-paths.js';
import { expertCardPath, type PrivatePage } from './search-engines.js';
import { SPECIALTY_VALUES, specialtyLabel } from './specialties.js';

/**
 * What a page says about itself to browsers, search engines and link previews (docs/PRODUCT.md#found-on-the-web):
 * the server writes it into the page's HTML, and the app keeps it current as the visitor moves on.
 */
export interface PageHead {
  title: string;
  description: string;
  /** The page's one address (path and query) for search engines; null for a page that is not indexed. */
  canonical: string | null;
  /** False: search engines are asked not to index the page (`noindex`). */
  index: boolean;
  /** The picture of a link preview: a path of this site or an absolute address; null for the default. */
  image: string | null;
  /** Open Graph's kind of page. */
  type: 'website' | 'profile';
}

const SITE_DESCRIPTION =
  'K&B Marine connects boat owners with certified marine experts for live video consultations, onsite service and AI-powered repair help.';

/** Titles end with the product's name, as in a browser tab or a search result. */
const titled = (title: string) => `${title} | ${PRODUCT_NAME}`;

const PUBLIC_HEADS: Partial<Record<PagePath, { title: string; description: string }>> = {
  '/': { title: `${PRODUCT_NAME} — marine repair help`, description: SITE_DESCRIPTION },
  '/experts': {
    title: titled('Find certified marine experts'),
    description: 'Compare certified marine technicians by specialty, rating, price and distance, and book a video consultation or an onsite visit.',
  },
  '/onsite-request': {
    title: titled('Onsite marine service at your dock'),
    description: 'Find a certified marine technician who comes to your boat: engines, electrical, plumbing, rigging and more, booked by the hour.',
  },
  '/video-consultation': {
    title: titled('Video consultations with marine experts'),
    description: 'Show a certified marine expert the problem on a live video call and get a diagnosis and next steps in 30 minutes.',
  },
  '/ai-assistant': {
    title: titled('AI repair assistant'),
    description: 'Ask the K&B Marine assistant about a repair, or send a photo of the problem, and get answers with the references they come from.',
  },
  '/expert/apply': {
    title: titled('Become a K&B Expert'),
    description: 'Certified marine technicians: apply to join K&B Marine and help boat owners by video call and at the dock.',
  },
  '/login': { title: titled('Sign in'), description: 'Sign in to K&B Marine or create an account to book marine experts.' },
  '/privacy': { title: titled('Privacy Policy'), description: 'How K&B Marine collects, uses and protects your information.' },
  '/terms': { title: titled('Terms of Service'), description: 'The terms for using K&B Marine.' },
  '/help': {
    title: titled('Help Center'),
    description: 'Answers about K&B Marine accounts, bookings, payments, disputes, video calls and boats.',
  },
};

const PRIVATE_TITLES: Record<PrivatePage, string> = {
  '/consultation': 'Video consultation',
  '/help-now': 'Help now',
  '/book-service': 'Book a service',
  '/book-video': 'Book a video consultation',
  '/book-onsite': 'Book onsite service',
  '/dashboard': 'Dashboard',
  '/bookings': 'My Bookings',
  '/bookings/:id': 'Booking',
  '/boats': 'My Boats',
  '/boats/:id': 'Boat',
  '/settings': 'Settings',
  '/profile': 'My Profile',
  '/user-management': 'User Management',
  '/expert-management': 'Expert Management',
  '/payment-management': 'Payment Management',
  '/workspace': 'Expert workspace',
  '/reset-password': 'Reset password',
  '/confirm-email': 'Confirm your e-mail address',
  '/contact': 'Contact Us',
  '/contact-messages': 'Contact Messages',
  '/notifications': 'Notifications',
  '/unsubscribe': 'Unsubscribe',
};

const DIRECTORIES: readonly string[] = ['/experts', '/onsite-request', '/video-consultation'];

/**
 * A directory is indexed bare or narrowed to one specialty (a page worth finding: 'engine repair experts');
 * any other filter, sort or page makes a near-copy of those, which says `noindex` and names them canonical.
 */
function directoryHead(path: string, search: URLSearchParams, head: { title: string; description: string }): PageHead {
  const specialty = search.get('specialty');
  const known = specialty !== null && (SPECIALTY_VALUES as readonly string[]).includes(specialty) ? specialty : null;
  const canonical = known ? `${path}?specialty=${known}` : path;
  const onlySpecialty = [...search.keys()].every((key) => key === 'specialty') && search.getAll('specialty').length <= 1;
  return {
    title: known ? titled(`${specialtyLabel(known)} experts`) : head.title,
    description: head.description,
    canonical,
    index: onlySpecialty && (specialty === null || known !== null),
    image: null,
    type: 'website',
  };
}

/** Money as the profile shows it: '$75' or '$72.50'. */
const dollars = (amount: string) => `$${amount.endsWith('.00') ? amount.slice(0, -3) : amount}`;

function expertHead(expert: Expert): PageHead {
  const where = `${expert.city}, ${expert.state}`;
  const offers = [
    expert.serviceTypes.includes('video') ? `video consultations from ${dollars(expert.videoRate)}` : null,
    expert.serviceTypes.includes('onsite') ? `onsite service from ${dollars(expert.onsiteRate)}/hr` : null,
  ].filter(Boolean);
  const rated = expert.reviewCount > 0 ? ` Rated ${expert.rating} from ${expert.reviewCount} reviews.` : '';
  return {
    title: titled(`${expert.name} — ${specialtyLabel(expert.specialty)} in ${where}`),
    description: `${expert.name}, ${specialtyLabel(expert.specialty)} in ${where}, ${yearsLabel(expert.experience)}${offers.length ? `: ${offers.join(', ')}` : ''}.${rated}`,
    canonical: `/expert/${expert.id}`,
    index: true,
    // Link previews show raster pictures only: for a drawn (SVG) portrait, the expert's card instead.
    image: expert.profileImage && !/\.svg$/i.test(expert.profileImage) ? expert.profileImage : expertCardPath(expert.id),
    type: 'profile',
  };
}

const notIndexed = (title: string): PageHead => ({ title: titled(title), description: SITE_DESCRIPTION, canonical: null, index: false, image: null, type: 'website' });

/**
 * The head of the page at `pathname`. An expert's profile needs the expert: undefined while it is not
 * known yet (a generic profile head), null when there is no such approved expert.
 */
export function pageHead(pathname: string, search: URLSearchParams, expert?: Expert | null): PageHead {
  const path = matchPagePath(pathname);
  if (!path) return notIndexed('Page Not Found');
  if (path === '/expert/:id') {
    if (expert === null) return notIndexed('Expert not found');
    if (!expert) return notIndexed('Marine expert');
    return expertHead(expert);
  }
  const head = PUBLIC_HEADS[path];
  if (!head) return notIndexed(PRIVATE_TITLES[path as keyof typeof PRIVATE_TITLES]);
  if (DIRECTORIES.includes(path)) return directoryHead(path, search, head);
  // A search of the help is a near-copy of the whole page.
  if (path === '/help' && [...search.keys()].length > 0) return { ...head, canonical: path, index: false, image: null, type: 'website' };
  return { ...head, canonical: path, index: true, image: null, type: 'website' };
}
