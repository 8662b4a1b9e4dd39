import { Link } from 'react-router';
import { Construction } from 'lucide-react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { PageContainer, PageHeader } from './page-header';

/**
 * A screen of the route table whose feature is not built yet: its title and an honest word, never a
 * form that pretends to work.
 */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <PageContainer>
      <PageHeader title={title} />
      <Card className="mt-6 flex flex-col items-center gap-4 p-10 text-center">
        <Construction aria-hidden className="size-10 text-navy-500" />
        <p className="max-w-lg text-slate-600">{description}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild variant="outline">
            <Link to="/">Back to home</Link>
          </Button>
        </div>
      </Card>
    </PageContainer>
  );
}
