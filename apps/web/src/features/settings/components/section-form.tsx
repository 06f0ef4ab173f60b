import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { Settings, SettingsSection } from '@shop/contracts/settings';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
export { CheckField } from '@/components/ui/check-field';
import { useCan } from '@/lib/permissions';
import { useSaveSettingsSection, useShopSettings } from '@/lib/shop-settings';
import { useSchemaForm } from '@/lib/use-schema-form';

/** Save shows 'Saving…' for 300 ms before the section is written (docs/screens.md, "Settings"). */
export const SAVING_DELAY_MS = 300;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One tab's form: starts from the stored section, saves it with PUT /settings/{section}, and on
 * a refusal keeps what was typed and puts the server's messages on the fields they name
 * (`rate`, `methods.1.label`, `days.1.close`, or a whole list such as `methods`).
 */
export function useSectionForm<S extends SettingsSection>(section: S, schema: z.ZodType<Settings[S], Settings[S]>) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const save = useSaveSettingsSection(section);
  const canWrite = useCan('settings:manage');
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(schema, {
    defaultValues: settings[section] as never,
    save: async (value) => {
      setSaving(true);
      try {
        await wait(SAVING_DELAY_MS);
        return await save.mutateAsync(value);
      } finally {
        setSaving(false);
      }
    },
    serverFields: fieldNames,
    resetTo: (saved) => saved,
    successToast: () => t('Settings saved'),
    failureToast: t('Save failed'),
  });

  return { form, onSubmit: form.submit, saving, canWrite, errorOf: form.fieldError };
}

/** Every path of a value, lists included (a list-wide message such as "Keep one enabled" names the list). */
function fieldNames(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : [];
  const children = Object.entries(value).flatMap(([key, child]) => fieldNames(child, prefix ? `${prefix}.${key}` : key));
  return prefix ? [prefix, ...children] : children;
}

type SectionFormProps = {
  title: string;
  description: string;
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  canWrite: boolean;
  dirty: boolean;
  children: ReactNode;
  /** Shown beside the fields on wide screens (the receipt preview). */
  aside?: ReactNode;
  /** The Save button's text where a tab has two forms ("Save KHQR"). */
  saveLabel?: string;
};

/** The card of one tab: heading, fields (disabled when read-only or saving), and its own Save. */
export function SectionForm({ title, description, onSubmit, saving, canWrite, dirty, children, aside, saveLabel }: SectionFormProps) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={onSubmit}>
      <Card>
        <div className="border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{description}</p>
        </div>
        <div className={aside ? 'grid gap-6 px-5 py-5 lg:grid-cols-[minmax(0,1fr)_auto]' : 'px-5 py-5'}>
          <fieldset disabled={!canWrite || saving} className="min-w-0 space-y-5">
            {children}
          </fieldset>
          {aside}
        </div>
        {canWrite ? (
          <div className="flex items-center justify-end gap-3 border-t border-slate-200 px-5 py-3 dark:border-slate-800">
            {dirty && !saving ? <span className="text-sm text-amber-700 dark:text-amber-400">{t('Unsaved changes')}</span> : null}
            <Button type="submit" disabled={saving}>
              {saving ? t('Saving…') : (saveLabel ?? t('Save'))}
            </Button>
          </div>
        ) : null}
      </Card>
    </form>
  );
}


/** A message that belongs to a whole list (e.g. "Keep at least one payment method enabled."). */
export function ListError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-600 dark:text-red-400">
      {message}
    </p>
  );
}
