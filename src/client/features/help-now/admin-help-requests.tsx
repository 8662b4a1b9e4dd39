import { Link } from 'react-router';
import type { AdminHelpRequest, HelpRequestStatus } from '@common/help-now';
import { NOT_SURE } from '@common/help-now';
import { specialtyLabel } from '@common/specialties';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/load-failed';
import { Spinner } from '../../components/ui/spinner';
import { useAdminHelpRequests } from './api';

const STATUS: Record<HelpRequestStatus, { label: string; tone: 'green' | 'yellow' | 'gray' | 'blue' }> = {
  ringing: { label: 'Ringing', tone: 'blue' },
  accepted: { label: 'Accepted', tone: 'green' },
  expired: { label: 'Nobody answered', tone: 'yellow' },
  cancelled: { label: 'Cancelled', tone: 'gray' },
};

const when = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function Row({ request }: { request: AdminHelpRequest }) {
  const status = STATUS[request.status];
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="whitespace-nowrap px-3 py-2">
        <time dateTime={request.createdAt}>{when.format(new Date(request.createdAt))}</time>
      </td>
      <td className="px-3 py-2">{request.ownerName}</td>
      <td className="min-w-56 px-3 py-2">
        <span className="block text-xs text-slate-500">{request.specialty === NOT_SURE ? 'Not sure' : specialtyLabel(request.specialty)}</span>
        <span className="[overflow-wrap:anywhere]">{request.problem}</span>
      </td>
      <td className="px-3 py-2">
        <Badge tone={status.tone}>{status.label}</Badge>
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{request.expertsRung}</td>
      <td className="px-3 py-2">{request.expertName ?? '—'}</td>
      <td className="px-3 py-2 text-right tabular-nums">{request.secondsToAccept !== null ? `${Math.round(request.secondsToAccept)} s` : '—'}</td>
      <td className="px-3 py-2">
        {request.bookingId ? (
          <Link to={`/bookings/${request.bookingId}`} className="font-medium text-navy-700 underline underline-offset-2">
            Booking
          </Link>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

/** Administrators' 'Help requests' (docs/PRODUCT.md#help-now): the latest 100, who was rung, who took it, and how fast. */
export function AdminHelpRequests() {
  const requests = useAdminHelpRequests();
  if (requests.isPending) return <Spinner label="Loading the help requests" className="py-10" />;
  if (requests.isError) return <LoadFailed what="the help requests" onRetry={() => void requests.refetch()} />;
  if (requests.data.length === 0) return <Card className="p-10 text-center text-slate-600">No Help now requests yet.</Card>;
  return (
    <Card className="overflow-x-auto p-0">
      <table className="w-full text-left text-sm text-slate-800">
        <caption className="sr-only">Help now requests, latest first</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">When</th>
            <th scope="col" className="px-3 py-2">Owner</th>
            <th scope="col" className="px-3 py-2">Problem</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2 text-right">Experts rung</th>
            <th scope="col" className="px-3 py-2">Accepted by</th>
            <th scope="col" className="px-3 py-2 text-right">Time to accept</th>
            <th scope="col" className="px-3 py-2">Booking</th>
          </tr>
        </thead>
        <tbody>
          {requests.data.map((request) => (
            <Row key={request.id} request={request} />
          ))}
        </tbody>
      </table>
    </Card>
  );
}
