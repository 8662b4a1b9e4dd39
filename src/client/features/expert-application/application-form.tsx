import { FormProvider, useForm } from 'react-hook-form';
import { APPLICATION_SUBMITTED, type ExpertApplication } from '@common/expert-application';
import type { CurrentUser } from '@common/user';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useSubmitApplication } from './api';
import { showToast } from '../../lib/toast';
import { applicationDefaults, applicationResolver, type ApplicationFormValues } from './form-values';
import { PersonalSection } from './personal-section';
import { ProfessionalSection } from './professional-section';
import { ServiceSection } from './service-section';
import { BusinessSection } from './business-section';
import { ReferencesSection } from './references-section';
import { ConsentsSection } from './consents-section';
import { showSubmitFailure } from '../../lib/server-field-errors';

/** The 'Expert Application' form: six sections, checked in the browser and again by the server with one schema. */
export function ApplicationForm({ user, onSubmitted }: { user: CurrentUser; onSubmitted: () => void }) {
  const form = useForm<ApplicationFormValues, unknown, ExpertApplication>({
    resolver: applicationResolver,
    defaultValues: applicationDefaults(user),
  });
  const submit = useSubmitApplication();

  const onSubmit = form.handleSubmit((application) =>
    submit.mutate(application, {
      onSuccess: () => {
        showToast(APPLICATION_SUBMITTED);
        onSubmitted();
      },
      onError: (error) => {
        showSubmitFailure(form, error, { title: 'Submission Error', fallback: 'Your application could not be submitted. Please try again.' });
      },
    }),
  );

  return (
    <Card className="p-5 sm:p-8">
      <h2 className="text-xl font-bold text-navy-800 sm:text-2xl">Expert Application</h2>
      <p className="mt-1 text-sm text-slate-600">Every field is required unless it says optional. We review applications within 5-7 business days.</p>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="Expert Application" className="mt-6 flex flex-col gap-8">
          <PersonalSection />
          <ProfessionalSection />
          <ServiceSection />
          <BusinessSection />
          <ReferencesSection />
          <ConsentsSection />
          <div className="border-t border-slate-100 pt-6">
            <Button type="submit" size="lg" className="w-full" disabled={submit.isPending}>
              {submit.isPending ? 'Submitting Application...' : 'Submit Expert Application'}
            </Button>
          </div>
        </form>
      </FormProvider>
    </Card>
  );
}
