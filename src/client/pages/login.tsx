import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { landingAfterSignIn, safeReturnTo } from '@common/return-to';
import { Card } from '../components/ui/card';
import { BrandLogo } from '../app/brand-logo';
import { SignInForm, SignUpForm, ForgotPasswordForm, VerifyEmailForm } from '../features/auth';
import { useAuth } from '../lib/session';
import { cn } from '../lib/cn';
import { useHydrated } from '../lib/use-hydrated';
import { HelpLink } from '../features/help';

type Mode = 'sign-in' | 'sign-up' | 'forgot' | 'verify';

export default function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in');
  // The address a new account's code was sent to.
  const [verifying, setVerifying] = useState('');
  const { isAuthenticated } = useAuth();
  // The server renders this page: its tabs switch once the app has started.
  const hydrated = useHydrated();

  if (isAuthenticated) return <Navigate to={returnTo} replace />;

  // A full-page load, so the whole app starts again with the new session.
  const done = () => window.location.assign(returnTo);

  return (
    <div className="flex justify-center bg-gradient-to-b from-navy-50 to-slate-50 px-4 py-12">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="flex justify-center">
          <BrandLogo />
        </div>
        <h1 className="mt-6 text-center text-2xl font-bold text-navy-800">
          {mode === 'sign-up' ? 'Create your account' : mode === 'forgot' ? 'Reset your password' : mode === 'verify' ? 'Confirm your e-mail' : 'Welcome back'}
        </h1>
        {mode === 'sign-in' || mode === 'sign-up' ? (
          <div role="tablist" aria-label="Sign in or create an account" className="mt-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
            {(['sign-in', 'sign-up'] as const).map((tab) => (
              <button
                key={tab}
                role="tab"
                type="button"
                aria-selected={mode === tab}
                disabled={!hydrated}
                onClick={() => setMode(tab)}
                className={cn(
                  'rounded-md py-2 text-sm font-semibold',
                  mode === tab ? 'bg-white text-navy-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {tab === 'sign-in' ? 'Sign In' : 'Create Account'}
              </button>
            ))}
          </div>
        ) : null}
        <div className="mt-6">
          {mode === 'sign-in' ? <SignInForm onSignedIn={(role) => window.location.assign(landingAfterSignIn(returnTo, role))} onForgot={() => setMode('forgot')} /> : null}
          {mode === 'sign-up' ? (
            <SignUpForm
              onSignedUp={(email) => {
                setVerifying(email);
                setMode('verify');
              }}
            />
          ) : null}
          {mode === 'verify' ? (
            <div className="flex flex-col gap-4">
              <p className="text-sm text-slate-600">
                We have sent a 6-digit code to <strong className="font-semibold text-slate-800">{verifying}</strong>. Enter it here, or open the link in
                the e-mail, to confirm your address and sign in. The code works for one hour.
              </p>
              <VerifyEmailForm email={verifying} onVerified={done} />
            </div>
          ) : null}
          {mode === 'forgot' ? <ForgotPasswordForm onBack={() => setMode('sign-in')} /> : null}
        </div>
        <p className="mt-6 text-center">
          <HelpLink topic="accounts">Help with signing in and your account</HelpLink>
        </p>
      </Card>
    </div>
  );
}
