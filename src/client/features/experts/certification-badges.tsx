import { certificationList } from '@common/experts-rules';
import { Badge } from '../../components/ui/badge';

/** The first few certifications as badges and how many more there are; the profile lists them all. */
export function CertificationBadges({ certifications, limit = 2 }: { certifications: string; limit?: number }) {
  const list = certificationList(certifications);
  if (list.length === 0) return null;
  const hidden = list.length - limit;
  return (
    <ul aria-label="Certifications" className="flex flex-wrap gap-1.5">
      {list.slice(0, limit).map((certification) => (
        <li key={certification}>
          <Badge tone="navy" className="font-medium">
            {certification}
          </Badge>
        </li>
      ))}
      {hidden > 0 ? (
        <li>
          <Badge className="font-medium">+{hidden} more</Badge>
        </li>
      ) : null}
    </ul>
  );
}
