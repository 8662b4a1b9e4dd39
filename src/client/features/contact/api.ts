import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactMessageInput, ContactMessageView, ContactReplyInput, ContactSent, ContactStatus } from '@common/contact';
import { apiJson } from '../../lib/api-request';

export function sendContactMessage(input: ContactMessageInput) {
  return apiJson<ContactSent>('POST', '/api/contact', input);
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

const QUEUE_KEY = ['/api/admin/contact'] as const;

export const contactQueueQueryOptions = (status: ContactStatus) =>
  queryOptions({
    queryKey: [...QUEUE_KEY, status],
    queryFn: () => apiJson<ContactMessageView[]>('GET', `/api/admin/contact?status=${status}`),
    // The queue is worked by several administrators: read it afresh each time it is shown.
    staleTime: 0,
  });

export function useContactQueue(status: ContactStatus) {
  return useQuery(contactQueueQueryOptions(status));
}

/** A reply or a close moves the message between the lists: every list is read again. */
function useQueueChange<V>(mutationFn: (variables: V) => Promise<ContactMessageView>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: QUEUE_KEY }) });
}

export function useReplyToContactMessage() {
  return useQueueChange(({ id, ...input }: ContactReplyInput & { id: number }) =>
    apiJson<ContactMessageView>('POST', `/api/admin/contact/${id}/reply`, input),
  );
}

export function useCloseContactMessage() {
  return useQueueChange((id: number) => apiJson<ContactMessageView>('POST', `/api/admin/contact/${id}/close`));
}
