import { Link } from 'react-router';
import { Sailboat } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** A boat the API does not know, or another person's: the same answer. */
export function BoatNotFound() {
  return (
    <div className="flex justify-center">
      <Card className="flex w-full max-w-md flex-col items-center gap-4 p-10 text-center">
        <Sailboat aria-hidden className="size-12 text-navy-500" />
        <h1 className="text-2xl font-bold text-navy-800">Boat not found</h1>
        <p className="text-slate-600">This boat is not in My Boats: it was removed, or it belongs to another account.</p>
        <Button asChild>
          <Link to="/boats">My Boats</Link>
        </Button>
      </Card>
    </div>
  );
}
