import { useQuery } from '@tanstack/react-query';
import { expertQueryOptions } from '../../experts';

/** The expert a form has chosen (by id, from the URL or the select); nothing is asked while none is chosen. */
export function useChosenExpert(expertId: string) {
  const id = /^\d+$/.test(expertId) ? expertId : '';
  return useQuery({ ...expertQueryOptions(id), enabled: id !== '' });
}
