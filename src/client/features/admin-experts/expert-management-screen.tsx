import { useEffect, useMemo, useState } from 'react';
import { filterAdminExperts, type AdminExpertFilters } from '@common/admin-experts';
import { specialtyLabel } from '@common/specialties';
import { Card } from '../../components/ui/card';
import { errorText } from '../../lib/api-request';
import { handleUnauthorized } from '../../lib/unauthorized';
import { useAdminExperts } from './api';
import { ExpertManagementFilters } from './expert-management-filters';
import { AdminExpertCard } from './admin-expert-card';

const NO_FILTERS: AdminExpertFilters = { search: '', status: 'all', specialty: 'all' };

/** Expert management (docs/PRODUCT.md#expert-management): filters, the count, and a card per expert with its decisions. */
export function ExpertManagementScreen() {
  const [filters, setFilters] = useState(NO_FILTERS);
  const experts = useAdminExperts();
  const shown = useMemo(() => filterAdminExperts(experts.data ?? [], filters, specialtyLabel), [experts.data, filters]);

  useEffect(() => {
    if (experts.error) handleUnauthorized(experts.error, { title: 'Unauthorized', description: 'You are logged out. Logging in again...' });
  }, [experts.error]);

  return (
    <div className="mt-6 flex flex-col gap-5">
      <ExpertManagementFilters filters={filters} onChange={setFilters} />
      {experts.isLoading ? (
        <p role="status" className="py-10 text-center text-slate-600">
          Loading experts...
        </p>
      ) : experts.isError ? (
        <Card role="alert" className="p-6 text-center text-red-700">
          {errorText(experts.error, 'The experts could not be loaded. Please reload the page.')}
        </Card>
      ) : (
        <>
          <p role="status" aria-live="polite" className="font-medium text-slate-700">
            {shown.length} expert(s) found
          </p>
          {shown.length === 0 ? (
            <Card className="p-10 text-center text-slate-600">No experts found matching your criteria.</Card>
          ) : (
            <ul aria-label="Experts" className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
              {shown.map((expert) => (
                <li key={expert.id} className="flex">
                  <AdminExpertCard expert={expert} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
