import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** What follows a successful submit: the review promise and the way home. */
export function ApplicationSubmitted() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Card className="mx-auto flex max-w-2xl flex-col items-center gap-4 p-8 text-center sm:p-10">
      <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
        <CheckCircle2 aria-hidden className="size-9" />
      </span>
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-800 outline-none sm:text-3xl">
        Application Submitted!
      </h1>
      <p className="max-w-md text-slate-600">
        Thank you for applying to become a K&amp;B Expert. We&apos;ll review your application within 5-7 business days and send you an
        e-mail once it has been reviewed.
      </p>
      <p className="max-w-md text-sm text-slate-500">Meanwhile you can keep using K&amp;B Marine as a boat owner.</p>
      <Button asChild size="lg" className="mt-2">
        <Link to="/">Return to Home</Link>
      </Button>
    </Card>
  );
}
