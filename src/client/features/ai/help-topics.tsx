import { Compass, Snowflake, Wrench, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/ui/card';

const TOPICS: { icon: LucideIcon; title: string; items: string[] }[] = [
  {
    icon: Wrench,
    title: 'Engine Issues',
    items: ['Startup problems', 'Overheating', 'Fuel system', 'Performance'],
  },
  {
    icon: Compass,
    title: 'Electronics & Navigation',
    items: ['GPS and chart plotters', 'VHF radio', 'Electrical system', 'Battery and charging'],
  },
  {
    icon: Snowflake,
    title: 'Maintenance & Winterization',
    items: ['Seasonal care', 'Winterization', 'Hull and deck care', 'Safety equipment checks'],
  },
];

/** What the assistant helps with (docs/PRODUCT.md#ai-assistant). */
export function HelpTopics() {
  return (
    <section aria-labelledby="help-topics">
      <h2 id="help-topics" className="text-xl font-bold text-navy-800">
        What the assistant can help with
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        {TOPICS.map(({ icon: Icon, title, items }) => (
          <Card key={title} className="p-5">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-lg bg-navy-50 text-navy-600">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="font-semibold text-slate-900">{title}</h3>
            </div>
            <ul className="mt-3 flex flex-col gap-1.5 text-sm text-slate-600">
              {items.map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <span aria-hidden className="size-1.5 rounded-full bg-teal-brand" />
                  {item}
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </section>
  );
}
