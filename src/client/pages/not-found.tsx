import { Link, useLocation } from 'react-router';
import { Compass } from 'lucide-react';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { PageContainer } from '../app/page-header';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageContainer className="flex justify-center">
      <Card className="flex w-full max-w-md flex-col items-center gap-4 p-10 text-center">
        <Compass aria-hidden className="size-12 text-navy-500" />
        <h1 className="text-2xl font-bold text-navy-800">Page Not Found</h1>
        <p className="text-slate-600">There is no page at this address. Check the link, or head back to calmer waters.</p>
        <p className="font-mono text-xs text-slate-500">
          Hint: no route matches <code>{pathname}</code>; add it to the route table in src/client/App.tsx.
        </p>
        <Button asChild>
          <Link to="/">Back to home</Link>
        </Button>
      </Card>
    </PageContainer>
  );
}
