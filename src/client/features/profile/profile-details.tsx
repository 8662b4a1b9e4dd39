import type { CurrentUser } from '@common/user';

const FIELDS: { key: keyof CurrentUser; label: string }[] = [
  { key: 'firstName', label: 'First Name' },
  { key: 'lastName', label: 'Last Name' },
  { key: 'email', label: 'Email Address' },
  { key: 'phone', label: 'Phone Number' },
  { key: 'address', label: 'Street Address' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'zipCode', label: 'ZIP Code' },
];

export function ProfileDetails({ user }: { user: CurrentUser }) {
  return (
    <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
      {FIELDS.map(({ key, label }) => {
        const value = user[key];
        return (
          <div key={key}>
            <dt className="text-sm font-medium text-slate-500">{label}</dt>
            <dd className={value ? 'mt-1 break-words text-slate-900' : 'mt-1 italic text-slate-500'}>
              {value || 'Not provided'}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
