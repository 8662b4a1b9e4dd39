import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ImageIcon, Paperclip, SendHorizontal, X } from 'lucide-react';
import { DESCRIPTION_MAX_LENGTH, QUESTION_MAX_LENGTH } from '@common/ai-rules';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { showToast } from '../../lib/toast';
import { checkedImage } from './checked-image';
import { LengthCounter } from './length-counter';
import type { ChatInput } from './use-chat';

const HINT_ID = 'chat-input-hint';
const COUNTER_ID = 'chat-input-length';

function AttachedImage({ image, onRemove, disabled }: { image: File; onRemove: () => void; disabled: boolean }) {
  return (
    <div className="flex min-w-0 items-center gap-2 self-start rounded-lg border border-navy-100 bg-navy-50 py-1 pl-2.5 pr-1 text-sm text-navy-800">
      <ImageIcon aria-hidden className="size-4 shrink-0" />
      <span className="truncate">{image.name}</span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={`Remove ${image.name}`}
        onClick={onRemove}
        disabled={disabled}
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}

/**
 * The question box with its image attachment; Enter sends, Shift+Enter starts a new line. Unlike the other
 * forms it does not use react-hook-form: its one rule, the length limit of ai-rules.ts that the server's
 * askSchema and analyzeImageFieldsSchema check, disables Send rather than showing a message, and
 * react-hook-form is not otherwise part of the assistant page's first paint. `boat` goes above the box:
 * which boat the question is about.
 */
export function ChatComposer({ busy, onSend, boat, initialText = '' }: { busy: boolean; onSend: (input: ChatInput) => void; boat?: ReactNode; initialText?: string }) {
  const [text, setText] = useState(initialText);
  const [image, setImage] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const wasBusy = useRef(busy);
  // A photo's description has a shorter limit than a question. Text over the limit is kept, not cut, so the
  // owner sees what they pasted and shortens it themselves.
  const limit = image ? DESCRIPTION_MAX_LENGTH : QUESTION_MAX_LENGTH;
  const tooLong = text.trim().length > limit;
  const canSend = !busy && !tooLong && (text.trim() !== '' || image !== null);

  // The box is disabled while waiting, which drops focus; give it back to keyboard and mouse users
  // without moving the page away from the answer.
  useEffect(() => {
    const finished = wasBusy.current && !busy;
    if (finished && window.matchMedia('(pointer: fine)').matches) textarea.current?.focus({ preventScroll: true });
    wasBusy.current = busy;
  }, [busy]);

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend({ text, image });
    setText('');
    setImage(null);
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const pickImage = (event: ChangeEvent<HTMLInputElement>) => {
    const file = checkedImage(event.target.files?.[0]);
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    setImage(file);
    showToast({ title: 'Image selected', description: 'Add a description and send for analysis' });
  };

  return (
    <form onSubmit={send} className="flex flex-col gap-2 border-t border-slate-200 bg-white p-3 sm:p-4">
      {boat}
      {image ? <AttachedImage image={image} onRemove={() => setImage(null)} disabled={busy} /> : null}
      <div className="flex items-end gap-2">
        <input ref={fileInput} type="file" accept="image/*" className="hidden" onChange={pickImage} data-testid="chat-image-input" />
        <Button
          type="button"
          variant="outline"
          size="icon"
          className="shrink-0"
          aria-label="Attach image"
          onClick={() => fileInput.current?.click()}
          disabled={busy}
        >
          <Paperclip aria-hidden />
        </Button>
        <Textarea
          ref={textarea}
          rows={2}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={sendOnEnter}
          disabled={busy}
          placeholder="Describe the issue: make, model, symptoms..."
          aria-label="Your question for the assistant"
          aria-describedby={`${HINT_ID} ${COUNTER_ID}`}
          aria-invalid={tooLong || undefined}
          className="max-h-32 min-h-10 resize-none"
        />
        <Button type="submit" size="icon" className="shrink-0" aria-label="Send message" disabled={!canSend}>
          <SendHorizontal aria-hidden />
        </Button>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p id={HINT_ID} className="text-xs text-slate-500">
          Include equipment details: make, model, year, engine hours, symptoms
        </p>
        <LengthCounter id={COUNTER_ID} length={text.trim().length} limit={limit} what={image ? 'Photo descriptions' : 'Questions'} />
      </div>
    </form>
  );
}
