import { useForm } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import { Info, Lightbulb } from 'lucide-react';
import { aiSettingsSchema, DEFAULT_AI_SETTINGS, type AiSettings } from '@common/ai';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField } from '../../components/ui/form-field';
import { Spinner } from '../../components/ui/spinner';
import { Textarea } from '../../components/ui/textarea';
import { useAiSettings, useAiStatus, useUpdateAiSettings } from './api';
import { errorText } from '../../lib/api-request';
import { showToast } from '../../lib/toast';

function PromptTips({ builtin }: { builtin: boolean }) {
  return (
    <div className="flex gap-3 rounded-lg border border-navy-100 bg-navy-50 p-4 text-sm text-navy-800">
      <Lightbulb aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="flex flex-col gap-1.5">
        <p className="font-semibold">Tips</p>
        <ul className="flex list-disc flex-col gap-1 pl-4">
          <li>
            Put <code className="rounded bg-white px-1 font-mono">{'{question}'}</code> in the user prompt template: it stands
            for the user&apos;s input. Without it, the question is added at the end.
          </li>
          <li>The system prompt sets the assistant&apos;s role, tone and rules for every conversation.</li>
          <li>Changes apply to every user&apos;s next question.</li>
          {builtin ? null : (
            <li>
              After your system prompt the model is also told how to lay out its answer (headings, numbered steps, bullets),
              so that every answer reads well in the chat.
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}

/** Which engine answers, so an administrator knows whether these prompts are in use at all. */
function EngineNotice({ builtin }: { builtin: boolean }) {
  return (
    <div role="note" className="flex gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-navy-600" />
      {builtin ? (
        <p>
          <span className="font-semibold text-slate-900">Not used by the built-in assistant.</span> It answers from K&amp;B
          Marine&apos;s repair knowledge base, in the same order these prompts ask for: likely causes, steps, safety, questions
          back and when to call a professional. The prompts take effect once a language model is configured.
        </p>
      ) : (
        <p>
          <span className="font-semibold text-slate-900">In use:</span> every question goes to the language model with this
          system prompt and the template filled in.
        </p>
      )}
    </div>
  );
}

function AiSettingsForm({ saved }: { saved: AiSettings }) {
  const form = useForm<AiSettings>({ resolver: formResolver(aiSettingsSchema), defaultValues: saved });
  const update = useUpdateAiSettings();
  const status = useAiStatus().data;
  const builtin = status?.provider === 'builtin';
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        showToast({ title: 'Settings Updated', description: 'AI assistant prompts have been updated successfully.' });
      },
      onError: (error) =>
        showToast({ title: 'Error', description: errorText(error, 'Failed to update settings'), variant: 'destructive' }),
    }),
  );

  // Only fills the boxes; nothing is saved until 'Save Changes'.
  const resetToDefault = () => {
    form.setValue('systemPrompt', DEFAULT_AI_SETTINGS.systemPrompt, { shouldDirty: true, shouldValidate: true });
    form.setValue('userPromptTemplate', DEFAULT_AI_SETTINGS.userPromptTemplate, { shouldDirty: true, shouldValidate: true });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {status ? <EngineNotice builtin={builtin} /> : null}
      <FormField id="ai-system-prompt" label="System Prompt" error={errors.systemPrompt?.message}>
        <Textarea
          id="ai-system-prompt"
          className="h-[200px] font-mono"
          aria-invalid={errors.systemPrompt ? true : undefined}
          {...form.register('systemPrompt')}
        />
      </FormField>
      <FormField id="ai-user-prompt-template" label="User Prompt Template" error={errors.userPromptTemplate?.message}>
        <Textarea
          id="ai-user-prompt-template"
          className="h-[150px] font-mono"
          aria-invalid={errors.userPromptTemplate ? true : undefined}
          {...form.register('userPromptTemplate')}
        />
      </FormField>
      <PromptTips builtin={builtin} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
        <Button type="button" variant="outline" onClick={resetToDefault} disabled={update.isPending}>
          Reset to Default
        </Button>
      </div>
    </form>
  );
}

/** The assistant's global prompts; the settings page shows this to administrators only. */
export function AiSettingsCard() {
  const settings = useAiSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>AI Assistant</CardTitle>
        <CardDescription>The prompts the assistant uses for every user. Only administrators see this section.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.data ? (
          <AiSettingsForm saved={settings.data} />
        ) : settings.isError ? (
          <p className="text-sm text-red-700">{errorText(settings.error, 'The AI assistant settings could not be loaded.')}</p>
        ) : (
          <Spinner label="Loading AI assistant settings" />
        )}
      </CardContent>
    </Card>
  );
}
