import type { ComponentProps } from 'react';
import type { ServiceType } from '@common/roles';
import { EXPERT_MAX_PAGE_SIZE } from '@common/expert';
import { specialtyLabel } from '@common/specialties';
import { formatPrice } from '@common/expert-rules';
import { FormField } from '../ui/form-field';
import { NativeSelect } from './native-select';
import { fieldAria } from './field-props';
import { useExperts } from '../../lib/api/experts';
import { videoRateLabel } from '../experts/expert-labels';

/**
 * The expert select of a form opened without an expert: only experts who offer the service and take
 * bookings now, by name, with their specialty and their own rate.
 */
export function ExpertSelect({
  serviceType,
  error,
  ...selectProps
}: { serviceType: ServiceType; error?: string } & Omit<ComponentProps<'select'>, 'id'>) {
  const experts = useExperts({ serviceType, available: true, sort: 'name', limit: EXPERT_MAX_PAGE_SIZE });
  const list = experts.data?.experts ?? [];
  return (
    <FormField id="expertId" label="Expert" error={error}>
      <NativeSelect {...selectProps} {...fieldAria('expertId', error)} disabled={experts.isPending}>
        <option value="">{experts.isPending ? 'Loading experts...' : 'Choose an expert'}</option>
        {list.map((expert) => (
          <option key={expert.id} value={String(expert.id)}>
            {expert.name} · {specialtyLabel(expert.specialty)} ·{' '}
            {serviceType === 'video' ? videoRateLabel(expert) : `${formatPrice(expert.onsiteRate)}/hr`}
          </option>
        ))}
      </NativeSelect>
      {experts.isError ? <p className="text-sm text-red-600">We could not load the experts. Please reload the page.</p> : null}
    </FormField>
  );
}
