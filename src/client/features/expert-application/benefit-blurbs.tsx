import { Award, CalendarClock, DollarSign, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';

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
    <ul className="mx-auto grid w-full max-w-5xl gap-3 sm:grid-cols-3 sm:gap-4">
      {BENEFITS.map(({ title, text, icon: Icon }) => (
        <li key={title}>
          <Card className="flex h-full items-start gap-4 p-4 sm:flex-col sm:items-center sm:gap-3 sm:p-6 sm:text-center">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-700 sm:size-12">
              <Icon aria-hidden className="size-6" />
            </span>
            <div className="flex flex-col gap-1 sm:gap-2">
              <h2 className="text-base font-semibold text-slate-900">{title}</h2>
              <p className="text-sm text-slate-600">{text}</p>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
