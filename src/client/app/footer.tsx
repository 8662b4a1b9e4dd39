import { Link } from 'react-router';
import { BrandLogo } from './brand-logo';
import { PRODUCT_NAME } from '@common/brand';

// Each link leads to the page that serves its purpose (docs/PRODUCT.md#shell-and-navigation).
const GROUPS = [
  {
    title: 'Services',
    links: [
      { label: 'AI Knowledge Base', to: '/ai-assistant' },
      { label: 'Video Consultations', to: '/video-consultation' },
      { label: 'Local Experts', to: '/onsite-request' },
      { label: 'Emergency Support', to: '/help-now' },
    ],
  },
  {
    title: 'Expertise',
    links: [
      { label: 'Engine Repair', to: '/experts?specialty=engines' },
      { label: 'Electronics', to: '/experts?specialty=electronics' },
      { label: 'Winterization', to: '/experts?specialty=winterization' },
      { label: 'Rigging', to: '/experts?specialty=rigging' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Help Center', to: '/help' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="mt-16 bg-navy-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="flex flex-col gap-4">
          <BrandLogo inverted />
          <p className="text-sm leading-relaxed text-slate-400">
            Certified marine experts and AI-powered diagnostics for every boat owner.
          </p>
          <Link to="/expert/apply" className="text-sm font-semibold text-sand hover:underline">
            Become an expert →
          </Link>
        </div>
        {GROUPS.map((group) => (
          <div key={group.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{group.title}</h2>
            <ul className="mt-4 flex flex-col gap-2">
              {group.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="text-sm text-slate-400 hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-slate-400 sm:px-6 lg:px-8">
          © 2024 {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
