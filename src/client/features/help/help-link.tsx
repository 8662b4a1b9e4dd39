import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { helpPath, type HelpTopicId } from './help-topics';

/** A link from a screen to the Help Center's answers about it. */
export function HelpLink({ topic, question, children, className }: { topic: HelpTopicId; question?: string; children: ReactNode; className?: string }) {
  return (
    <Link to={helpPath(topic, question)} className={className ?? 'text-sm font-medium text-navy-600 underline-offset-4 hover:underline'}>
      {children}
    </Link>
  );
}
