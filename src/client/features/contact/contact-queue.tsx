import { Link } from 'react-router';
import { CONTACT_STATUSES, CONTACT_TOPIC_LABELS, type ContactMessageView, type ContactStatus } from '@common/contact';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { Card } from '../../components/ui/card';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { LoadFailed } from '../../components/ui/load-failed';
import { LocalDate } from '../../components/ui/local-date';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useCloseContactMessage, useContactQueue } from './api';
import { ContactReplyForm } from './contact-reply-form';

const STATUS_LABELS: Record<ContactStatus, string> = { open: 'Open', answered: 'Answered', closed: 'Closed' };
const EMPTY: Record<ContactStatus, string> = {
  open: 'No open messages.',
  answered: 'No answered messages waiting to be closed.',
  closed: 'No closed messages.',
};

function MessageCard({ message }: { message: ContactMessageView }) {
  const close = useCloseContactMessage();
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">
          #{message.id} · {CONTACT_TOPIC_LABELS[message.topic]}
        </h3>
        <Badge tone={message.status === 'open' ? 'yellow' : message.status === 'answered' ? 'blue' : 'gray'}>{STATUS_LABELS[message.status]}</Badge>
        <span className="text-sm text-slate-500">
          <LocalDate iso={message.createdAt} />
        </span>
      </div>
      <p className="text-sm text-slate-700">
        From {message.senderName ? `${message.senderName}, ` : ''}
        <span className="break-all">{message.email}</span>
        {message.signedIn ? ' (signed in)' : ' (not signed in: the address is unchecked)'}
        {message.booking ? (
          <>
            {' · '}
            <Link to={`/bookings/${message.booking.id}`} className="font-medium text-navy-600 underline-offset-4 hover:underline">
              Booking #{message.booking.number}
            </Link>
          </>
        ) : null}
      </p>
      <p className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 text-slate-800">{message.message}</p>
      {message.replies.map((reply) => (
        <div key={reply.id} className="border-l-4 border-navy-200 pl-4">
          <p className="text-xs text-slate-500">
            {reply.adminName} replied to {reply.sentTo} on <LocalDate iso={reply.createdAt} />
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{reply.body}</p>
        </div>
      ))}
      {message.status === 'closed' ? null : (
        <>
          <ContactReplyForm message={message} />
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            disabled={close.isPending}
            onClick={() =>
              close.mutate(message.id, {
                onSuccess: () => showToast({ title: 'Message closed' }),
                onError: (error) => showToast({ title: 'Error', description: errorText(error, 'The message was not closed'), variant: 'destructive' }),
              })
            }
          >
            Close message
          </Button>
        </>
      )}
    </Card>
  );
}

function MessageList({ status }: { status: ContactStatus }) {
  const list = useContactQueue(status);
  if (list.isPending) return <Spinner label="Loading messages" />;
  if (list.isError) return <LoadFailed what="the messages" onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <p className="text-slate-600">{EMPTY[status]}</p>;
  return (
    <div className="flex flex-col gap-4">
      {list.data.map((message) => (
        <MessageCard key={message.id} message={message} />
      ))}
    </div>
  );
}

/** The administrators' queue of 'Contact Us' messages: open ones oldest first, then answered and closed. */
export function ContactQueue() {
  return (
    <Tabs defaultValue="open" className="flex flex-col gap-6">
      <TabsList aria-label="Messages">
        {CONTACT_STATUSES.map((status) => (
          <TabsTrigger key={status} value={status}>
            {STATUS_LABELS[status]}
          </TabsTrigger>
        ))}
      </TabsList>
      {CONTACT_STATUSES.map((status) => (
        <TabsContent key={status} value={status}>
          <MessageList status={status} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
