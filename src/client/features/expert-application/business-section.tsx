import { Building2 } from 'lucide-react';
import { FieldGrid, FormSection } from './form-section';
import { TextField } from './text-field';

export function BusinessSection() {
  return (
    <FormSection title="Business Information" icon={Building2}>
      <FieldGrid>
        <TextField name="businessInfo.businessName" label="Business Name" optional autoComplete="organization" />
        <TextField name="businessInfo.licenseNumber" label="License Number" optional />
      </FieldGrid>
      <TextField name="businessInfo.businessAddress" label="Business Address" optional autoComplete="street-address" />
      <TextField
        name="businessInfo.insuranceProvider"
        label="Insurance Provider & Policy Info"
        multiline
        placeholder="Provider, policy number and coverage (general liability, marine contractor)"
      />
    </FormSection>
  );
}
