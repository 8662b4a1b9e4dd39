import { useRef, type ChangeEvent } from 'react';
import { AlertCircle, ImagePlus, RotateCcw } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { checkedImage } from './checked-image';
import type { SendFailure } from './use-chat';

/**
 * Under a message that got no answer: why, and a way to send it again. A photo the server refused (not an
 * image, too large) cannot succeed again, so the owner picks another one instead.
 */
export function SendFailureNotice({
  failure,
  disabled,
  onRetry,
}: {
  failure: SendFailure;
  disabled: boolean;
  onRetry: (image?: File) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const image = checkedImage(event.target.files?.[0]);
    event.target.value = '';
    if (image) onRetry(image);
  };

  return (
    <div className="flex flex-col items-end gap-1.5 text-right">
      <p className="flex items-start gap-1.5 text-xs font-medium text-red-700">
        <AlertCircle aria-hidden className="mt-px size-3.5 shrink-0" />
        <span>Not sent: {failure.reason}</span>
      </p>
      {failure.photoRefused ? (
        <>
          <input ref={fileInput} type="file" accept="image/*" className="hidden" onChange={pick} data-testid="chat-retry-image-input" />
          <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => fileInput.current?.click()}>
            <ImagePlus aria-hidden /> Choose another photo
          </Button>
        </>
      ) : (
        <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={() => onRetry()}>
          <RotateCcw aria-hidden /> Try again
        </Button>
      )}
    </div>
  );
}
