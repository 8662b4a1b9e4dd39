import { Link } from 'react-router';
import { Anchor } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** A signed-in account without an (approved) expert profile: where to apply instead. */
export function NoExpertProfile() {
  return (
    <Card className="flex flex-col items-center gap-4 p-8 text-center sm:p-10">
      <Anchor aria-hidden className="size-12 text-navy-500" />
      <div>
        <h2 className="text-xl font-semibold text-slate-900">You do not have an expert profile yet</h2>
        <p className="mt-1 max-w-md text-slate-600">
          The workspace is where approved K&amp;B Experts answer booking requests and manage their practice. Apply to join; once an
          administrator approves your application, your workspace opens here.
        </p>
      </div>
      <Button asChild>
        <Link to="/expert/apply">{'Become a K&B Expert'}</Link>
      </Button>
    </Card>
  );
}
