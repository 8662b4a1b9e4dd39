import { Camera, MessageSquareText, type LucideIcon } from 'lucide-react';
import { Card, CardHeader, CardTitle } from '../../components/ui/card';

const TIPS: { icon: LucideIcon; title: string; items: string[] }[] = [
  {
    icon: Camera,
    title: 'Photo tips',
    items: [
      'Take clear, sharp photos',
      'Make sure the area is well lit',
      'Shoot from several angles',
      'Show error messages or gauge readings',
      'Include some surroundings for context',
    ],
  },
  {
    icon: MessageSquareText,
    title: 'Text tips',
    items: [
      'Describe the symptoms in detail',
      'Give your boat type and engine model',
      'Mention recent maintenance or repairs',
      'Note the conditions when it happens',
    ],
  },
];

/** How to ask so the answer fits the boat (docs/PRODUCT.md#ai-assistant). */
export function TipsCard() {
  return (
    <Card>
      <CardHeader className="pb-0 sm:pb-0">
        <CardTitle>Tips for better answers</CardTitle>
      </CardHeader>
      <div className="grid gap-6 p-5 sm:grid-cols-2 sm:p-6">
        {TIPS.map(({ icon: Icon, title, items }) => (
          <div key={title}>
            <h3 className="flex items-center gap-2 font-semibold text-slate-900">
              <Icon aria-hidden className="size-4 text-navy-600" /> {title}
            </h3>
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-600 marker:text-teal-brand">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Card>
  );
}
