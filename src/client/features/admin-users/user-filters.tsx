import { Search } from 'lucide-react';
import { FilterSelect } from '../../components/ui/filter-select';
import { FilterTextInput } from '../../components/ui/filter-text-input';
import { Card } from '../../components/ui/card';
import type { AdminUserFilters } from './api';
import { ROLE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from './user-labels';

/** Search over name and e-mail, and the role and status filters; each defaults to all. */
export function UserFilters({ filters, onChange }: { filters: AdminUserFilters; onChange: (filters: AdminUserFilters) => void }) {
  return (
    <Card className="grid gap-4 p-4 sm:p-5 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
      <FilterTextInput
        id="user-search"
        label="Search"
        placeholder="Search by name or email..."
        icon={Search}
        value={filters.search}
        onChange={(search) => onChange({ ...filters, search })}
      />
      <FilterSelect
        id="user-role"
        label="Role"
        value={filters.role}
        options={ROLE_FILTER_OPTIONS}
        onChange={(role) => onChange({ ...filters, role: role as AdminUserFilters['role'] })}
      />
      <FilterSelect
        id="user-status"
        label="Status"
        value={filters.status}
        options={STATUS_FILTER_OPTIONS}
        onChange={(status) => onChange({ ...filters, status: status as AdminUserFilters['status'] })}
      />
    </Card>
  );
}
