import { useEffect } from 'react';
import { Link } from 'react-router';
import { useController, useFormContext } from 'react-hook-form';
import type { Expert } from '@common/experts';
import type { ServiceType } from '@common/roles';
import { Skeleton } from '../../../components/ui/skeleton';
import { FormAlert } from '../../../components/ui/form-alert';
import { ChosenExpert } from './chosen-expert';
import { ExpertSelect } from './expert-select';
import { fieldMessage, type VideoFormValues } from './form-values';
import { useChosenExpert } from './use-chosen-expert';

const SERVICE_NAMES: Record<ServiceType, string> = { video: 'video consultations', onsite: 'onsite service' };

/** Why the expert of the URL cannot be booked for this service, or null when they can. */
function unusableReason(expert: Expert, serviceType: ServiceType): string | null {
  if (!expert.serviceTypes.includes(serviceType)) return `${expert.name} does not offer ${SERVICE_NAMES[serviceType]}.`;
  if (!expert.available) return `${expert.name} is not taking new bookings right now.`;
  return null;
}

/**
 * Who the booking is with. A form opened from an expert's page shows that expert; otherwise (or when that
 * expert cannot be booked for this service) a select of the experts who can.
 */
export function ExpertField({ serviceType, urlExpertId }: { serviceType: ServiceType; urlExpertId: string | null }) {
  const form = useFormContext<VideoFormValues>();
  // Controlled, so an expert chosen before the list arrives (a restored draft) shows once it does.
  const { field } = useController({ control: form.control, name: 'expertId' });
  const expertId = field.value;
  const urlExpert = useChosenExpert(urlExpertId ?? '');
  const chosen = useChosenExpert(expertId);
  const error = fieldMessage(form.formState.errors.expertId?.message);

  const urlProblem = !urlExpertId
    ? null
    : urlExpert.isError
      ? 'We could not load the expert in your link.'
      : urlExpert.data
        ? unusableReason(urlExpert.data, serviceType)
        : null;

  // An expert who cannot be booked here is not kept as the choice: the visitor picks from the select.
  const { setValue, getValues } = form;
  useEffect(() => {
    if (urlProblem && getValues('expertId') === urlExpertId) setValue('expertId', '');
  }, [urlProblem, urlExpertId, getValues, setValue]);

  if (urlExpertId && !urlProblem) {
    // The skeleton has the chosen expert's height (phone: rate under the name), so the form does not jump.
    return (
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium text-slate-800">Expert</p>
        {urlExpert.data ? <ChosenExpert expert={urlExpert.data} serviceType={serviceType} /> : <Skeleton className="h-36 w-full sm:h-29" />}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {urlProblem ? (
        <FormAlert>
          {urlProblem} Choose another expert below, or{' '}
          <Link to="/experts" className="font-semibold underline">
            browse all experts
          </Link>
          .
        </FormAlert>
      ) : null}
      <ExpertSelect serviceType={serviceType} error={error} {...field} />
      {chosen.data && expertId ? <ChosenExpert expert={chosen.data} serviceType={serviceType} /> : null}
    </div>
  );
}
