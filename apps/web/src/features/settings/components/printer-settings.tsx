import { Plus, Printer as PrinterIcon, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAPER_WIDTHS, PRINTER_CONNECTIONS, PRINTER_TYPES, printerSettingsSchema, type Printer, type PrinterConnection } from '@shop/contracts/settings';
import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { FormField, invalidProps, TextField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { enumLabel } from '@/lib/enum-labels';
import { useShopSettings } from '@/lib/shop-settings';
import { PrinterTestPage } from './printer-test-page';
import { ListError, SectionForm, useSectionForm } from './section-form';

/** The server keeps at most this many. */
const MAX_PRINTERS = 20;

/** How each connection reads in the list (i18n keys). */
const CONNECTION_LABELS: Record<PrinterConnection, string> = {
  network: 'Network',
  usb: 'USB on this till',
  serial: 'Serial on this till',
  browser: 'Browser print dialog',
};

function newPrinter(): Printer {
  return { id: `printer-${crypto.randomUUID().slice(0, 8)}`, name: '', ip: '', type: 'Receipt', connection: 'network', paperWidth: '80', station: '', drawer: true };
}

/**
 * Settings → Printers: each printer, how it is reached (the network, a till's USB or serial port,
 * or the browser's print dialog), its paper, a Kitchen printer's station, a Receipt printer's
 * cash drawer, and a test page; then the label size for Label printers.
 */
export function PrinterSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite, errorOf } = useSectionForm('printers', printerSettingsSchema);
  const { register, control, setValue, getValues } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'list', keyName: 'rowKey' });
  const list = useWatch({ control, name: 'list' });
  const { settings } = useShopSettings();
  const stations = settings.kitchen.stations;
  const dirty = form.formState.isDirty;

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
      dirty={dirty}
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
            const printer = list[index] ?? field;
            const name = printer.name.trim() || t('Printer {{number}}', { number: index + 1 });
            const ipError = errorOf(`list.${index}.ip`);
            // A station removed from Settings → Kitchen stays shown until another is chosen.
            const lostStation = printer.station !== '' && !stations.includes(printer.station) ? printer.station : null;
            const saved = !dirty && settings.printers.list.some((candidate) => candidate.id === printer.id);
            return (
              <li key={field.rowKey}>
                <div role="group" aria-label={t('Printer {{number}}', { number: index + 1 })} className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-800">
                  <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1.5fr)_minmax(0,0.8fr)]">
                    <FormField id={`${id}-name`} label={t('Name')} error={errorOf(`list.${index}.name`)}>
                      <Input id={`${id}-name`} {...invalidProps(`${id}-name`, errorOf(`list.${index}.name`))} maxLength={80} {...register(`list.${index}.name`)} />
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
                    <FormField id={`${id}-connection`} label={t('Connection')} error={errorOf(`list.${index}.connection`)}>
                      <Select
                        id={`${id}-connection`}
                        {...register(`list.${index}.connection`, {
                          // The address belongs to a network printer only; another keeps none.
                          onChange: (event: { target: { value: string } }) => {
                            if (event.target.value !== 'network') setValue(`list.${index}.ip`, '', { shouldDirty: true });
                          },
                        })}
                      >
                        {PRINTER_CONNECTIONS.map((connection) => (
                          <option key={connection} value={connection}>
                            {t(CONNECTION_LABELS[connection])}
                          </option>
                        ))}
                      </Select>
                    </FormField>
                    <FormField id={`${id}-paper`} label={t('Paper width')} error={errorOf(`list.${index}.paperWidth`)}>
                      <Select id={`${id}-paper`} {...register(`list.${index}.paperWidth`)}>
                        {PAPER_WIDTHS.map((width) => (
                          <option key={width} value={width}>
                            {t('{{width}} mm', { width })}
                          </option>
                        ))}
                      </Select>
                    </FormField>
                    {printer.connection === 'network' ? (
                      <FormField id={`${id}-ip`} label={t('IP address')} error={ipError}>
                        <Input
                          id={`${id}-ip`}
                          inputMode="decimal"
                          placeholder="192.168.1.50"
                          aria-required
                          {...invalidProps(`${id}-ip`, ipError)}
                          aria-describedby={ipError ? `${id}-ip-error` : `${id}-ip-hint`}
                          maxLength={60}
                          {...register(`list.${index}.ip`)}
                        />
                        {ipError ? null : (
                          <p id={`${id}-ip-hint`} className="text-xs text-slate-500 dark:text-slate-400">
                            {t('Port 9100 unless you add one: 192.168.1.50:9101')}
                          </p>
                        )}
                      </FormField>
                    ) : null}
                    {printer.type === 'Kitchen' ? (
                      <FormField id={`${id}-station`} label={t('Station')} error={errorOf(`list.${index}.station`)}>
                        <Select id={`${id}-station`} {...register(`list.${index}.station`)}>
                          <option value="">{t('Every station')}</option>
                          {stations.map((station) => (
                            <option key={station} value={station}>
                              {station}
                            </option>
                          ))}
                          {lostStation ? <option value={lostStation}>{t('{{name}} (removed)', { name: lostStation })}</option> : null}
                        </Select>
                      </FormField>
                    ) : null}
                    {printer.type === 'Receipt' ? (
                      // Beside the address, it lines up with the fields; alone on its line, it needs no room for a label.
                      <div className={printer.connection === 'network' ? 'flex items-center sm:col-span-1 sm:pt-7 lg:col-span-2' : 'flex items-center sm:col-span-2'}>
                        <CheckField id={`${id}-drawer`} label={t('A cash drawer is wired to this printer')} {...register(`list.${index}.drawer`)} />
                      </div>
                    ) : null}
                  </div>
                  <div className="flex flex-wrap items-center gap-x-5 gap-y-2 border-t border-slate-100 pt-3 dark:border-slate-800">
                    <label className="flex min-h-10 items-center gap-2 text-sm whitespace-nowrap text-slate-700 pointer-coarse:min-h-11 dark:text-slate-300">
                      <input type="radio" value={field.id} className="size-4 accent-indigo-600 pointer-coarse:size-5" {...register('default')} />
                      {t('Default')}
                    </label>
                    <div className="min-w-0 flex-1">
                      <PrinterTestPage id={`${id}-test`} printer={printer} saved={saved} />
                    </div>
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
      <fieldset className="space-y-3 border-t border-slate-200 pt-5 dark:border-slate-800">
        <legend className="float-left w-full text-sm font-medium text-slate-900 dark:text-white">{t('Label size')}</legend>
        <p className="clear-both text-sm text-slate-500 dark:text-slate-400">{t('The size of one barcode label, for Label printers and printed label sheets.')}</p>
        <div className="grid max-w-md grid-cols-2 gap-3">
          <TextField label={t('Label width (mm)')} field={form.field('label.width', 'settings-label-width', { valueAsNumber: true })} type="number" inputMode="numeric" min={20} max={110} step={1} />
          <TextField label={t('Label height (mm)')} field={form.field('label.height', 'settings-label-height', { valueAsNumber: true })} type="number" inputMode="numeric" min={15} max={100} step={1} />
        </div>
      </fieldset>
    </SectionForm>
  );
}
