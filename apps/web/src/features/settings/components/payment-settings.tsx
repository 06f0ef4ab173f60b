import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paymentSettingsSchema, type PaymentMethod } from '@shop/contracts/settings';
import { RIEL_STEPS } from '@shop/contracts/tender';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldError, FormField, invalidProps } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { formatRiel } from '@/lib/format';
import { ListError, SectionForm, useSectionForm } from './section-form';

/** The server keeps at most this many. */
const MAX_METHODS = 20;

/** A custom method's key begins 'custom-'; it starts labelled 'Custom' and enabled (docs/screens.md, "Settings"). */
export function newCustomMethod(): PaymentMethod {
  return { key: `custom-${crypto.randomUUID().slice(0, 8)}`, label: 'Custom', enabled: true };
}

export function PaymentSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite, errorOf } = useSectionForm('payments', paymentSettingsSchema);
  const { register, control } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'methods', keyName: 'rowKey' });
  const methods = useWatch({ control, name: 'methods' });
  const [removing, setRemoving] = useState<number | null>(null);

  const nameOf = (index: number) => methods[index]?.label.trim() || fields[index]?.key || '';
  const listError = errorOf('methods');
  /** A hint under a field, read out with it (its error instead, when it has one). */
  const described = (id: string, error: string | undefined) => ({ ...invalidProps(id, error), 'aria-describedby': error ? `${id}-error` : `${id}-hint` });
  const hint = (id: string, text: string) => (
    <p id={`${id}-hint`} className="text-sm text-slate-500 dark:text-slate-400">
      {text}
    </p>
  );

  return (
    <SectionForm
      title={t('Payments')}
      description={t('The ways customers can pay at the till. Disabled ones are not offered.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={form.formState.isDirty}
    >
      <div className="grid max-w-sm items-start gap-4 xl:max-w-2xl xl:grid-cols-3">
        <FormField id="settings-khr-per-usd" label={t('Riel per US dollar')} error={errorOf('khrPerUsd')}>
          <Input
            id="settings-khr-per-usd"
            type="number"
            inputMode="numeric"
            step="1"
            min="1000"
            max="10000"
            {...described('settings-khr-per-usd', errorOf('khrPerUsd'))}
            {...register('khrPerUsd', { valueAsNumber: true })}
          />
          {hint('settings-khr-per-usd', t('What a dollar is worth in riel taken at the till.'))}
        </FormField>
        <FormField id="settings-khr-change-per-usd" label={t('Riel per dollar for change')} error={errorOf('khrChangePerUsd')}>
          <Input
            id="settings-khr-change-per-usd"
            type="number"
            inputMode="numeric"
            step="1"
            min="1000"
            max="10000"
            placeholder={t('Same')}
            {...described('settings-khr-change-per-usd', errorOf('khrChangePerUsd'))}
            {...register('khrChangePerUsd', { setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)) })}
          />
          {hint('settings-khr-change-per-usd', t('Leave empty to give change at the rate above.'))}
        </FormField>
        <FormField id="settings-riel-step" label={t('Round riel to')} error={errorOf('rielStep')}>
          <Select
            id="settings-riel-step"
            {...described('settings-riel-step', errorOf('rielStep'))}
            {...register('rielStep', { valueAsNumber: true })}
          >
            {RIEL_STEPS.map((step) => (
              <option key={step} value={step}>
                {formatRiel(step)}
              </option>
            ))}
          </Select>
          {hint('settings-riel-step', t('The smallest riel note you hand out: amounts asked in riel round up to it, change in riel rounds down.'))}
        </FormField>
      </div>
      <div className="max-w-2xl">
        <div aria-hidden className="mb-2 hidden grid-cols-[minmax(0,1fr)_5rem_2rem] gap-3 px-[13px] text-xs font-medium text-slate-500 uppercase sm:grid dark:text-slate-400">
          <span>{t('Name')}</span>
          <span>{t('Enabled')}</span>
        </div>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {fields.map((field, index) => {
            const id = `settings-method-${index}`;
            const error = errorOf(`methods.${index}.label`);
            return (
              <li key={field.rowKey} className="grid grid-cols-[minmax(0,1fr)_auto_auto] items-start gap-3 px-3 py-2.5 sm:grid-cols-[minmax(0,1fr)_5rem_2rem]">
                <div className="min-w-0 space-y-1">
                  <Input
                    id={id}
                    aria-label={t('Payment method {{number}}', { number: index + 1 })}
                    {...invalidProps(id, error)}
                    maxLength={40}
                    {...register(`methods.${index}.label`)}
                  />
                  <p className="font-mono text-xs text-slate-500 dark:text-slate-400">{field.key}</p>
                  <FieldError id={id} error={error} />
                </div>
                <div className="flex h-10 items-center">
                  <Switch aria-label={t('Enabled: {{name}}', { name: nameOf(index) })} {...register(`methods.${index}.enabled`)} />
                </div>
                <div className="flex h-10 items-center">
                  {canWrite ? (
                    <IconButton tone="danger" label={t('Remove {{name}}', { name: nameOf(index) })} onClick={() => setRemoving(index)}>
                      <Trash2 aria-hidden />
                    </IconButton>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      <ListError id="settings-methods-error" message={listError} />
      {canWrite ? (
        <Button variant="secondary" disabled={fields.length >= MAX_METHODS} onClick={() => append(newCustomMethod())}>
          <Plus aria-hidden className="size-4" />
          {t('Add payment method')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('Remove payment method?')}
        description={t('The till stops offering it once you save. Past sales keep it.')}
        subject={removing === null ? undefined : nameOf(removing)}
        confirmLabel={t('Remove')}
        onConfirm={() => {
          if (removing !== null) remove(removing);
          setRemoving(null);
        }}
      />
    </SectionForm>
  );
}
