import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Spinner } from '../components/ui/spinner';
import { FormAlert } from '../components/ui/form-alert';
import { useAuth } from '../lib/session';
import { useConfirmEmailChange } from '../features/profile';
import { errorText } from '../lib/api-request';

const INCOMPLETE_LINK = 'This confirmation link is not complete. Open the whole link from the email we sent.';

/**
 * Where the link e-mailed to a new address lands: it confirms the change as it opens, once, signed in or
 * not (the link is the proof), and says how it went.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user } = useAuth();
  const confirm = useConfirmEmailChange();
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const failure = !token ? INCOMPLETE_LINK : confirm.isError ? errorText(confirm.error, 'We could not confirm your new email address. Please try again.') : null;
  const title = confirm.isSuccess ? 'Email address changed' : failure ? 'This link cannot be used' : 'Confirming your new email address';

  return (
    <div className="flex justify-center px-4 py-12">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-navy-800">{title}</h1>
        <div className="mt-6 flex flex-col gap-4">
          {confirm.isSuccess ? (
            <FormAlert tone="success">
              Your account&apos;s email address is now <span className="font-semibold break-all">{confirm.data.email}</span>. Use it the next time you sign in.
            </FormAlert>
          ) : failure ? (
            <FormAlert>{failure}</FormAlert>
          ) : (
            <Spinner label="Confirming your new email address" />
          )}
          {confirm.isSuccess || failure ? (
            <Button asChild>{user ? <Link to="/profile">Go to My Profile</Link> : <Link to="/login">Sign In</Link>}</Button>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
