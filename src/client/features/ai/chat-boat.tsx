import { Link } from 'react-router';
import { Sailboat } from 'lucide-react';
import { boatLabel } from '../boats';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import type { Chat } from './use-chat';

const SELECT_ID = 'chat-boat';

/**
 * Above the question box: which of the owner's boats a new conversation is about ('About which boat?'),
 * and once one is under way, the boat it is about (none: nothing). An owner without boats is told where
 * to add one. Nothing while the boats are being read.
 */
export function ChatBoat({ chat, disabled }: { chat: Chat; disabled: boolean }) {
  const { boats, value, pick } = chat.boatChoice;
  if (chat.sessionId !== undefined) {
    if (!chat.boatName) return null;
    return (
      <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-600">
        <Sailboat aria-hidden className="size-4 shrink-0 text-navy-600" />
        <span className="min-w-0 truncate">
          About: <span className="font-medium text-slate-900">{chat.boatName}</span>
        </span>
      </p>
    );
  }
  if (!boats) return null;
  if (boats.length === 0) {
    return (
      <p className="text-xs text-slate-500">
        Add your boat in{' '}
        <Link to="/boats" className="font-medium text-navy-600 underline underline-offset-2 hover:text-navy-700">
          My Boats
        </Link>{' '}
        and the assistant will know its engine
      </p>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-2">
      <Sailboat aria-hidden className="hidden size-4 shrink-0 text-navy-600 sm:block" />
      <Label htmlFor={SELECT_ID} className="shrink-0 whitespace-nowrap">
        About which boat?
      </Label>
      <NativeSelect
        id={SELECT_ID}
        value={value}
        onChange={(event) => pick(event.target.value)}
        disabled={disabled}
        className="h-9 min-w-0 flex-1 truncate sm:max-w-sm"
      >
        <option value="">No particular boat</option>
        {boats.map((boat) => (
          <option key={boat.id} value={boat.id}>
            {boatLabel(boat)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
