import type { FollowUpSummary } from '@common/follow-up-summary';

/** What the summary form's controls hold: every field as typed (the quantity too, '' for none). */
export interface SummaryFormValues {
  findings: string;
  nextSteps: string;
  parts: { name: string; partNumber: string; quantity: string }[];
}

/** The form's first state: the summary as sent when amending, else empty. */
export function summaryFormDefaults(summary: FollowUpSummary | null): SummaryFormValues {
  return {
    findings: summary?.findings ?? '',
    nextSteps: summary?.nextSteps ?? '',
    parts: (summary?.parts ?? []).map((part) => ({
      name: part.name,
      partNumber: part.partNumber ?? '',
      quantity: part.quantity ? String(part.quantity) : '',
    })),
  };
}
