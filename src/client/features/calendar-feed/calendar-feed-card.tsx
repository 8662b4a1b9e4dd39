import { useState } from 'react';
import { CalendarPlus, Copy, RefreshCw } from 'lucide-react';
import type { CalendarFeedLink } from '@common/calendar-feed';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { LoadFailed } from '../../components/ui/load-failed';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useCalendarFeed, useMakeCalendarFeed } from './api';

function madeOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    showToast({ title: 'Link copied', description: 'Paste it into your calendar app.' });
  } catch {
    showToast({ title: 'Could not copy the link', description: 'Select the address and copy it yourself.', variant: 'destructive' });
  }
}

/** The address just made, with its webcal form: shown this once. */
function NewLink({ link }: { link: CalendarFeedLink }) {
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor="calendar-feed-url" className="text-sm font-medium text-slate-900">
        Your calendar address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input id="calendar-feed-url" readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
        <Button type="button" onClick={() => void copyLink(link.url)} className="shrink-0">
          <Copy aria-hidden /> Copy link
        </Button>
      </div>
      <p className="text-sm text-slate-600">
        On a phone or a Mac, <a className="font-medium text-sky-700 underline" href={link.webcalUrl}>open it in your calendar app</a>.
        Keep the address private: anyone who has it can see your bookings. It is shown only now; if you lose it, reset the link.
      </p>
    </div>
  );
}

function HowTo() {
  return (
    <details className="rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-700">
      <summary className="cursor-pointer font-medium text-slate-900">How to add it to your calendar</summary>
      <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
        <li>
          <span className="font-medium">Google Calendar:</span> on a computer, Other calendars › + › From URL, paste the address, Add calendar.
        </li>
        <li>
          <span className="font-medium">Apple Calendar:</span> File › New Calendar Subscription (on iPhone: Settings › Calendar › Accounts › Add Subscribed Calendar), paste the address.
        </li>
        <li>
          <span className="font-medium">Outlook:</span> Add calendar › Subscribe from web, paste the address, Import.
        </li>
      </ul>
      <p className="mt-2 text-slate-500">Calendar apps fetch the feed again on their own schedule, from every 15 minutes to once a day (Google).</p>
    </details>
  );
}

/**
 * Settings' 'Calendar feed' (docs/PRODUCT.md#calendars): a private address calendar apps subscribe to, with
 * the account's bookings and its boats' maintenance due. Only the address's hash is kept, so it is shown
 * when made and never again.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const make = useMakeCalendarFeed();
  const [link, setLink] = useState<CalendarFeedLink | null>(null);
  const [confirming, setConfirming] = useState(false);

  const run = (action: 'create' | 'reset') =>
    make.mutate(action, {
      onSuccess: (made) => {
        setLink(made);
        setConfirming(false);
        showToast({ title: action === 'create' ? 'Calendar link created' : 'Calendar link reset', description: action === 'reset' ? 'The old address no longer works.' : undefined });
      },
      onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to make the calendar link'), variant: 'destructive' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feed</CardTitle>
        <CardDescription>
          See your bookings and your boats&apos; maintenance due in Google Calendar, Apple Calendar or Outlook. Changes, moves and
          cancellations show there when your calendar app next refreshes.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {feed.isError ? <LoadFailed what="your calendar feed" onRetry={() => void feed.refetch()} /> : null}
        {link ? <NewLink link={link} /> : null}
        {feed.data && !feed.data.active ? (
          <Button type="button" className="self-start" onClick={() => run('create')} disabled={make.isPending}>
            <CalendarPlus aria-hidden /> {make.isPending ? 'Creating...' : 'Create link'}
          </Button>
        ) : null}
        {feed.data?.active && !link && feed.data.createdAt ? (
          <p className="text-sm text-slate-600">
            Your calendar link is on (made {madeOn(feed.data.createdAt)}). For your privacy its address is shown only when it is made: to add it to another
            calendar, reset the link.
          </p>
        ) : null}
        {feed.data?.active ? (
          <Button type="button" variant="outline" className="self-start" onClick={() => setConfirming(true)} disabled={make.isPending}>
            <RefreshCw aria-hidden /> Reset link
          </Button>
        ) : null}
        <HowTo />
      </CardContent>
      <Dialog open={confirming} onOpenChange={(open) => !make.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Reset your calendar link?</DialogTitle>
            <DialogDescription>
              The current address stops working at once: calendars subscribed to it stop showing your bookings until you add the new address.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)} disabled={make.isPending}>
              Cancel
            </Button>
            <Button type="button" variant="destructive" onClick={() => run('reset')} disabled={make.isPending}>
              {make.isPending ? 'Resetting...' : 'Reset link'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
