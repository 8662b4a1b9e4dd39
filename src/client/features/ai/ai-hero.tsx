import { Camera, Clock, Zap, type LucideIcon } from 'lucide-react';

const PROMISES: { icon: LucideIcon; text: string }[] = [
  { icon: Zap, text: 'Instant answers with sources' },
  { icon: Camera, text: 'Photo upload and analysis' },
  { icon: Clock, text: '24/7 guidance' },
];

export function AiHero() {
  return (
    <section className="bg-gradient-to-br from-navy-900 via-navy-800 to-navy-600 text-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">AI repair help for your boat</h1>
        <p className="mt-3 max-w-2xl text-lg text-navy-100">
          Describe the problem or upload a photo and get troubleshooting steps right away, any time of day.
        </p>
        <ul className="mt-6 flex flex-wrap gap-2 text-sm">
          {PROMISES.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-2 rounded-full bg-white/10 px-3 py-1.5">
              <Icon aria-hidden className="size-4 text-sand" /> {text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
