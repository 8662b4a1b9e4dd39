import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Boat } from '@common/boats';
import { FormField } from '../../../components/ui/form-field';
import { NativeSelect } from '../../../components/ui/native-select';
import { useAuth } from '../../../lib/session';
import { boatLabel, boatTasksQuery, useBookingBoat, useBoats } from '../../boats';
import { fieldMessage, initialBoatChoice, type VideoFormValues } from './form-values';

/** How a boat came to be chosen: by the owner, or by the form as it opened (the address's boat, or their only one). */
export type BoatChoice = 'chosen' | 'preselected';

/**
 * 'Boat': which of the signed-in owner's boats (My Boats) the booking is for; the expert then sees its
 * details. It starts on the address's boat (`?boat=`, from a maintenance task's 'Book an expert') when that
 * is theirs, else on their only boat. Signed-out visitors see nothing: they have no boats to choose from.
 * `onChoose` hears each boat chosen (not 'No boat'), so the onsite form can fill its fields from it.
 */
export function BoatField({ fills, onChoose }: { fills?: string; onChoose?: (boat: Boat, how: BoatChoice) => void }) {
  const { isAuthenticated } = useAuth();
  const form = useFormContext<VideoFormValues>();
  const url = useBookingBoat();
  const boats = useBoats(isAuthenticated);
  const list = boats.data;
  const chosen = useWatch({ control: form.control, name: 'boatId' });
  const urlBoatIsOwn = !!url && !!list?.some((boat) => boat.id === url.boatId);
  const tasks = useQuery({ ...boatTasksQuery(url?.boatId ?? ''), enabled: urlBoatIsOwn && !!url?.taskId });
  const task = url?.taskId && chosen === url.boatId ? tasks.data?.find((candidate) => candidate.id === url.taskId) : undefined;

  // The first choice, once the boats are known: made once, so the owner's own choice is never undone.
  const preselected = useRef(false);
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!list || preselected.current) return;
    preselected.current = true;
    const current = getValues('boatId');
    const initial = initialBoatChoice(list, current, url?.boatId ?? null);
    if (initial !== current) setValue('boatId', initial);
    const boat = list.find((candidate) => candidate.id === initial);
    if (boat) onChoose?.(boat, 'preselected');
  }, [list, url, getValues, setValue, onChoose]);

  if (!isAuthenticated) return null;
  const error = fieldMessage(form.formState.errors.boatId?.message);
  const none = !!list && list.length === 0;
  const describedBy = ['boatId-hint', error ? 'boatId-error' : null].filter(Boolean).join(' ');

  return (
    <FormField id="boatId" label="Boat" error={error}>
      <NativeSelect
        id="boatId"
        disabled={boats.isPending}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...form.register('boatId', {
          onChange: (event: { target: { value: string } }) => {
            form.clearErrors('boatId');
            const boat = list?.find((candidate) => candidate.id === event.target.value);
            if (boat) onChoose?.(boat, 'chosen');
          },
        })}
      >
        <option value="">{boats.isPending ? 'Loading your boats...' : 'No boat from My Boats'}</option>
        {(list ?? []).map((boat) => (
          <option key={boat.id} value={boat.id}>
            {boatLabel(boat)}
          </option>
        ))}
      </NativeSelect>
      <div id="boatId-hint" className="flex flex-col gap-1 text-xs text-slate-600">
        {boats.isError ? (
          <p>We could not load your boats. You can book without one, or reload the page.</p>
        ) : none ? (
          <p>
            Your expert sees your boat&apos;s make, model and engines when you add it to My Boats.{' '}
            <Link to="/boats" className="font-medium text-navy-600 underline underline-offset-4">
              Add a boat in My Boats
            </Link>
          </p>
        ) : (
          <p>Your expert sees the boat&apos;s make, model, engines and where it is kept.{fills && chosen ? ` ${fills}` : ''}</p>
        )}
        {task ? <p className="font-medium text-slate-800">For the maintenance task “{task.title}”: completing the booking marks it done.</p> : null}
      </div>
    </FormField>
  );
}
