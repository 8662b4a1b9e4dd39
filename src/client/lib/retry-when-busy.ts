import { ApiError } from './api-request';

/** How often a form asks again by itself before it shows the refusal. */
const MAX_ATTEMPTS = 5;
/** A Retry-After longer than this is not waited out on screen. */
const LONGEST_WAIT_SECONDS = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls `call`, and when the server answers 503 with a Retry-After (too many sign-ins at once: the
 * password hashes wait their turn), waits that long and asks again, a few times, telling the form it is
 * waiting so it can say so. A moment's random spread keeps a crowd refused together from returning together.
 */
export async function retryWhenBusy<T>(call: () => Promise<T>, onWaiting: (waiting: boolean) => void): Promise<T> {
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        const seconds = error instanceof ApiError && error.status === 503 ? error.retryAfterSeconds : undefined;
        if (seconds === undefined || seconds > LONGEST_WAIT_SECONDS || attempt >= MAX_ATTEMPTS) throw error;
        onWaiting(true);
        await sleep(seconds * 1000 + Math.random() * 1000);
      }
    }
  } finally {
    onWaiting(false);
  }
}
