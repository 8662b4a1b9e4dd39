import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminHelpRequest, CreateHelpRequest, HelpPrice, HelpRequest, HelpRing, HelpRings, OnCallSettingsInput, OnCallSettingsView } from '@common/help-now';
import { LIVE_CLOSE_NOT_ADMITTED, LIVE_CLOSE_SESSION_ENDED } from '@common/live-close';
import { apiForm, apiJson, apiRequest } from '../../lib/api-request';
import { keepLiveSocket } from '../../lib/live-socket';

const requestPath = (id: string) => `/api/help-requests/${encodeURIComponent(id)}`;

export const helpNowKeys = {
  price: (search: string) => ['/api/help-requests/price', search] as const,
  request: (id: string) => ['/api/help-requests', id] as const,
  onCall: ['/api/workspace/on-call'] as const,
  admin: ['/api/admin/help-requests'] as const,
};

/** Where the price is asked for: the specialty, and the typed ZIP code or the shared position. */
export interface PriceQuery {
  specialty: string;
  zipCode?: string;
  latitude?: number;
  longitude?: number;
}

export function priceSearch(query: PriceQuery): string {
  const params = new URLSearchParams({ specialty: query.specialty });
  if (query.zipCode) params.set('zipCode', query.zipCode);
  if (query.latitude !== undefined && query.longitude !== undefined) {
    params.set('latitude', String(query.latitude));
    params.set('longitude', String(query.longitude));
  }
  return params.toString();
}

/** What the experts who would be rung now ask, asked again when the specialty or the place changes. */
export function useHelpPrice(query: PriceQuery) {
  const search = priceSearch(query);
  return useQuery({
    queryKey: helpNowKeys.price(search),
    queryFn: () => apiJson<HelpPrice>('GET', `/api/help-requests/price?${search}`),
    placeholderData: keepPreviousData,
    // Who is on call changes by the minute.
    staleTime: 30_000,
  });
}

export function useSendHelpRequest() {
  return useMutation({
    // No Idempotency-Key: the server keeps one request ringing per owner, and answers a second with 409.
    mutationFn: (input: CreateHelpRequest) => apiJson<HelpRequest>('POST', '/api/help-requests', input),
  });
}

export function uploadHelpPhoto(requestId: string, photo: File) {
  const body = new FormData();
  body.append('photo', photo);
  return apiForm<HelpRequest>(`${requestPath(requestId)}/photo`, body);
}

export function useCancelHelpRequest(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<HelpRequest>('POST', `${requestPath(requestId)}/cancel`),
    onSuccess: (request) => queryClient.setQueryData(helpNowKeys.request(requestId), request),
  });
}

const stopWhenRefused = (code: number) => (code === LIVE_CLOSE_SESSION_ENDED || code === LIVE_CLOSE_NOT_ADMITTED ? 'stop' : 'retry');

/**
 * The owner's request, kept live (docs/ARCHITECTURE.md#realtime): the socket sends it whenever it changes (a
 * round rang, an expert accepted, it expired); while the socket is not open it is read every 3 seconds.
 */
export function useLiveHelpRequest(sent: HelpRequest) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  const open = sent.status === 'ringing';
  useEffect(() => {
    if (!open) return;
    return keepLiveSocket(`${requestPath(sent.id)}/live`, {
      onOpen: () => setLive(true),
      onMessage: (data) => queryClient.setQueryData(helpNowKeys.request(sent.id), data as HelpRequest),
      onClose: (code) => {
        setLive(false);
        return stopWhenRefused(code);
      },
    });
  }, [queryClient, sent.id, open]);
  return useQuery(
    queryOptions({
      queryKey: helpNowKeys.request(sent.id),
      queryFn: () => apiJson<HelpRequest>('GET', requestPath(sent.id)),
      initialData: sent,
      staleTime: Number.POSITIVE_INFINITY,
      refetchInterval: (query) => (!live && query.state.data?.status === 'ringing' ? 3000 : false),
    }),
  );
}

/** The requests ringing this expert now, from the socket every page of theirs keeps open (it also keeps them online). */
export function useHelpRings(enabled: boolean): HelpRing[] {
  const [rings, setRings] = useState<HelpRing[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const stop = keepLiveSocket('/api/help-rings/live', {
      onMessage: (data) => {
        const next = (data as Partial<HelpRings>).rings;
        if (Array.isArray(next)) setRings(next);
      },
      onClose: stopWhenRefused,
    });
    return () => {
      stop();
      setRings([]);
    };
  }, [enabled]);
  return rings;
}

export const acceptHelpRequest = (requestId: string) => apiJson<{ bookingId: string }>('POST', `${requestPath(requestId)}/accept`);
export const declineHelpRequest = (requestId: string) => apiRequest('POST', `${requestPath(requestId)}/decline`);

export function useOnCall() {
  return useQuery({ queryKey: helpNowKeys.onCall, queryFn: () => apiJson<OnCallSettingsView>('GET', '/api/workspace/on-call') });
}

export function useSaveOnCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OnCallSettingsInput) => apiJson<OnCallSettingsView>('PUT', '/api/workspace/on-call', input),
    onSuccess: (saved) => queryClient.setQueryData(helpNowKeys.onCall, saved),
  });
}

/** Administrators' list: the latest 100 requests. */
export function useAdminHelpRequests() {
  return useQuery({
    queryKey: helpNowKeys.admin,
    queryFn: () => apiJson<AdminHelpRequest[]>('GET', '/api/admin/help-requests'),
    retry: false,
    staleTime: 0,
  });
}
