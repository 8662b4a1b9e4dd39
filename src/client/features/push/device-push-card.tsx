import { BellRing } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormAlert } from '../../components/ui/form-alert';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';
import { useThisDevicePush, useTurnOffPush, useTurnOnPush } from './api';
import { permissionChanged, usePushSupport } from './use-push-support';

/**
 * Settings' 'This device' (docs/PRODUCT.md#installable-app-and-push): push on or off for the browser it is
 * open in, or why it cannot be.
 */
export function DevicePushCard() {
  const support = usePushSupport();
  return (
    <Card id="this-device" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>This device</CardTitle>
        <CardDescription>Notifications from K&amp;B Marine on this phone or computer, even when the app is closed.</CardDescription>
      </CardHeader>
      <CardContent>
        {support === null ? (
          <Spinner label="Checking this browser" className="py-4" />
        ) : support === 'unsupported' ? (
          <p className="text-sm text-slate-700">This browser cannot show notifications from K&amp;B Marine.</p>
        ) : support === 'ios-install-first' ? (
          <p className="text-sm text-slate-700">
            On iPhone and iPad, add K&amp;B Marine to your Home Screen first: iOS shows notifications only from an installed app.
          </p>
        ) : support === 'denied' ? (
          <FormAlert tone="info">Notifications are blocked for this site in your browser&apos;s settings.</FormAlert>
        ) : (
          <DeviceSwitch />
        )}
      </CardContent>
    </Card>
  );
}

function DeviceSwitch() {
  const device = useThisDevicePush(true);
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  if (device.isPending) return <Spinner label="Checking this device" className="py-4" />;
  const on = device.data?.on === true;

  const onTurnOn = () =>
    turnOn.mutate(undefined, {
      onSuccess: (permission) => {
        permissionChanged();
        if (permission === 'granted') showToast({ title: 'Notifications on', description: 'This device gets notifications from K&B Marine.' });
      },
    });
  const onTurnOff = () =>
    turnOff.mutate(undefined, {
      onSuccess: () => showToast({ title: 'Notifications off', description: 'This device no longer gets notifications from K&B Marine.' }),
      onError: (failure) => showToast({ title: 'Error', description: errorText(failure, 'Failed to turn notifications off'), variant: 'destructive' }),
    });

  if (on) {
    return (
      <div className="flex flex-col gap-4">
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <BellRing aria-hidden className="size-4 text-navy-600" /> Notifications are on for this device.
        </p>
        <Button variant="outline" className="self-start" onClick={onTurnOff} disabled={turnOff.isPending}>
          {turnOff.isPending ? 'Turning off...' : 'Turn off on this device'}
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {turnOn.isError ? <FormAlert>{errorText(turnOn.error, 'Failed to turn notifications on')}</FormAlert> : null}
      {turnOn.data === 'default' ? (
        <FormAlert tone="info">Notifications were not allowed. Press the button again to be asked again.</FormAlert>
      ) : null}
      <p className="text-sm text-slate-700">Which kinds arrive here is chosen under Notifications, in the Push column.</p>
      <Button className="self-start" onClick={onTurnOn} disabled={turnOn.isPending}>
        {turnOn.isPending ? 'Turning on...' : 'Turn on notifications on this device'}
      </Button>
    </div>
  );
}
