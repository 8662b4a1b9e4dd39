import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushSubscriptionInput } from '@common/push';
import { apiJson, apiRequest } from '../../lib/api-request';
import { currentPushSubscription, serviceWorkerRegistration } from '../../lib/service-worker';
import { keyBytes } from './push-support';

const PUBLIC_KEY_KEY = ['/api/push/public-key'] as const;
const DEVICE_KEY = ['push', 'this-device'] as const;

/** How long turning on waits for the service worker, which starts after the page has loaded. */
const WORKER_WAIT_MS = 10_000;
/** How long it waits for the browser's push service: one out of reach never answers. */
const SUBSCRIBE_WAIT_MS = 15_000;

const within = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);

export class PushSetupError extends Error {}

const publicKeyQueryOptions = () =>
  queryOptions({ queryKey: PUBLIC_KEY_KEY, queryFn: () => apiJson<{ publicKey: string }>('GET', '/api/push/public-key'), staleTime: Infinity });

const saveSubscription = (subscription: PushSubscription) =>
  apiRequest('POST', '/api/push/subscriptions', subscription.toJSON() as PushSubscriptionInput);

/**
 * Whether this browser has a push subscription. One found is told to the server again, so that a device
 * still subscribed from an earlier session (or account) gets push for the one signed in now.
 */
export function useThisDevicePush(enabled: boolean) {
  return useQuery({
    queryKey: DEVICE_KEY,
    enabled,
    queryFn: async () => {
      const subscription = Notification.permission === 'granted' ? await currentPushSubscription() : null;
      // A refusal here is no reason to hide the switch: turning off still works, and on again tells the server.
      if (subscription) await saveSubscription(subscription).catch(() => {});
      return { on: !!subscription };
    },
  });
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const registration =
    (await serviceWorkerRegistration()) ??
    (await Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS))]));
  if (!registration) {
    throw new PushSetupError("The app's service worker is not running in this browser, so it cannot show notifications. Reload the page and try again.");
  }
  return registration;
}

/** Asks for permission (on the press), subscribes with the server's key and tells the server. */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<NotificationPermission> => {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return permission;
      const registration = await readyRegistration();
      const { publicKey } = await queryClient.fetchQuery(publicKeyQueryOptions());
      let subscription: PushSubscription;
      try {
        subscription = await within(
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }),
          SUBSCRIBE_WAIT_MS,
        );
      } catch {
        throw new PushSetupError('This browser could not reach its push service, so notifications could not be turned on. Try again later.');
      }
      try {
        await saveSubscription(subscription);
      } catch (error) {
        await subscription.unsubscribe().catch(() => {});
        throw error;
      }
      return permission;
    },
    onSuccess: (permission) => {
      if (permission === 'granted') queryClient.setQueryData(DEVICE_KEY, { on: true });
    },
  });
}

/** Tells the server first (it needs the session), then stops the browser's subscription. */
export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const subscription = await currentPushSubscription();
      if (!subscription) return;
      await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    },
    onSuccess: () => queryClient.setQueryData(DEVICE_KEY, { on: false }),
  });
}
