import { Plus, Printer as PrinterIcon, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PRINTER_TYPES, printerSettingsSchema, type Printer } from '@shop/contracts/settings';
import { Button } from '@/components/ui/button';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ListError, SectionForm, useSectionForm } from './section-form';
import { enumLabel } from '@/lib/enum-labels';

/** The server keeps at most this many. */
const MAX_PRINTERS = 20;

function newPrinter(): Printer {
  return { id: `printer-${crypto.randomUUID().slice(0, 8)}`, name: '', ip: '', type: 'Receipt', connection: 'network', paperWidth: '80', station: '', drawer: true };
}

export function PrinterSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite, errorOf } = useSectionForm('printers', printerSettingsSchema);
  const { register, control, setValue, getValues } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'list', keyName: 'rowKey' });
  const list = useWatch({ control, name: 'list' });

  function addPrinter() {
    const printer = newPrinter();
    append(printer);
    // The first printer is the one receipts go to until another is chosen.
    if (getValues('default') === null) setValue('default', printer.id, { shouldDirty: true });
  }

  function removePrinter(index: number) {
    const id = fields[index]?.id;
    remove(index);
    if (getValues('default') === id) setValue('default', getValues('list')[0]?.id ?? null, { shouldDirty: true });
  }

  return (
    <SectionForm
      title={t('Printers')}
      description={t('Receipt, kitchen and label printers on the shop network.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={form.formState.isDirty}
    >
      {fields.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
          <PrinterIcon aria-hidden className="size-6 text-slate-400" />
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('No printers yet.')}</p>
        </div>
      ) : (
        <ul className="space-y-3">
          {fields.map((field, index) => {
            const id = `settings-printer-${index}`;
            const name = list[index]?.name.trim() || t('Printer {{number}}', { number: index + 1 });
            return (
              <li key={field.rowKey}>
                <div
                  role="group"
                  aria-label={t('Printer {{number}}', { number: index + 1 })}
                  className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem] lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem_auto_auto] lg:items-start dark:border-slate-800"
                >
                  <FormField id={`${id}-name`} label={t('Name')} error={errorOf(`list.${index}.name`)}>
                    <Input id={`${id}-name`} {...invalidProps(`${id}-name`, errorOf(`list.${index}.name`))} maxLength={80} {...register(`list.${index}.name`)} />
                  </FormField>
                  <FormField id={`${id}-ip`} label={t('IP address')} error={errorOf(`list.${index}.ip`)}>
                    <Input
                      id={`${id}-ip`}
                      inputMode="decimal"
                      placeholder="192.168.1.50"
                      {...invalidProps(`${id}-ip`, errorOf(`list.${index}.ip`))}
                      maxLength={60}
                      {...register(`list.${index}.ip`)}
                    />
                  </FormField>
                  <FormField id={`${id}-type`} label={t('Type')} error={errorOf(`list.${index}.type`)}>
                    <Select id={`${id}-type`} {...register(`list.${index}.type`)}>
                      {PRINTER_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {enumLabel('printerType', type, t)}
                        </option>
                      ))}
                    </Select>
                  </FormField>
                  <label className="flex h-10 items-center gap-2 text-sm whitespace-nowrap text-slate-700 lg:mt-7 dark:text-slate-300">
                    <input type="radio" value={field.id} className="size-4 accent-indigo-600" {...register('default')} />
                    {t('Default')}
                  </label>
                  <div className="flex h-10 items-center lg:mt-7">
                    {canWrite ? (
                      <IconButton tone="danger" label={t('Remove {{name}}', { name })} onClick={() => removePrinter(index)}>
                        <Trash2 aria-hidden />
                      </IconButton>
                    ) : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ListError id="settings-printers-error" message={errorOf('default') ?? errorOf('list')} />
      {canWrite ? (
        <Button variant="secondary" disabled={fields.length >= MAX_PRINTERS} onClick={addPrinter}>
          <Plus aria-hidden className="size-4" />
          {t('Add printer')}
        </Button>
      ) : null}
    </SectionForm>
  );
}
