import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { HelpRequest } from '@common/help-now';
import { PageContainer, PageHeader } from '../app/page-header';
import { RequireAuth } from '../features/auth';
import { HelpRequestForm, HelpRequestStatus, SafetyLine } from '../features/help-now';
import { errorText } from '../lib/api-request';

/** The request, then its live state; 'Ask again' starts over with the same sentence. */
function HelpNowScreen() {
  const [search] = useSearchParams();
  const [sent, setSent] = useState<HelpRequest | null>(null);
  const [photoFailure, setPhotoFailure] = useState<string | null>(null);
  const [question, setQuestion] = useState(() => search.get('question') ?? '');
  const askAgain = () => {
    if (sent) setQuestion(sent.problem);
    setSent(null);
    setPhotoFailure(null);
  };
  return (
    <>
      <PageHeader title="Help now" subtitle="An expert on live video within minutes, while you are on the water." />
      <div className="max-w-2xl">
        {sent ? (
          <div className="flex flex-col gap-3">
            {photoFailure ? (
              <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                The photo was not sent ({photoFailure}). Your request is ringing without it; show the problem on the call.
              </p>
            ) : null}
            <HelpRequestStatus sent={sent} onAskAgain={askAgain} />
          </div>
        ) : (
          <HelpRequestForm
            boatId={search.get('boat')}
            question={question}
            onSent={setSent}
            onPhotoFailed={(failure) => setPhotoFailure(errorText(failure, 'it could not be uploaded'))}
          />
        )}
      </div>
    </>
  );
}

/**
 * /help-now (docs/PRODUCT.md#help-now): an owner in trouble on the water reaches an expert on live video.
 * The safety line comes first, before sign-in and everything else.
 */
export default function HelpNowPage() {
  return (
    <PageContainer className="flex flex-col gap-6">
      <SafetyLine />
      <RequireAuth>
        <HelpNowScreen />
      </RequireAuth>
    </PageContainer>
  );
}
