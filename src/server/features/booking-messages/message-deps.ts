import type { ServiceContext } from '../../core/service-context.js';
import type { Fanout } from '../../realtime/fanout.js';
import type { PhotoStore } from '../../storage/photo-store.js';

/** What the booking-message services need besides their arguments: part of the app's services, the live fanout and the photo store. */
export interface MessageDeps extends Pick<ServiceContext, 'db' | 'jobs' | 'baseUrl'> {
  fanout: Fanout;
  /** Message photos: private, served only through the booking's photo route. */
  photos: PhotoStore;
}
