import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SendCodeInput, SmsSettings, VerifyCode } from '@common/sms';
import { apiJson } from '../../lib/api-request';

const SMS_NUMBER_KEY = ['/api/sms/number'] as const;

export const smsSettingsQueryOptions = () =>
  queryOptions({ queryKey: SMS_NUMBER_KEY, queryFn: () => apiJson<SmsSettings>('GET', '/api/sms/number') });

/** The account's number for texts: verified, stopped, or a code waiting. */
export function useSmsSettings() {
  return useQuery(smsSettingsQueryOptions());
}

/** Each change answers the settings as they now are, which replace the cached ones. */
function useSmsChange<I>(request: (input: I) => Promise<SmsSettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (settings) => queryClient.setQueryData(SMS_NUMBER_KEY, settings),
  });
}

export const useSendCode = () => useSmsChange((input: SendCodeInput) => apiJson<SmsSettings>('POST', '/api/sms/number/code', input));
export const useVerifyCode = () => useSmsChange((input: VerifyCode) => apiJson<SmsSettings>('POST', '/api/sms/number/verify', input));
export const useRemoveNumber = () => useSmsChange(() => apiJson<SmsSettings>('DELETE', '/api/sms/number'));
