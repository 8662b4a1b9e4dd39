import { Link } from 'react-router';
import { Bot, Video, Wrench, type LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

const ACTIONS: { icon: LucideIcon; title: string; text: string; button: string; to: string }[] = [
  {
    icon: Bot,
    title: 'AI Assistant',
    text: 'Describe the problem or upload a photo and get troubleshooting steps with references.',
    button: 'Ask AI Assistant',
    to: '/ai-assistant',
  },
  {
    icon: Wrench,
    title: 'Onsite Service',
    text: 'Book a certified technician who comes to your boat at the marina, dock or trailer.',
    button: 'Onsite Request',
    to: '/onsite-request',
  },
  {
    icon: Video,
    title: 'Video Consultation',
    text: 'A 30-minute live video call with an expert who can see the problem with you.',
    button: 'Book Video Call',
    to: '/video-consultation',
  },
];

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions" className="mx-auto max-w-7xl px-4 pt-12 sm:px-6 lg:px-8">
      <h2 id="quick-actions" className="text-2xl font-bold text-navy-800">
        Quick Actions
      </h2>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {ACTIONS.map(({ icon: Icon, ...action }) => (
          <Card key={action.title} className="flex flex-col gap-4 p-6 transition-shadow hover:shadow-md">
            <span className="flex size-12 items-center justify-center rounded-xl bg-navy-50 text-navy-600">
              <Icon aria-hidden className="size-6" />
            </span>
            <div className="flex-1">
              <h3 className="text-lg font-semibold text-slate-900">{action.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{action.text}</p>
            </div>
            <Button asChild variant="secondary" className="w-full">
              <Link to={action.to}>{action.button}</Link>
            </Button>
          </Card>
        ))}
      </div>
    </section>
  );
}
