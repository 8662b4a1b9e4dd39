import { format } from 'date-fns';
import type { AdminExpertDetail } from '@common/admin-experts';
import { capitalize } from '@common/text';

const ACTIONS: Record<string, string> = {
  'expert.approve': 'Approved',
  'expert.suspend': 'Suspended',
  'expert.reinstate': 'Reinstated',
  'expert.reject': 'Application rejected',
  'expert_application.submit': 'Application submitted',
};

/** A recorded action this screen has no label for yet, still readable: 'expert.verify_id' -> 'Verify id'. */
function actionLabel(action: string) {
  const known = ACTIONS[action];
  if (known) return known;
  const words = (action.split('.').pop() ?? action).replaceAll('_', ' ');
  return capitalize(words);
}

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy 'at' h:mm a");

/** Every decision about the expert (who, when, why), and the account's earlier applications. */
export function DecisionHistory({ detail }: { detail: AdminExpertDetail }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-navy-700 uppercase">Decision history</h3>
      {detail.history.length === 0 ? (
        <p className="text-sm text-slate-500">No decisions yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {detail.history.map((entry) => (
            <li key={entry.id} className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <p>
                <span className="font-semibold text-slate-900">{actionLabel(entry.action)}</span>{' '}
                <span className="text-slate-600">
                  {when(entry.at)}
                  {entry.by ? ` by ${entry.by.name}` : ''}
                </span>
              </p>
              {entry.reason ? <p className="mt-0.5 text-slate-700">Reason: {entry.reason}</p> : null}
            </li>
          ))}
        </ol>
      )}
      {detail.earlierApplications.length > 0 ? (
        <div className="mt-2 flex flex-col gap-1.5">
          <h4 className="text-sm font-semibold text-slate-800">Earlier applications</h4>
          <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
            {detail.earlierApplications.map((application) => (
              <li key={application.id}>
                Submitted {when(application.submittedAt)}: <span className="font-medium capitalize">{application.status}</span>
                {application.decidedAt ? ` ${when(application.decidedAt)}` : ''}
                {application.decidedBy ? ` by ${application.decidedBy.name}` : ''}
                {application.decisionReason ? ` (${application.decisionReason})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
