import { Award, CalendarClock, DollarSign, type LucideIcon } from 'lucide-react';
import { Card } from '../ui/card';

const BENEFITS: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Professional Recognition',
    text: 'A verified profile that shows boat owners your certifications, experience and reviews.',
    icon: Award,
  },
  {
    title: 'Flexible Work',
    text: 'You set your working hours, days off and service area, and take video calls from wherever you are.',
    icon: CalendarClock,
  },
  {
    title: 'Steady Income',
    text: 'Boat owners in your area book you directly, at the rates you set, for video calls and onsite jobs.',
    icon: DollarSign,
  },
];

export function BenefitBlurbs() {
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {BENEFITS.map(({ title, text, icon: Icon }) => (
        <li key={title}>
          <Card className="flex h-full flex-col items-center gap-3 p-5 text-center sm:p-6">
            <span className="flex size-12 items-center justify-center rounded-full bg-navy-50 text-navy-700">
              <Icon aria-hidden className="size-6" />
            </span>
            <h2 className="text-base font-semibold text-slate-900">{title}</h2>
            <p className="text-sm text-slate-600">{text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
