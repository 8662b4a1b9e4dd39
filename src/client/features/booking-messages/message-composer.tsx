import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ImagePlus, Loader2, Send, X } from 'lucide-react';
import { MESSAGE_MAX_LENGTH, MESSAGE_PHOTO_MAX_BYTES, sendPhotoMessageSchema, sendTextMessageSchema } from '@common/booking-messages';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api-request';
import { formResolver } from '../../lib/form-resolver';
import { useSendMessage } from './api';
import { newIdempotencyKey } from '../../lib/idempotency-key';

const PHOTO_TOO_LARGE = 'The photo is larger than 10 MB. Please choose a smaller one.';

interface MessageForm {
  text: string;
}
const textResolver = formResolver<typeof sendTextMessageSchema, MessageForm>(sendTextMessageSchema);
const captionResolver = formResolver<typeof sendPhotoMessageSchema, MessageForm>(sendPhotoMessageSchema);

function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? 'The message could not be sent. Please try again.';
  return 'The message could not be sent. Check your connection and try again.';
}

/**
 * Writes a message: text (Enter sends, Shift+Enter starts a new line) and optionally one photo with the
 * text as its caption. A failed send keeps what was written and says why, here in the composer.
 */
export function MessageComposer({ bookingId, recipientName }: { bookingId: string; recipientName: string }) {
  const send = useSendMessage(bookingId);
  const [photo, setPhoto] = useState<File | null>(null);
  // With a photo the text is its caption, which may be empty.
  const form = useForm<MessageForm, unknown, { text?: string }>({ resolver: photo ? captionResolver : textResolver, defaultValues: { text: '' } });
  // What the check or the server refused, or a photo too large to send.
  const error = form.formState.errors.text?.message ?? form.formState.errors.root?.message ?? null;
  const fileInput = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // The key of a send that failed: pressing Send again on the same message reuses it, since the failed
  // attempt may have been stored and only its answer lost.
  const unsent = useRef<{ text: string; photo: File | null; key: string } | null>(null);
  const keyFor = (message: string, file: File | null) => {
    const last = unsent.current;
    if (last && last.text === message && last.photo === file) return last.key;
    const key = newIdempotencyKey();
    unsent.current = { text: message, photo: file, key };
    return key;
  };

  const choosePhoto = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MESSAGE_PHOTO_MAX_BYTES) {
      form.setError('root', { message: PHOTO_TOO_LARGE });
      return;
    }
    form.clearErrors();
    setPhoto(file);
  };

  const sendChecked = (checked: { text?: string }) => {
    if (send.isPending) return;
    const message = checked.text ?? '';
    send.mutate(
      { text: message, photo, idempotencyKey: keyFor(message, photo) },
      {
        onSuccess: () => {
          unsent.current = null;
          form.reset({ text: '' });
          setPhoto(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (failure) => form.setError('root', { message: errorText(failure) }),
      },
    );
  };
  const submit = (event?: FormEvent) => void form.handleSubmit(sendChecked)(event);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-slate-200 pt-3" aria-label="Write a message">
      {photo ? (
        <div className="flex items-center gap-2 self-start rounded-lg border border-slate-200 bg-slate-50 py-1 pl-3 pr-1 text-sm text-slate-700">
          <ImagePlus aria-hidden className="size-4 text-navy-600" />
          <span className="max-w-52 truncate">{photo.name}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Remove the photo"
            onClick={() => {
              setPhoto(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
          >
            <X aria-hidden className="size-4" />
          </Button>
        </div>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => choosePhoto(event.target.files?.[0])}
          data-testid="message-photo-input"
        />
        <Button type="button" variant="outline" size="icon" className="shrink-0" aria-label="Attach a photo" onClick={() => fileInput.current?.click()}>
          <ImagePlus aria-hidden />
        </Button>
        <Textarea
          {...form.register('text')}
          onKeyDown={onKeyDown}
          rows={2}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder={photo ? 'Add a caption (optional)' : `Write to ${recipientName}...`}
          aria-label={photo ? 'Photo caption' : 'Message'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-h-11 resize-none"
        />
        <Button type="submit" className="shrink-0" disabled={send.isPending}>
          {send.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <Send aria-hidden />}
          <span className="hidden sm:inline">{send.isPending ? 'Sending...' : 'Send'}</span>
          <span className="sr-only sm:hidden">{send.isPending ? 'Sending...' : 'Send'}</span>
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p className="text-xs text-slate-500">Enter sends, Shift+Enter starts a new line.</p>
      )}
    </form>
  );
}
