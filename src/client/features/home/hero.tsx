import { Link } from 'react-router';
import { Bot, Search, ShieldCheck, Siren, Video, Wrench } from 'lucide-react';
import { PRODUCT_NAME } from '@common/brand';
import { Button } from '../../components/ui/button';
import { signUpPath } from '../../lib/session';

/** `newAccount`: the visitor's account was made today, so they are welcomed, not welcomed back. */
export function Hero({ signedIn, newAccount = false }: { signedIn: boolean; newAccount?: boolean }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-navy-900 via-navy-800 to-navy-600 text-white">
      <svg aria-hidden className="absolute inset-x-0 bottom-0 h-24 w-full text-slate-50" viewBox="0 0 1440 96" preserveAspectRatio="none">
        <path fill="currentColor" d="M0 64c120-21 240-32 360-21s240 43 360 43 240-32 360-43 240 0 360 21v32H0z" />
      </svg>
      <div className="relative mx-auto flex max-w-7xl flex-col gap-8 px-4 pb-32 pt-16 sm:px-6 lg:flex-row lg:items-center lg:px-8 lg:pt-20">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold leading-tight tracking-tight sm:text-5xl">
            {signedIn ? (newAccount ? 'Welcome to ' : 'Welcome back to ') : 'Marine Repair Solutions with '}
            <span className="text-sand">{PRODUCT_NAME}</span>
          </h1>
          <p className="mt-4 text-lg text-navy-100 sm:text-xl">
            {signedIn
              ? 'Your marine repair solutions are just a click away.'
              : 'Connect with certified marine experts and AI-powered diagnostics for all your boat repair needs.'}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="onDark">
              <Link to="/ai-assistant">
                <Bot aria-hidden /> Ask AI Assistant
              </Link>
            </Button>
            {signedIn ? (
              <Button asChild size="lg" variant="outlineOnDark">
                <Link to="/experts">
                  <Search aria-hidden /> Find Expert
                </Link>
              </Button>
            ) : (
              // A link, not a handler: it works before the app has started on the page the server rendered.
              <Button asChild size="lg" variant="accent">
                <a href={signUpPath('/')}>Get Started</a>
              </Button>
            )}
            {/* In trouble on the water: an expert on call, on video within minutes (docs/PRODUCT.md#help-now). */}
            <Button asChild size="lg" variant={signedIn ? 'accent' : 'outlineOnDark'}>
              <Link to="/help-now">
                <Siren aria-hidden /> Help now
              </Link>
            </Button>
          </div>
        </div>
        <ul className="grid gap-3 text-sm text-navy-100 sm:grid-cols-3 lg:ml-auto lg:grid-cols-1">
          <li className="flex items-center gap-3 rounded-xl bg-white/10 px-4 py-3">
            <Video aria-hidden className="size-5 text-sand" /> Live video with certified experts
          </li>
          <li className="flex items-center gap-3 rounded-xl bg-white/10 px-4 py-3">
            <Wrench aria-hidden className="size-5 text-sand" /> Technicians who come to your boat
          </li>
          <li className="flex items-center gap-3 rounded-xl bg-white/10 px-4 py-3">
            <ShieldCheck aria-hidden className="size-5 text-sand" /> Vetted, insured professionals
          </li>
        </ul>
      </div>
    </section>
  );
}
