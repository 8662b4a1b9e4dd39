import type { ReactNode } from 'react';

/** A booking form beside its cards; on narrow screens the cards follow the form. */
export function BookingLayout({ form, aside }: { form: ReactNode; aside: ReactNode }) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0">{form}</div>
      <aside aria-label="About this service" className="flex flex-col gap-4">
        {aside}
      </aside>
    </div>
  );
}
