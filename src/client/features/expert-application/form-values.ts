import { APPLICATION_DEFAULTS, expertApplicationSchema } from '@common/expert-application';
import type { ServiceType } from '@common/roles';
import type { CurrentUser } from '@common/user';
import { formResolver } from '../../lib/form-resolver';

/** What the controls hold: text as typed, checkboxes as booleans, the specialty '' until one is chosen. */
export interface ApplicationFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  zipCode: string;
  specialty: string;
  experience: string;
  certifications: string;
  bio: string;
  serviceTypes: ServiceType[];
  onsiteRate: string;
  serviceRadius: string;
  businessInfo: { businessName: string; businessAddress: string; insuranceProvider: string; licenseNumber: string };
  references: { name: string; company: string; phone: string; relationship: string }[];
  backgroundCheck: boolean;
  termsAccepted: boolean;
}

const emptyReference = () => ({ name: '', company: '', phone: '', relationship: '' });

/** The form's defaults (docs/PRODUCT.md#expert-application), with the applicant's own details from their account. */
export function applicationDefaults(user: CurrentUser): ApplicationFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    phone: user.phone ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    zipCode: user.zipCode ?? '',
    specialty: '',
    experience: '',
    certifications: '',
    bio: '',
    serviceTypes: [],
    onsiteRate: APPLICATION_DEFAULTS.onsiteRate,
    serviceRadius: String(APPLICATION_DEFAULTS.serviceRadius),
    businessInfo: { businessName: '', businessAddress: '', insuranceProvider: '', licenseNumber: '' },
    references: [emptyReference(), emptyReference()],
    backgroundCheck: false,
    termsAccepted: false,
  };
}

/** The shared schema checks exactly what the controls hold: a specialty of '' or an unticked consent is what it refuses. */
export const applicationResolver = formResolver<typeof expertApplicationSchema, ApplicationFormValues>(expertApplicationSchema);
