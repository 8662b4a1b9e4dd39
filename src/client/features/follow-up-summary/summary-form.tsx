import { FormProvider, useForm } from 'react-hook-form';
import { CircleCheckBig, Send } from 'lucide-react';
import type { Booking } from '@common/bookings';
import { FOLLOW_UP_WORDS, followUpSummaryInputSchema, SUMMARY_LIMITS, type FollowUpSummary, type FollowUpSummaryContent } from '@common/follow-up-summary';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Textarea } from '../../components/ui/textarea';
import { fieldAria } from '../../components/ui/field-props';
import { formResolver } from '../../lib/form-resolver';
import { useWriteFollowUp } from './api';
import { showToast } from '../../lib/toast';
import { PartsFields } from './parts-fields';
import { summaryFormDefaults, type SummaryFormValues } from './summary-form-values';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { capitalize } from '@common/text';

const resolver = formResolver<typeof followUpSummaryInputSchema, SummaryFormValues>(followUpSummaryInputSchema);

/** The form's words for each service: a consultation's summary, a visit's service report. */
const FORM_TEXT = {
  video: {
    label: 'Follow-up summary',
    record: (owner: string) =>
      `${owner} gets this by e-mail and keeps it on the booking page. Calls are not recorded, so this is their written record of the consultation.`,
    findings: 'What you found',
    findingsHint: 'What you saw and what is causing the problem',
    nextStepsHint: 'What the owner should do next, in order, and when to call a technician',
  },
  onsite: {
    label: 'Service report',
    record: (owner: string) => `${owner} gets this by e-mail and keeps it on the booking page: their written record of the visit.`,
    findings: 'What you found and did',
    findingsHint: 'What was wrong, what you repaired, replaced or adjusted, and how you tested it',
    nextStepsHint: 'What the owner should do next, and when the boat needs another look',
  },
} as const;

/**
 * The expert's summary (or service report) form. Sending it e-mails the owner at once; while the booking
 * is confirmed the expert can also mark it completed in the same step. Amending sends it whole again.
 */
export function SummaryForm({ booking, summary, onDone }: { booking: Booking; summary: FollowUpSummary | null; onDone: () => void }) {
  const form = useForm<SummaryFormValues, unknown, FollowUpSummaryContent>({ resolver, defaultValues: summaryFormDefaults(summary) });
  const write = useWriteFollowUp();
  // An onsite visit is completed with its invoice (hours, parts, travel) from the workspace, not from its report.
  const canComplete = booking.status === 'confirmed' && booking.serviceType === 'video';
  const amending = summary !== null;
  const text = FORM_TEXT[booking.serviceType];
  const { short } = FOLLOW_UP_WORDS[booking.serviceType];
  const sendLabel = amending ? `Send updated ${short}` : `Send ${short}`;

  const send = (markCompleted: boolean) =>
    // mutateAsync, not mutate's callbacks: the saved summary replaces this form, which unmounts before they would run.
    form.handleSubmit((content) =>
      write.mutateAsync({ id: booking.id, ...content, markCompleted }).then(
        () => {
          showToast({
            title: `${capitalize(short)} ${amending ? 'updated' : 'sent'}`,
            description: `${booking.owner.name} can read it on the booking page and gets it by e-mail.${markCompleted ? ` Booking #${booking.number} is completed.` : ''}`,
          });
          onDone();
        },
        (failure: unknown) => {
          // The server checks with the same schema; its field messages go next to the fields.
          showSubmitFailure(form, failure, { title: `${capitalize(short)} not sent`, fallback: `The ${short} could not be sent. Please try again.` });
        },
      ),
    );

  const errors = form.formState.errors;
  return (
    <FormProvider {...form}>
      <form noValidate aria-label={text.label} onSubmit={(event) => void send(canComplete)(event)} className="flex flex-col gap-5">
        <p className="text-sm text-slate-600">{text.record(booking.owner.name)}</p>
        <FormField id="findings" label={text.findings} error={errors.findings?.message}>
          <Textarea
            rows={5}
            maxLength={SUMMARY_LIMITS.findings}
            placeholder={text.findingsHint}
            {...fieldAria('findings', errors.findings?.message)}
            {...form.register('findings')}
          />
        </FormField>
        <FormField id="nextSteps" label="Recommended next steps" error={errors.nextSteps?.message}>
          <Textarea
            rows={5}
            maxLength={SUMMARY_LIMITS.nextSteps}
            placeholder={text.nextStepsHint}
            {...fieldAria('nextSteps', errors.nextSteps?.message)}
            {...form.register('nextSteps')}
          />
        </FormField>
        <PartsFields />
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:flex-wrap sm:justify-end">
          {amending ? (
            <Button type="button" variant="ghost" onClick={onDone} disabled={write.isPending}>
              Cancel
            </Button>
          ) : null}
          {canComplete ? (
            <Button type="button" variant="outline" onClick={(event) => void send(false)(event)} disabled={write.isPending}>
              <Send aria-hidden /> {sendLabel}
            </Button>
          ) : null}
          <Button type="submit" disabled={write.isPending}>
            {canComplete ? <CircleCheckBig aria-hidden /> : <Send aria-hidden />}
            {write.isPending ? 'Sending...' : canComplete ? 'Send and mark completed' : sendLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
