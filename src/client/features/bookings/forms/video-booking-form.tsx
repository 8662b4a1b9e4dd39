import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Expert } from '@common/experts';
import { formatPrice } from '@common/experts-rules';
import type { videoBookingFormSchema, Booking } from '@common/bookings';
import { Card } from '../../../components/ui/card';
import { readBookingDraft } from '../../../lib/booking-draft';
import { BookingLayout } from './booking-layout';
import { DateTimeFields } from './date-time-fields';
import { DescriptionField } from './description-field';
import { ExpertField } from './expert-field';
import { QuickTime } from './quick-time';
import { DraftRestored, SubmitRow } from './submit-row';
import { toastGenericVideoForm, toastMissingInformation } from './form-toasts';
import { boatPayload, videoFormDefaults, type VideoFormValues } from './form-values';
import { BoatField } from './boat-field';
import { useBookingSubmit } from './use-booking-submit';
import { useChosenExpert } from './use-chosen-expert';
import { useFromPrice } from './use-from-price';
import { lazyFormResolver } from '../../../lib/lazy-form-resolver';
import { AttachConversationField, useConversationAttachment } from '../../ai-handoff';
import { useBookingBoat } from '../../boats';

type VideoBooking = z.output<typeof videoBookingFormSchema>;

// The schema, and zod with it, loads once the form is on screen.
const schema = lazyFormResolver<typeof videoBookingFormSchema, VideoFormValues>(() =>
  import('@common/bookings').then((m) => m.videoBookingFormSchema),
);

/**
 * A 30-minute video consultation: expert, the issue, date and a free time. /book-video checks it with
 * one 'Missing Information' toast; /book-service's generic form names the description and the date.
 */
export function VideoBookingForm({
  urlExpertId,
  quickTime = null,
  validation,
  onBooked,
  aside,
}: {
  urlExpertId: string | null;
  quickTime?: string | null;
  validation: 'book-video' | 'generic';
  onBooked: (booking: Booking) => void;
  aside: (expert: Expert | undefined, fromPrice: string | null) => ReactNode;
}) {
  const draftKey = validation === 'generic' ? 'service-video' : 'video';
  const [draft] = useState(() => readBookingDraft(draftKey));
  const form = useForm<VideoFormValues, unknown, VideoBooking>({
    resolver: schema.resolver,
    defaultValues: videoFormDefaults(draft, urlExpertId),
  });
  const expertId = useWatch({ control: form.control, name: 'expertId' });
  const expert = useChosenExpert(expertId).data;
  const fromPrice = useFromPrice('video');
  const { submit, isPending } = useBookingSubmit({ form, draftKey, onBooked });
  const attachment = useConversationAttachment();
  const urlBoat = useBookingBoat();

  // The schema does not know the boat: it is read from the form beside the checked values.
  const onSubmit = form.handleSubmit(
    (values) => submit({ ...values, serviceType: 'video', ...attachment.payload(), ...boatPayload(form.getValues('boatId'), urlBoat) }),
    validation === 'generic' ? toastGenericVideoForm : toastMissingInformation,
  );

  return (
    <BookingLayout
      form={
        <Card className="p-5 sm:p-6">
          <FormProvider {...form}>
            <form onSubmit={onSubmit} onFocus={schema.preload} noValidate aria-label="Video consultation booking" className="flex flex-col gap-5">
              {draft ? <DraftRestored /> : null}
              <ExpertField serviceType="video" urlExpertId={urlExpertId} />
              <DescriptionField placeholder="What is happening, on which equipment (make, model, year), and since when?" />
              <AttachConversationField attachment={attachment} serviceType="video" />
              <BoatField />
              <DateTimeFields serviceType="video" expert={expert} />
              <QuickTime expert={expert} time={quickTime} />
              <SubmitRow
                label="Book Video Call"
                pending={isPending}
                expertChosen={!!expertId}
                summary={
                  expert ? (
                    <p className="flex items-baseline justify-between gap-3 text-slate-700">
                      <span>30-minute video consultation with {expert.name}</span>
                      <span className="text-xl font-bold text-navy-800">{formatPrice(expert.videoRate)}</span>
                    </p>
                  ) : null
                }
              />
            </form>
          </FormProvider>
        </Card>
      }
      aside={aside(expert, fromPrice)}
    />
  );
}
