import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { CURRENT_USER_KEY, useAuth } from '../../lib/session';
import { Button } from '../../components/ui/button';
import { VerifyEmailForm } from './verify-email-form';

/**
 * Shown in the signed-in frame while the account's address is not verified: until it is, it gets no
 * reminders nor booking or message e-mails (docs/PRODUCT.md#account-safety).
 */
export function UnverifiedEmailBanner() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [entering, setEntering] = useState(false);
  if (!user || user.emailVerified) return null;
  return (
    <section aria-label="Confirm your e-mail" className="border-b border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-col gap-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <MailWarning aria-hidden className="size-5 shrink-0" />
          <p className="text-sm">
            <strong className="font-semibold">Confirm your e-mail to get reminders</strong>
            <span className="ml-1">
              and booking and message e-mails: enter the code we sent to {user.email}, or open the link in that e-mail.
            </span>
          </p>
          {entering ? null : (
            <Button size="sm" variant="outline" onClick={() => setEntering(true)}>
              Enter the code
            </Button>
          )}
        </div>
        {entering ? (
          <div className="max-w-md">
            <VerifyEmailForm idPrefix="banner" email={user.email} onVerified={() => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY })} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
