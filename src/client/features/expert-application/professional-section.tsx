import { Briefcase } from 'lucide-react';
import { MIN_EXPERIENCE_YEARS } from '@common/expert-application';
import { FieldGrid, FormSection } from './form-section';
import { SpecialtyField } from './specialty-field';
import { TextField } from './text-field';

export function ProfessionalSection() {
  return (
    <FormSection title="Professional Information" icon={Briefcase}>
      <FieldGrid>
        <TextField name="city" label="City" autoComplete="address-level2" />
        <div className="grid grid-cols-2 gap-4">
          <TextField name="state" label="State" autoComplete="address-level1" />
          <TextField name="zipCode" label="ZIP Code" autoComplete="postal-code" inputMode="numeric" />
        </div>
        <SpecialtyField />
        <TextField name="experience" label="Years of Experience" type="number" min={MIN_EXPERIENCE_YEARS} inputMode="numeric" />
      </FieldGrid>
      <TextField
        name="certifications"
        label="Certifications & Licenses"
        multiline
        placeholder="ABYC Certified Technician, Yamaha Master Technician, USCG Captain's License..."
      />
      <TextField
        name="bio"
        label="Professional Bio"
        multiline
        hint="At least 50 characters. Boat owners read this on your profile: your experience, the boats and systems you know best."
      />
    </FormSection>
  );
}
