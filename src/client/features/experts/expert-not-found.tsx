import { Link } from 'react-router';
import { UserX } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

export function ExpertNotFound() {
  return (
    <div className="flex justify-center">
      <Card className="flex w-full max-w-md flex-col items-center gap-4 p-10 text-center">
        <UserX aria-hidden className="size-12 text-navy-500" />
        <h1 className="text-2xl font-bold text-navy-800">Expert Not Found</h1>
        <p className="text-slate-600">{"The expert profile you're looking for doesn't exist."}</p>
        <Button asChild>
          <Link to="/experts">Browse All Experts</Link>
        </Button>
      </Card>
    </div>
  );
}
