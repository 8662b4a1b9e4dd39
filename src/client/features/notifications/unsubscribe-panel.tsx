import { Link, useSearchParams } from 'react-router';
import { NOTIFICATION_KIND_RULES, notificationKindSchema, unsubscribeLinkSchema } from '@common/notifications';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { errorText } from '../../lib/api-request';
import { useHydrated } from '../../lib/use-hydrated';
import { useUnsubscribe } from './api';

const INVALID = 'This unsubscribe link is not valid. Choose what reaches you in Settings.';

/**
 * Where an e-mail's unsubscribe address opened in a browser lands: it asks before turning that kind of
 * e-mail off (a link scanner that opens addresses must not unsubscribe anyone), and needs no sign-in.
 */
export function UnsubscribePanel() {
  const [search] = useSearchParams();
  const link = unsubscribeLinkSchema.safeParse(Object.fromEntries(search));
  const kind = notificationKindSchema.safeParse(search.get('k'));
  const unsubscribe = useUnsubscribe();
  const hydrated = useHydrated();
  const label = kind.success ? NOTIFICATION_KIND_RULES[kind.data].label.toLowerCase() : null;

  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <CardTitle>{unsubscribe.isSuccess ? 'Unsubscribed' : 'Stop these e-mails?'}</CardTitle>
        <CardDescription>
          {!link.success || !label
            ? INVALID
            : unsubscribe.isSuccess
              ? `You will no longer get e-mails about ${label}. They still show under the bell when you sign in.`
              : `You will no longer get e-mails about ${label}. Your other e-mails stay as they are.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {link.success && label && !unsubscribe.isSuccess ? (
          <Button className="self-start" disabled={!hydrated || unsubscribe.isPending} onClick={() => unsubscribe.mutate(link.data)}>
            {unsubscribe.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
        ) : null}
        {unsubscribe.isError ? (
          <p role="alert" className="text-sm text-red-600">
            {errorText(unsubscribe.error, INVALID)}
          </p>
        ) : null}
        <p className="text-sm text-slate-600">
          <Link to="/settings#notifications" className="font-medium text-navy-700 underline">
            Choose what reaches you in Settings
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
