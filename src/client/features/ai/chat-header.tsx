import type { ReactNode } from 'react';
import { Bot, MessageSquarePlus } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** The panel's title bar: 'Book an expert' at any time; 'New conversation' only for someone who can ask. */
export function ChatHeader({
  onNewConversation,
  canStartNew,
  bookExpert,
}: {
  onNewConversation: (() => void) | null;
  canStartNew: boolean;
  bookExpert: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3 bg-navy-800 px-4 py-3 text-white">
      <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/15">
        <Bot className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold leading-tight">Marine AI Assistant</h2>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-navy-100">
          <span aria-hidden className="size-2 rounded-full bg-green-400" />
          Online • Ready to help
        </p>
      </div>
      {bookExpert}
      {onNewConversation ? (
        <Button variant="outlineOnDark" size="sm" aria-label="New conversation" onClick={onNewConversation} disabled={!canStartNew}>
          <MessageSquarePlus aria-hidden />
          <span className="hidden sm:inline">New conversation</span>
        </Button>
      ) : null}
    </div>
  );
}
