import type { ReactNode } from 'react';
import type { FollowUpSummary } from '@common/follow-up-summary';
import type { ServiceType } from '@common/roles';
import { formatMoment } from '../../lib/booking-time';

function Part({ part }: { part: FollowUpSummary['parts'][number] }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 gap-y-1 py-2 first:pt-0 last:pb-0">
      {part.quantity ? <span className="font-semibold text-slate-900">{part.quantity} ×</span> : null}
      <span className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{part.name}</span>
      {part.partNumber ? (
        <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 [overflow-wrap:anywhere]">
          <span className="sr-only">Part number </span>
          {part.partNumber}
        </span>
      ) : null}
    </li>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="mt-1.5 text-slate-800">{children}</div>
    </div>
  );
}

/** The summary or report as the owner reads it: findings, next steps and the parts list. Everything is text, never markup. */
export function SummaryView({ summary, serviceType }: { summary: FollowUpSummary; serviceType: ServiceType }) {
  return (
    <div className="flex flex-col gap-5" data-testid="follow-up-summary">
      <p className="text-sm text-slate-600">
        From {summary.expertName} · sent <time dateTime={summary.sentAt}>{formatMoment(summary.sentAt)}</time>
        {summary.amendedAt ? (
          <>
            {' '}
            · updated <time dateTime={summary.amendedAt}>{formatMoment(summary.amendedAt)}</time>
          </>
        ) : null}
      </p>
      <Block title={serviceType === 'video' ? 'Findings' : 'Found and done'}>
        <p className="whitespace-pre-line [overflow-wrap:anywhere]">{summary.findings}</p>
      </Block>
      <Block title="Recommended next steps">
        <p className="whitespace-pre-line [overflow-wrap:anywhere]">{summary.nextSteps}</p>
      </Block>
      <Block title="Parts">
        {summary.parts.length > 0 ? (
          <ul aria-label="Parts" className="flex flex-col divide-y divide-slate-100">
            {summary.parts.map((part, index) => (
              <Part key={index} part={part} />
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">No parts needed.</p>
        )}
      </Block>
    </div>
  );
}
