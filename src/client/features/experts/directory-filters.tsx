import type { ReactNode } from 'react';

/** The always-visible filter panel of the onsite and video directories. */
export function DirectoryFilters({ children }: { children: ReactNode }) {
  return (
    <section
      aria-label="Filters"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-5 lg:grid-cols-4"
    >
      {children}
    </section>
  );
}
