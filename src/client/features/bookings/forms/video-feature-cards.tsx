import { FileText, MonitorUp, Video, Wifi } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { SectionCard } from '../../../components/ui/section-card';

/**
 * The info cards of the video page (docs/PRODUCT.md#booking-pages). A 'session recording' card is not something we do:
 * calls are never recorded (privacy and consent), so that card names what the owner does keep instead.
 */
export const VIDEO_FEATURES: readonly { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Video, title: 'HD video', text: 'A clear live picture of the problem, in HD when your connection allows.' },
  { icon: MonitorUp, title: 'Screen sharing', text: 'Share a manual, a wiring diagram or a photo from your screen.' },
  { icon: Wifi, title: 'Low-bandwidth option', text: 'On a weak marina connection, switch to audio with little or no video.' },
  {
    icon: FileText,
    title: 'Written follow-up summary',
    text: 'Your expert sends the findings, next steps and parts after the call. Calls are not recorded.',
  },
];

export function VideoFeatureCards() {
  return (
    <SectionCard compact title="Video Call Features" icon={Video}>
      <ul className="flex flex-col gap-3">
        {VIDEO_FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-start gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-700">
              <Icon aria-hidden className="size-4" />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{title}</span>
              {text}
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
