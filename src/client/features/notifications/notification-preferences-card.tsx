import { useForm } from 'react-hook-form';
import {
  channelAdjustable,
  NOTIFICATION_KIND_RULES,
  savePreferencesSchema,
  type NotificationChannel,
  type NotificationPreference,
  type NotificationPreferences,
} from '@common/notifications';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { LoadFailed } from '../../components/ui/load-failed';
import { Spinner } from '../../components/ui/spinner';
import { formResolver } from '../../lib/form-resolver';
import { showSubmitFailure } from '../../lib/server-field-errors';
import { showToast } from '../../lib/toast';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api';

const CHANNEL_LABELS: Record<NotificationChannel, string> = { email: 'E-mail', push: 'Push', text: 'Text' };

/**
 * Settings' 'Notifications' (docs/PRODUCT.md#notifications): per kind, the channels on or off. `channels`
 * are the ones this server can send by; the notification centre itself is always written.
 */
export function NotificationPreferencesCard({ channels }: { channels: readonly NotificationChannel[] }) {
  const query = useNotificationPreferences();
  return (
    <Card id="notifications" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
        <CardDescription>
          Everything also appears under the bell at the top of the page. Choose what else reaches you, for each kind.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Loading your notification settings" className="py-6" />
        ) : query.isError ? (
          <LoadFailed what="your notification settings" onRetry={() => void query.refetch()} />
        ) : (
          <PreferencesForm saved={query.data} channels={channels} />
        )}
      </CardContent>
    </Card>
  );
}

function PreferencesForm({ saved, channels }: { saved: NotificationPreferences; channels: readonly NotificationChannel[] }) {
  const form = useForm<NotificationPreferences>({ resolver: formResolver(savePreferencesSchema), values: saved });
  const save = useSaveNotificationPreferences();
  const error = form.formState.errors.preferences?.message ?? form.formState.errors.preferences?.root?.message;

  const onSubmit = form.handleSubmit(({ preferences }) => {
    // Only the kinds changed are saved: the others keep following their defaults.
    const changed = preferences.filter((preference, i) => !samePreference(preference, saved.preferences[i]!));
    if (changed.length === 0) {
      showToast({ title: 'Notification settings saved' });
      return;
    }
    save.mutate(changed, {
      onSuccess: () => showToast({ title: 'Notification settings saved' }),
      onError: (failure) => showSubmitFailure(form, failure, { fallback: 'Failed to save your notification settings' }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="-mx-2 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Which notifications reach you by which channel</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="px-2 py-2 font-medium">
                Kind
              </th>
              {channels.map((channel) => (
                <th key={channel} scope="col" className="w-16 px-2 py-2 text-center font-medium">
                  {CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {saved.preferences.map(({ kind }, i) => {
              const rules = NOTIFICATION_KIND_RULES[kind];
              return (
                <tr key={kind} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-2 py-2.5 text-left font-normal">
                    <span className="block font-medium text-slate-900">{rules.label}</span>
                    <span className="block text-xs text-slate-500">{rules.hint}</span>
                  </th>
                  {channels.map((channel) => {
                    const id = `notify-${kind}-${channel}`;
                    const label = `${rules.label}: ${CHANNEL_LABELS[channel]}`;
                    if (!channelAdjustable(kind, channel)) {
                      return (
                        <td key={channel} className="px-2 py-2.5 text-center text-xs text-slate-500">
                          {channel === 'email' && rules.noEmail ? (
                            <span aria-label={`${rules.label}: not sent by e-mail`}>–</span>
                          ) : channel === 'email' ? (
                            <span title="Receipts and invoices always come by e-mail">Always</span>
                          ) : (
                            <span aria-label={`${rules.label}: not sent by text`}>–</span>
                          )}
                        </td>
                      );
                    }
                    return (
                      <td key={channel} className="px-2 py-2.5 text-center">
                        <input id={id} type="checkbox" aria-label={label} className="size-5 accent-navy-700" {...form.register(`preferences.${i}.${channel}`)} />
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">Password and sign-in e-mails always come: they keep your account safe.</p>
      <Button type="submit" className="self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save notification settings'}
      </Button>
    </form>
  );
}

function samePreference(a: NotificationPreference, b: NotificationPreference): boolean {
  return a.email === b.email && a.push === b.push && a.text === b.text;
}
