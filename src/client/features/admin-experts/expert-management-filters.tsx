import { Search } from 'lucide-react';
import { ADMIN_SPECIALTY_FILTERS, ADMIN_STATUS_FILTERS, type AdminExpertFilters } from '@common/admin-experts';
import { Card } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { FilterSelect } from '../../components/ui/filter-select';

/** The search box and its two filters; the list filters as the administrator types. */
export function ExpertManagementFilters({ filters, onChange }: { filters: AdminExpertFilters; onChange: (next: AdminExpertFilters) => void }) {
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)] sm:p-5">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="expert-search">Search</Label>
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <Input
            id="expert-search"
            type="search"
            value={filters.search}
            placeholder="Search experts..."
            autoComplete="off"
            onChange={(event) => onChange({ ...filters, search: event.target.value })}
            className="pl-9"
          />
        </div>
      </div>
      <FilterSelect id="expert-status" label="Status" value={filters.status} options={ADMIN_STATUS_FILTERS} onChange={(status) => onChange({ ...filters, status })} />
      <FilterSelect
        id="expert-specialty"
        label="Specialty"
        value={filters.specialty}
        options={ADMIN_SPECIALTY_FILTERS}
        onChange={(specialty) => onChange({ ...filters, specialty })}
      />
    </Card>
  );
}
