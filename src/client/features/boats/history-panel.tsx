import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { CircleCheck, FileDown, Gauge, History, MessageSquare, NotebookPen, Trash2, Wrench } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { z } from 'zod';
import { BOAT_LIMITS, boatNoteFormSchema, type ServiceHistoryEntry } from '@common/boats';
import { readingByline, readingTitle } from '@common/boats-engine-hours';
import { AI_CATEGORY_LABELS, type AiCategory } from '@common/ai-rules';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@common/invoices';
import { formatCents } from '@common/money';
import { specialtyLabel } from '@common/specialties';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { LoadFailed } from '../../components/ui/load-failed';
import { LocalDate } from '../../components/ui/local-date';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { fieldAria } from '../../components/ui/field-props';
import { errorText } from '../../lib/api-request';
import { formResolver } from '../../lib/form-resolver';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { serviceRecordUrl, useAddBoatNote, useBoatHistory, useDeleteBoatNote } from './api';
import { formatHours } from './boat-label';
import { ConfirmDialog } from './confirm-dialog';
import { formatLocalDate } from './task-due';

type Entry<K extends ServiceHistoryEntry['kind']> = Extract<ServiceHistoryEntry, { kind: K }>;

const label = <K extends string>(labels: Record<K, string>, value: string) => (value in labels ? labels[value as K] : value);

function NoteForm({ boatId }: { boatId: string }) {
  const add = useAddBoatNote();
  const form = useForm<{ body: string }, unknown, z.output<typeof boatNoteFormSchema>>({
    resolver: formResolver<typeof boatNoteFormSchema, { body: string }>(boatNoteFormSchema),
    defaultValues: { body: '' },
  });
  const error = form.formState.errors.body?.message;
  const id = `boat-note-${boatId}`;
  const onSubmit = form.handleSubmit((input) =>
    add.mutate(
      { boatId, input, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          form.reset({ body: '' });
          showToast({ title: 'Note added', description: 'It is in the boat’s history.' });
        },
        onError: (failure) => {
          showSubmitFailure(form, failure, { fallback: 'Failed to add the note' });
        },
      },
    ),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <FormField id={id} label="Add a note" error={error}>
        <Textarea
          rows={3}
          maxLength={BOAT_LIMITS.note}
          placeholder="Work you did yourself, a part you fitted, something to watch"
          {...fieldAria(id, error)}
          {...form.register('body')}
        />
      </FormField>
      <Button type="submit" variant="secondary" size="sm" className="self-start" disabled={add.isPending}>
        <NotebookPen aria-hidden /> {add.isPending ? 'Adding...' : 'Add note'}
      </Button>
    </form>
  );
}

function DeleteNoteButton({ boatId, entry }: { boatId: string; entry: Entry<'note'> }) {
  const remove = useDeleteBoatNote();
  const confirm = () =>
    remove.mutateAsync({ boatId, noteId: entry.noteId }).then(
      () => showToast({ title: 'Note deleted', description: 'It is no longer in the boat’s history.' }),
      (failure: unknown) => {
        showToast({ title: 'Error', description: errorText(failure, 'Failed to delete the note'), variant: 'destructive' });
        throw failure;
      },
    );
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" size="sm" className="text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden /> Delete<span className="sr-only"> this note</span>
        </Button>
      }
      title="Delete this note?"
      description="It leaves the boat’s history and its service record."
      confirmLabel="Delete note"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}

function BookingEntry({ entry }: { entry: Entry<'booking'> }) {
  const service = entry.serviceType === 'video' ? 'Video consultation' : 'Onsite service';
  return (
    <>
      <h3 className="font-semibold text-slate-900">
        {service} with {entry.expertName}
      </h3>
      <p className="text-sm text-slate-600">{specialtyLabel(entry.specialty)}</p>
      {entry.description ? <p className="whitespace-pre-line break-words text-sm text-slate-700">{entry.description}</p> : null}
      {entry.summary ? (
        <dl className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 text-sm">
          <div>
            <dt className="font-medium text-slate-900">Findings</dt>
            <dd className="whitespace-pre-line break-words text-slate-700">{entry.summary.findings}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-900">Next steps</dt>
            <dd className="whitespace-pre-line break-words text-slate-700">{entry.summary.nextSteps}</dd>
          </div>
          {entry.summary.parts.length > 0 ? (
            <div>
              <dt className="font-medium text-slate-900">Parts</dt>
              <dd className="text-slate-700">
                <ul className="list-inside list-disc">
                  {entry.summary.parts.map((part, i) => (
                    <li key={i} className="break-words">
                      {part}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {entry.invoice ? (
          <span className="flex flex-wrap items-center gap-2 text-slate-700">
            Invoice {entry.invoice.number}: <span className="font-semibold text-slate-900">{formatCents(entry.invoice.totalCents)}</span>
            <Badge tone={entry.invoice.status === 'paid' ? 'green' : 'gray'}>{label<InvoiceStatus>(INVOICE_STATUS_LABELS, entry.invoice.status)}</Badge>
          </span>
        ) : null}
        <Link to={`/bookings/${entry.bookingId}`} className="font-medium text-navy-600 underline-offset-4 hover:underline">
          View booking #{entry.number}
        </Link>
      </div>
    </>
  );
}

function ConversationEntry({ entry }: { entry: Entry<'conversation'> }) {
  return (
    <>
      <h3 className="font-semibold text-slate-900">Asked about this boat</h3>
      <p className="break-words text-sm text-slate-700">&ldquo;{entry.question}&rdquo;</p>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Badge tone="navy">{label<AiCategory>(AI_CATEGORY_LABELS, entry.category)}</Badge>
        {/* The assistant's page lists the conversation among the signed-in user's recent ones. */}
        <Link to="/ai-assistant" className="font-medium text-navy-600 underline-offset-4 hover:underline">
          Open the AI assistant
        </Link>
      </p>
    </>
  );
}

function MaintenanceEntry({ entry }: { entry: Entry<'maintenance'> }) {
  return (
    <>
      <h3 className="font-semibold text-slate-900">Done: {entry.title}</h3>
      {entry.engineHours !== null ? <p className="text-sm text-slate-600">At {formatHours(entry.engineHours)}</p> : null}
      {entry.note ? <p className="whitespace-pre-line break-words text-sm text-slate-700">{entry.note}</p> : null}
    </>
  );
}

function EngineHoursEntry({ entry }: { entry: Entry<'engine_hours'> }) {
  return (
    <>
      <h3 className="font-semibold text-slate-900">{readingTitle(entry)}</h3>
      <p className="text-sm text-slate-600">{readingByline(entry)}</p>
      {entry.note ? <p className="whitespace-pre-line break-words text-sm text-slate-700">{entry.note}</p> : null}
    </>
  );
}

const KIND_WORDS: Record<ServiceHistoryEntry['kind'], string> = {
  booking: 'Booking',
  conversation: 'AI assistant',
  engine_hours: 'Engine hours',
  maintenance: 'Maintenance',
  note: 'Note',
};

const ICONS: Record<ServiceHistoryEntry['kind'], LucideIcon> = { booking: Wrench, conversation: MessageSquare, engine_hours: Gauge, maintenance: CircleCheck, note: NotebookPen };

function HistoryItem({ boatId, entry }: { boatId: string; entry: ServiceHistoryEntry }) {
  const Icon = ICONS[entry.kind];
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-600">
        <Icon aria-hidden className="size-4" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
          {KIND_WORDS[entry.kind]} · {entry.kind === 'maintenance' ? <time dateTime={entry.doneOn}>{formatLocalDate(entry.doneOn)}</time> : <LocalDate iso={entry.at} />}
        </p>
        {entry.kind === 'booking' ? <BookingEntry entry={entry} /> : null}
        {entry.kind === 'conversation' ? <ConversationEntry entry={entry} /> : null}
        {entry.kind === 'maintenance' ? <MaintenanceEntry entry={entry} /> : null}
        {entry.kind === 'engine_hours' ? <EngineHoursEntry entry={entry} /> : null}
        {entry.kind === 'note' ? (
          <>
            <h3 className="sr-only">Note</h3>
            <p className="whitespace-pre-line break-words text-slate-800">{entry.body}</p>
            <div>
              <DeleteNoteButton boatId={boatId} entry={entry} />
            </div>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** The History tab: bookings, assistant conversations, maintenance done, engine hours and notes, newest first, a page at a time; a note form; the service record PDF. */
export function HistoryPanel({ boatId }: { boatId: string }) {
  const history = useBoatHistory(boatId);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Card>
      <CardHeader className="flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <History aria-hidden className="size-5 text-navy-600" /> Service history
          </CardTitle>
          <CardDescription>Everything done for the boat: handy for the next expert, and for a buyer one day.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm" className="self-start">
          <a href={serviceRecordUrl(boatId)} download>
            <FileDown aria-hidden /> Download service record (PDF)
          </a>
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <NoteForm boatId={boatId} />
        {history.isPending ? (
          <Spinner label="Loading the history" className="py-10" />
        ) : history.isError ? (
          <LoadFailed what="the history" onRetry={() => void history.refetch()} />
        ) : entries.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            Nothing yet. Bookings for this boat, questions you ask the assistant about it, tasks you mark done, engine hours and your notes appear here.
          </p>
        ) : (
          <>
            <ol className="flex flex-col divide-y divide-slate-100 border-t border-slate-100 pt-4">
              {entries.map((entry) => (
                <HistoryItem key={`${entry.kind}-${entryKey(entry)}`} boatId={boatId} entry={entry} />
              ))}
            </ol>
            {history.hasNextPage ? (
              <Button type="button" variant="outline" size="sm" className="self-center" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {history.isFetchingNextPage ? 'Loading...' : 'Show older'}
              </Button>
            ) : null}
            {history.isFetchNextPageError ? (
              <p role="alert" className="text-center text-sm text-red-600">
                The older entries could not be loaded. Press 'Show older' to try again.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function entryKey(entry: ServiceHistoryEntry): string {
  switch (entry.kind) {
    case 'booking':
      return entry.bookingId;
    case 'conversation':
      return entry.sessionId;
    case 'note':
      return entry.noteId;
    case 'maintenance':
      return `${entry.taskId}-${entry.at}`;
    case 'engine_hours':
      return entry.readingId;
  }
}
