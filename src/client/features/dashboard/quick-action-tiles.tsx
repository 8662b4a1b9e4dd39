import { Link } from 'react-router';
import { Bot, Settings, Video, Wrench, type LucideIcon } from 'lucide-react';

const TILES: { icon: LucideIcon; title: string; text: string; to: string }[] = [
  { icon: Bot, title: 'AI Assistant', text: 'Get instant help', to: '/ai-assistant' },
  { icon: Video, title: 'Video Call', text: 'Expert consultation', to: '/video-consultation' },
  { icon: Wrench, title: 'Onsite Service', text: 'Book technician', to: '/experts' },
  { icon: Settings, title: 'Settings', text: 'Manage account', to: '/settings' },
];

/** The dashboard's four Quick Action tiles (docs/PRODUCT.md#dashboard). */
export function QuickActionTiles() {
  return (
    <nav aria-label="Quick Actions">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {TILES.map(({ icon: Icon, ...tile }) => (
          <li key={tile.title}>
            <Link
              to={tile.to}
              className="flex h-full flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:border-navy-200 hover:shadow-md sm:flex-row sm:items-center"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-navy-50 text-navy-600">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{tile.title}</span>
                <span className="block text-sm text-slate-600">{tile.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
