import { UserRound } from 'lucide-react';
import { FieldGrid, FormSection } from './form-section';
import { TextField } from './text-field';

export function PersonalSection() {
  return (
    <FormSection title="Personal Information" icon={UserRound}>
      <FieldGrid>
        <TextField name="firstName" label="First Name" autoComplete="given-name" />
        <TextField name="lastName" label="Last Name" autoComplete="family-name" />
        <TextField name="email" label="Email" type="email" autoComplete="email" />
        <TextField name="phone" label="Phone Number" type="tel" autoComplete="tel" placeholder="(555) 123-4567" />
      </FieldGrid>
    </FormSection>
  );
}
