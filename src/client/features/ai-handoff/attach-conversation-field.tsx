import { Bot } from 'lucide-react';
import type { ServiceType } from '@common/roles';
import type { ConversationAttachment } from './use-conversation-attachment';

/** The tick that attaches the owner's conversation with the assistant to the booking, with its title. */
export function AttachConversationField({ attachment, serviceType }: { attachment: ConversationAttachment; serviceType: ServiceType }) {
  const { conversation } = attachment;
  if (!conversation) return null;
  const exchanges = conversation.messages.filter((m) => m.type === 'user').length;
  return (
    <div className="flex gap-3 rounded-xl border border-navy-100 bg-navy-50/60 p-3 sm:p-4">
      <input
        id="attachConversation"
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-navy-600"
        checked={attachment.attach}
        onChange={(event) => attachment.setAttach(event.target.checked)}
        aria-describedby="attachConversation-help"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor="attachConversation" className="text-sm font-semibold text-slate-900">
          Attach my conversation with the AI assistant
        </label>
        <p className="flex items-start gap-1.5 text-sm text-slate-700 [overflow-wrap:anywhere]">
          <Bot aria-hidden className="mt-0.5 size-4 shrink-0 text-navy-600" />
          <span>
            “{conversation.question}”{' '}
            <span className="text-slate-500">
              ({exchanges} {exchanges === 1 ? 'question' : 'questions'})
            </span>
          </span>
        </p>
        <p id="attachConversation-help" className="text-xs text-slate-600">
          Your expert reads it before the {serviceType === 'video' ? 'call' : 'visit'}, as it is now. It stays with the booking; only you, your expert
          and our support team can see it.
        </p>
      </div>
    </div>
  );
}
