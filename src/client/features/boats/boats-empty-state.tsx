import { Bell, CalendarCheck, Sailboat, Sparkles } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { AddBoatButton } from './add-boat-button';

const REASONS = [
  { icon: CalendarCheck, text: 'Bookings fill in your boat’s details for you, and experts arrive knowing what they will work on.' },
  { icon: Sparkles, text: 'The AI assistant knows your boat and its engines, so its answers fit it.' },
  { icon: Bell, text: 'A maintenance schedule with reminders before things come due, and a service history you can download.' },
];

/** My Boats before the first boat: why to add one, and the button. */
export function BoatsEmptyState() {
  return (
    <Card className="flex flex-col items-center gap-5 p-6 text-center sm:p-10">
      <Sailboat aria-hidden className="size-12 text-navy-500" />
      <div>
        <h2 className="text-xl font-semibold text-slate-900">Add your boat</h2>
        <p className="mt-1 max-w-lg text-slate-600">Tell us about your boat once, and K&amp;B Marine keeps it in mind from then on.</p>
      </div>
      <ul className="flex max-w-lg flex-col gap-3 text-left">
        {REASONS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3 text-sm text-slate-700">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-600">
              <Icon aria-hidden className="size-4" />
            </span>
            <span className="pt-1.5">{text}</span>
          </li>
        ))}
      </ul>
      <AddBoatButton label="Add your first boat" />
    </Card>
  );
}
