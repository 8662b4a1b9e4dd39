import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { handleUnauthorized } from '../../lib/unauthorized';

/**
 * A signed-out administrator gets the destructive 'Unauthorized' toast and is
 * sent to sign in; any other failure shows 'Error' with the server's message or the screen's fallback.
 */
export function showDecisionError(error: unknown, fallback: string) {
  if (handleUnauthorized(error, { title: 'Unauthorized', description: 'You are logged out. Logging in again...' })) return;
  showToast({ title: 'Error', description: errorText(error, fallback), variant: 'destructive' });
}
