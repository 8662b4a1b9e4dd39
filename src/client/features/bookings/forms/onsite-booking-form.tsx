import { useCallback, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Expert } from '@common/experts';
import { billableHours } from '@common/bookings-rules';
import type { onsiteBookingFormSchema, Booking } from '@common/bookings';
import type { Boat } from '@common/boats';
import { Card } from '../../../components/ui/card';
import { readBookingDraft } from '../../../lib/booking-draft';
import { BookingLayout } from './booking-layout';
import { CostEstimate } from './cost-estimate';
import { DateTimeFields } from './date-time-fields';
import { DescriptionField } from './description-field';
import { EstimatedHoursField } from './estimated-hours-field';
import { ExpertField } from './expert-field';
import { OnsiteDetailsFields } from './onsite-details-fields';
import { DraftRestored, SubmitRow } from './submit-row';
import { toastMissingInformation } from './form-toasts';
import { lazyFormResolver } from '../../../lib/lazy-form-resolver';
import { boatFillChanges, boatPayload, onsiteFormDefaults, type BoatFilledField, type OnsiteFormValues } from './form-values';
import { BoatField, type BoatChoice } from './boat-field';
import { useBookingSubmit } from './use-booking-submit';
import { useChosenExpert } from './use-chosen-expert';
import { useFromPrice } from './use-from-price';
import { AttachConversationField, useConversationAttachment } from '../../ai-handoff';
import { useBookingBoat, useBoats } from '../../boats';
import { placeTimeZoneOf } from '@common/bookings-time-zone';
import { useAuth } from '../../../lib/session';

type OnsiteBooking = z.output<typeof onsiteBookingFormSchema>;

// The schema, and zod with it, loads once the form is on screen.
const schema = lazyFormResolver<typeof onsiteBookingFormSchema, OnsiteFormValues>(() =>
  import('@common/bookings').then((m) => m.onsiteBookingFormSchema),
);

/** An onsite visit: every field of the onsite form, a live cost estimate and the free times for the hours. */
export function OnsiteBookingForm({
  urlExpertId,
  onBooked,
  aside,
}: {
  urlExpertId: string | null;
  onBooked: (booking: Booking) => void;
  aside: (expert: Expert | undefined, fromPrice: string | null) => ReactNode;
}) {
  const [draft] = useState(() => readBookingDraft('onsite'));
  const form = useForm<OnsiteFormValues, unknown, OnsiteBooking>({
    resolver: schema.resolver,
    defaultValues: onsiteFormDefaults(draft, urlExpertId),
  });
  const [expertId, hours] = useWatch({ control: form.control, name: ['expertId', 'estimatedHours'] });
  const expert = useChosenExpert(expertId).data;
  const fromPrice = useFromPrice('onsite');
  const { submit, isPending } = useBookingSubmit({ form, draftKey: 'onsite', onBooked });
  const attachment = useConversationAttachment();
  const billed = billableHours(hours, expert?.onsiteMinimumHours ?? 1);
  const urlBoat = useBookingBoat();
  // The times are told in the visit's place's zone once the address or the chosen boat gives its ZIP code.
  const [boatAddress, boatId] = useWatch({ control: form.control, name: ['boatAddress', 'boatId'] });
  const { isAuthenticated } = useAuth();
  const boat = useBoats(isAuthenticated).data?.find((candidate) => candidate.id === boatId);
  const placeTimeZone = placeTimeZoneOf(boatAddress, boat?.homeZip);

  // A boat from My Boats fills the boat's type and length and where it is kept: the owner's choice
  // overwrites them, the form's first choice fills only what is blank. They stay editable.
  const { getValues, setValue, clearErrors } = form;
  const fillFromBoat = useCallback(
    (boat: Boat, how: BoatChoice) => {
      const changes = boatFillChanges(boat, getValues(), how === 'preselected');
      for (const [name, value] of Object.entries(changes) as [BoatFilledField, string][]) {
        setValue(name, value, { shouldDirty: true });
        if (value) clearErrors(name);
      }
    },
    [getValues, setValue, clearErrors],
  );

  // The schema does not know the boat: it is read from the form beside the checked values.
  const onSubmit = form.handleSubmit(
    (values) => submit({ ...values, serviceType: 'onsite', ...attachment.payload(), ...boatPayload(getValues('boatId'), urlBoat) }),
    toastMissingInformation,
  );

  return (
    <BookingLayout
      form={
        <Card className="p-5 sm:p-6">
          <FormProvider {...form}>
            <form onSubmit={onSubmit} onFocus={schema.preload} noValidate aria-label="Onsite service booking" className="flex flex-col gap-6">
              {draft ? <DraftRestored /> : null}
              <ExpertField serviceType="onsite" urlExpertId={urlExpertId} />
              <DescriptionField placeholder="What needs doing, on which equipment (make, model, year), and what you have noticed." />
              <AttachConversationField attachment={attachment} serviceType="onsite" />
              <BoatField fills="Its type, length, marina and slip are filled in below; you can change them." onChoose={fillFromBoat} />
              <OnsiteDetailsFields expert={expert} />
              <fieldset className="flex flex-col gap-4">
                <legend className="mb-3 text-base font-semibold text-navy-800">Visit</legend>
                <EstimatedHoursField expert={expert} />
                <DateTimeFields serviceType="onsite" expert={expert} hours={billed} placeTimeZone={placeTimeZone} />
              </fieldset>
              <SubmitRow
                label="Book Onsite Service"
                pending={isPending}
                expertChosen={!!expertId}
                summary={<CostEstimate expert={expert} hours={hours} fromPrice={fromPrice} />}
              />
            </form>
          </FormProvider>
        </Card>
      }
      aside={aside(expert, fromPrice)}
    />
  );
}
