import type { ReactNode } from 'react';
import { PageContainer, PageHeader } from './page-header';
import { Card } from '../components/ui/card';

/** A page of plain text (privacy, terms): readable width, headed sections. */
export function ProsePage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <PageContainer>
      <PageHeader title={title} subtitle={`Last updated ${updated}`} />
      <Card className="mt-6 max-w-3xl p-6 sm:p-8">
        <div className="flex flex-col gap-4 leading-relaxed text-slate-700 [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-navy-800">
          {children}
        </div>
      </Card>
    </PageContainer>
  );
}
