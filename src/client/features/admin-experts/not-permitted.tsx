import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** What a signed-in account without the admin role sees instead of the screen. */
export function NotPermitted() {
  return (
    <Card className="mx-auto mt-10 flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <ShieldAlert aria-hidden className="size-10 text-navy-600" />
      <h1 className="text-xl font-semibold text-slate-900">You are not permitted to manage experts</h1>
      <p className="text-slate-600">Expert management is for administrators. If you need access, ask an administrator of your team.</p>
      <Button asChild variant="outline">
        <Link to="/">Back to home</Link>
      </Button>
    </Card>
  );
}
