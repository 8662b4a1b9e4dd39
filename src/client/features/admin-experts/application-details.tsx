import type { ReactNode } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { ApplicationReview } from '@common/admin-experts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-navy-700 uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** Label and value pairs; an empty value says so instead of leaving a gap. */
function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="break-words text-slate-900">{value === '' || value === null ? <span className="text-slate-400">Not given</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Consent({ given, label }: { given: boolean; label: string }) {
  const Icon = given ? CheckCircle2 : XCircle;
  return (
    <li className="flex items-center gap-2 text-sm">
      <Icon aria-hidden className={given ? 'size-4 text-green-700' : 'size-4 text-red-700'} />
      {label}: <span className="font-medium">{given ? 'Given' : 'Not given'}</span>
    </li>
  );
}

const SERVICE_NAMES = { video: 'Video Consultations', onsite: 'Onsite Services' } as const;

/** The application as the person submitted it: every section of the form, in the form's order. */
export function ApplicationDetails({ application }: { application: ApplicationReview }) {
  const { payload } = application;
  return (
    <div className="flex flex-col gap-5">
      <Section title="Personal Information">
        <Facts
          items={[
            ['Name', `${payload.firstName} ${payload.lastName}`.trim()],
            ['Email', payload.email],
            ['Phone', payload.phone],
          ]}
        />
      </Section>
      <Section title="Professional Information">
        <Facts
          items={[
            ['Location', [payload.city, payload.state, payload.zipCode].filter(Boolean).join(', ')],
            ['Primary specialty', payload.specialty],
            ['Experience', `${payload.experience} ${payload.experience === 1 ? 'year' : 'years'}`],
            ['Certifications', payload.certifications],
            ['Bio', <span className="whitespace-pre-line">{payload.bio}</span>],
          ]}
        />
      </Section>
      <Section title="Service Information">
        <Facts
          items={[
            ['Services', payload.serviceTypes.map((type) => SERVICE_NAMES[type]).join(', ')],
            ['Onsite rate', payload.onsiteRate ? `$${payload.onsiteRate.replace(/^\$/, '')}/hr` : ''],
            ['Service radius', `${payload.serviceRadius} miles`],
          ]}
        />
      </Section>
      <Section title="Business Information">
        <Facts
          items={[
            ['Business name', payload.businessInfo.businessName],
            ['License number', payload.businessInfo.licenseNumber],
            ['Business address', payload.businessInfo.businessAddress],
            ['Insurance', payload.businessInfo.insuranceProvider],
          ]}
        />
      </Section>
      <Section title="Professional References">
        {payload.references.length === 0 ? (
          <p className="text-sm text-slate-500">No references given.</p>
        ) : (
          <ol className="grid gap-3 sm:grid-cols-2">
            {payload.references.map((reference, index) => (
              <li key={index} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-semibold text-slate-900">{reference.name || `Reference ${index + 1}`}</p>
                <p className="text-slate-700">{reference.company}</p>
                <p className="text-slate-700">{reference.phone}</p>
                <p className="text-slate-500">{reference.relationship}</p>
              </li>
            ))}
          </ol>
        )}
      </Section>
      <Section title="Agreements & Consents">
        <ul className="flex flex-col gap-1.5">
          <Consent given={payload.backgroundCheck} label="Background check" />
          <Consent given={payload.termsAccepted} label="Terms and conditions" />
        </ul>
      </Section>
    </div>
  );
}
