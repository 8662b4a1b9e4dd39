import { FormAlert } from '../../components/ui/form-alert';
import { usePendingEmailChange } from './api';
import { formatDateTime } from '../../lib/format';

/** Says, until the link is followed or expires, that the new address waits and the old one stays in use. */
export function PendingEmailNotice({ currentEmail }: { currentEmail: string }) {
  const pending = usePendingEmailChange();
  if (!pending) return null;
  return (
    <FormAlert tone="info">
      <p className="font-semibold">Confirm your new email address</p>
      <p className="mt-1 break-words">
        We sent a confirmation link to <span className="font-semibold">{pending.newEmail}</span>. Your email address stays{' '}
        <span className="font-semibold">{currentEmail}</span> until you open the link, which works until{' '}
        {formatDateTime(pending.expiresAt)}.
      </p>
    </FormAlert>
  );
}
