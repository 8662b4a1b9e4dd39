import { FormAlert } from '../../components/ui/form-alert';

/** Shown while a sign-in or sign-up waits out a busy server and asks again by itself (retryWhenBusy). */
export function BusyNotice() {
  return (
    <FormAlert tone="info">
      <p className="font-semibold">One moment...</p>
      <p>Many people are signing in right now. We will try again for you in a few seconds; there is no need to press again.</p>
    </FormAlert>
  );
}
