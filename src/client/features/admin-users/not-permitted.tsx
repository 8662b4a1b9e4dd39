import { Link } from 'react-router';
import { ShieldAlert } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** A signed-in account without the administrator role. */
export function NotPermitted() {
  return (
    <Card className="flex flex-col items-center gap-4 p-10 text-center">
      <ShieldAlert aria-hidden className="size-10 text-navy-500" />
      <h2 className="text-lg font-semibold text-slate-900">You are not permitted to manage users</h2>
      <p className="max-w-md text-slate-600">
        User management is for administrators. If you need access, ask an administrator of your K&amp;B Marine team.
      </p>
      <Button asChild variant="outline">
        <Link to="/dashboard">Go to your dashboard</Link>
      </Button>
    </Card>
  );
}
