import { LogIn } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { signInPath } from '../../lib/session';

/** In place of the question box for a signed-out visitor: answers are kept with an account. */
export function ChatSignInPrompt() {
  return (
    <div className="flex flex-col items-center gap-3 border-t border-slate-200 bg-white p-4 text-center">
      <p className="text-sm text-slate-600">
        Sign in or create a free account to ask questions and upload photos. Your conversations are saved so you can come back
        to them.
      </p>
      {/* A link: it works before the app has started on the page the server rendered. */}
      <Button asChild>
        <a href={signInPath('/ai-assistant')}>
          <LogIn aria-hidden /> Sign in to ask the assistant
        </a>
      </Button>
    </div>
  );
}
