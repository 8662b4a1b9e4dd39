import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** One of the application's six sections: a titled group of controls, two columns from small screens up. */
export function FormSection({ title, icon: Icon, description, children }: { title: string; icon: LucideIcon; description?: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 border-t border-slate-100 pt-6 first:border-t-0 first:pt-0">
      <legend className="contents">
        <span className="flex items-center gap-2 text-lg font-semibold text-navy-800">
          <Icon aria-hidden className="size-5 text-navy-600" />
          {title}
        </span>
      </legend>
      {description ? <p className="-mt-2 text-sm text-slate-600">{description}</p> : null}
      {children}
    </fieldset>
  );
}

export function FieldGrid({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}
