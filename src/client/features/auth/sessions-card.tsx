import { Laptop, Smartphone } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { useCurrentSession, useRevokeOtherSessions, useSessions, type AccountSession } from './api';
import { errorText } from '../../lib/api-request';
import { formatDate } from '../../lib/format';
import { showToast } from '../../lib/toast';

function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'unknown system';
  return `${browser} on ${system}`;
}

function SessionRow({ session, current }: { session: AccountSession; current: boolean }) {
  const mobile = /iPhone|Android/.test(session.userAgent ?? '');
  const Icon = mobile ? Smartphone : Laptop;
  return (
    <li className="flex items-center gap-3 py-3">
      <Icon aria-hidden className="size-5 text-slate-400" />
      <div className="flex-1">
        <p className="text-sm font-medium text-slate-900">{describeDevice(session.userAgent)}</p>
        <p className="text-xs text-slate-500">Signed in {formatDate(session.createdAt)}</p>
      </div>
      {current ? <Badge tone="green">This device</Badge> : null}
    </li>
  );
}

export function SessionsCard() {
  const sessions = useSessions();
  const current = useCurrentSession();
  const currentSessionToken = current.data?.session.token;
  const revoke = useRevokeOtherSessions();
  const list = sessions.data ?? [];
  const others = list.filter((s) => s.token !== currentSessionToken).length;

  const signOutOthers = () =>
    revoke.mutate(undefined, {
      onSuccess: () => showToast({ title: 'Signed out', description: 'All your other sessions have been signed out.' }),
      onError: (error) =>
        showToast({ title: 'Error', description: errorText(error, 'Failed to sign out other sessions'), variant: 'destructive' }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you are signed in</CardTitle>
        <CardDescription>Sign out of every other browser and device, for example after using a shared computer.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isLoading ? (
          <Spinner />
        ) : (
          <ul className="divide-y divide-slate-100">
            {list.map((session) => (
              <SessionRow key={session.id} session={session} current={session.token === currentSessionToken} />
            ))}
          </ul>
        )}
        <Button variant="outline" className="self-start" onClick={signOutOthers} disabled={revoke.isPending}>
          {revoke.isPending ? 'Signing out...' : `Sign out of other sessions${others ? ` (${others})` : ''}`}
        </Button>
      </CardContent>
    </Card>
  );
}
