import { useRef, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useFieldArray, useForm, useWatch, type Control, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { fromCents, lineTotalCents, sumCents, toCents } from '@shop/contracts/money';
import { supplyInputSchema, type SupplyInput } from '@shop/contracts/supply';
import { ProductPicker } from '@/components/product-picker/product-picker';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormDateField } from '@/components/ui/date-field';
import { FieldError, fieldErrorId, FormField, invalidProps } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { PageTitle } from '@/components/ui/page-title';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { formatMoney, shopToday } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { useCan } from '@/lib/permissions';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useCreateSupply } from '../api/create-supply';
import { useSupplierOptions } from '../api/get-supplier-options';

/** What the inputs hold, as typed; `toSupplyInput` turns it into the call's body. */
type LineValues = {
  product_id: number | null;
  supply_quantity: string;
  unit_price: string;
  expire_date: string;
  received_date: string;
  notes: string;
};
type FormValues = { supplier_id: string; invoice_id: string; invoice_date: string; items: LineValues[] };

const emptyLine = (): LineValues => ({ product_id: null, supply_quantity: '1', unit_price: '', expire_date: '', received_date: '', notes: '' });

/** An empty number input is no number at all (not 0), so the schema refuses it with its required message. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const toId = (text: string) => (text === '' ? Number.NaN : Number(text));

function toSupplyInput(values: FormValues): SupplyInput {
  return {
    supplier_id: toId(values.supplier_id),
    invoice_id: values.invoice_id,
    invoice_date: values.invoice_date,
    items: values.items.map((line) => ({
      product_id: line.product_id ?? Number.NaN,
      supply_quantity: toNumber(line.supply_quantity),
      unit_price: toNumber(line.unit_price),
      expire_date: line.expire_date,
      received_date: line.received_date,
      notes: line.notes,
    })),
  };
}

/** Qty × unit price in cents; 0 while either is not a usable number yet. */
function lineTotal(line: Pick<LineValues, 'supply_quantity' | 'unit_price'> | undefined): number {
  const quantity = toNumber(line?.supply_quantity ?? '');
  const price = toNumber(line?.unit_price ?? '');
  if (!Number.isFinite(quantity) || !Number.isFinite(price)) return 0;
  return lineTotalCents(quantity, toCents(price));
}

const SERVER_PROBLEM_ID = 'create-supply-problem';

/**
 * Product, Qty, Unit Price, Line Total, Expire, Received, Notes, remove. The numbers take
 * 1,000,000 or 9999.99 and a date its calendar button; product and notes share the rest.
 */
const COLUMN_WIDTHS = ['', 'w-28', 'w-28', 'w-28', 'w-40', 'w-40', '', 'w-16'];
/** Where the message for a supply without lines is (FieldError names it after this id). */
const ITEMS_ID = 'create-supply-items';

type HeaderField = 'supplier_id' | 'invoice_id' | 'invoice_date';
const HEADER_IDS: Record<HeaderField, string> = { supplier_id: 'supply-supplier', invoice_id: 'supply-invoice', invoice_date: 'supply-invoice-date' };
const HEADER_FIELDS = Object.keys(HEADER_IDS) as HeaderField[];
const LINE_FIELDS = ['product_id', 'supply_quantity', 'unit_price', 'expire_date', 'received_date', 'notes'] as const;

const checkSupply = zodResolver(supplyInputSchema);

/**
 * The form is checked by the schema the server uses, on what the inputs hold turned into the
 * call's body. Every failing field gets its message at once (the first one per field, in the
 * schema's order), and after a refused save each field is checked again as it changes.
 */
const resolver: Resolver<FormValues> = async (values, context, options) => {
  const result = await checkSupply(toSupplyInput(values), context, options as unknown as Parameters<typeof checkSupply>[2]);
  const errors = result.errors as FieldErrors<FormValues>;
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** A line field's control id; its message is `${id}-error`. */
const lineFieldId = (index: number, field: keyof LineValues) => `supply-line-${index}-${field}`;

export function CreateSupplyPage() {
  const { t } = useTranslation();
  const canWrite = useCan('purchasing:manage');
  return (
    <section>
      <PageTitle title={t('Create Supply')} />
      {canWrite ? <CreateSupplyForm /> : <AlertBanner>{t("Forbidden — you don't have permission.")}</AlertBanner>}
    </section>
  );
}

function CreateSupplyForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const suppliers = useSupplierOptions();
  useLoadErrorToast(suppliers.error, suppliers.errorUpdatedAt, t('Failed to load suppliers/products'), t);
  const create = useCreateSupply();
  const saving = create.isPending;
  const { timezone } = useShopSettings().settings.localization;
  /** A refusal of the server that names no field of the form. */
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const addLineRef = useRef<HTMLButtonElement>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<FormValues>({
    resolver,
    defaultValues: { supplier_id: '', invoice_id: '', invoice_date: shopToday(new Date(), timezone), items: [emptyLine()] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const lines = useWatch({ control, name: 'items' });
  const subtotalCents = sumCents(lines.map(lineTotal));

  /** The translated message on a form path, if it has one (a list's own message sits on its `root`). */
  const errorAt = (path: string): string | undefined => {
    const error: unknown = get(errors, path);
    const own = messageOf(error) ?? messageOf(get(errors, `${path}.root`));
    return own ? t(own) : undefined;
  };
  const itemsError = errorAt('items');

  function save(values: FormValues) {
    setServerProblem(null);
    // The resolver has passed these values, so the schema gives the body.
    const { supplier_id, invoice_id, invoice_date, items } = supplyInputSchema.parse(toSupplyInput(values));
    create.mutate(
      { supplier_id, invoice_id, invoice_date, items },
      {
        onSuccess: () => {
          toast.success(t('✅ Supply created successfully!'));
          void navigate('/supplies');
        },
        onError: (error) => {
          // What was typed stays as it was, so the user can fix it and save again.
          const linePaths = getValues('items').flatMap((_, index) => LINE_FIELDS.map((field) => `items.${index}.${field}` as const));
          const onFields = applyServerFieldErrors(error, setError, [...HEADER_FIELDS, ...linePaths]);
          const message = failureText(error, t('Failed to create supply'), t);
          if (!message) return;
          toast.error(message);
          if (!onFields) setServerProblem(message);
        },
      },
    );
  }

  function refused(invalid: FieldErrors<FormValues>) {
    setServerProblem(null);
    // With no line there is no field to go to: the button that adds one is next.
    if (Object.keys(invalid).length === 1 && invalid.items && !Array.isArray(invalid.items)) addLineRef.current?.focus();
  }

  function cancel() {
    // Back to where the user came from; straight to the list when this page was opened directly.
    if (location.key === 'default') void navigate('/supplies');
    else void navigate(-1);
  }

  const headerField = (field: HeaderField) => ({ id: HEADER_IDS[field], ...invalidProps(HEADER_IDS[field], errorAt(field)) });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(save, refused)(event)} aria-busy={saving}>
      <fieldset disabled={saving} className="space-y-6">
        {serverProblem ? (
          <div id={SERVER_PROBLEM_ID}>
            <AlertBanner>{serverProblem}</AlertBanner>
          </div>
        ) : null}

        <Card className="grid gap-4 p-5 sm:grid-cols-2 lg:grid-cols-3">
          <FormField id={HEADER_IDS.supplier_id} label={t('Supplier')} error={errorAt('supplier_id')}>
            <Select {...headerField('supplier_id')} {...register('supplier_id')}>
              <option value="">{suppliers.isPending ? t('Loading…') : t('Select a supplier')}</option>
              {suppliers.data?.map((supplier) => (
                <option key={supplier.id} value={supplier.id}>
                  {supplier.name} ({supplier.code})
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={HEADER_IDS.invoice_id} label={t('Invoice ID')} error={errorAt('invoice_id')}>
            <Input autoComplete="off" {...headerField('invoice_id')} {...register('invoice_id')} />
          </FormField>
          <FormField id={HEADER_IDS.invoice_date} label={t('Invoice Date')} error={errorAt('invoice_date')}>
            <FormDateField control={control} name="invoice_date" {...headerField('invoice_date')} />
          </FormField>
        </Card>

        <Card className="@container">
          {/*
            A real table where the form is wide enough for every column; narrower (a tablet, or
            beside the sidebar on a small laptop) each line is a card of labelled fields. No
            scroll container around it: that would clip the product picker's list.
          */}
          <table aria-label={t('Supply lines')} className="w-full text-left text-sm @max-[64rem]:block @min-[64rem]:table-fixed">
            <colgroup className="@max-[64rem]:hidden">
              {COLUMN_WIDTHS.map((width, index) => (
                <col key={index} className={width} />
              ))}
            </colgroup>
            <thead className="border-b border-slate-200 bg-slate-50/80 @max-[64rem]:hidden dark:border-slate-800 dark:bg-slate-800/40">
              <tr>
                {[t('Product'), t('Qty'), t('Unit Price'), t('Line Total'), t('Expire'), t('Received'), t('Notes')].map((label, index) => (
                  <th
                    key={label}
                    scope="col"
                    className={cn(
                      'px-1.5 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-4 dark:text-slate-400',
                      index === 3 && 'text-right',
                    )}
                  >
                    {label}
                  </th>
                ))}
                <th scope="col" className="pr-4">
                  <span className="sr-only">{t('Remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 @max-[64rem]:block @max-[64rem]:space-y-3 @max-[64rem]:divide-y-0 @max-[64rem]:p-4 dark:divide-slate-800">
              {fields.map((field, index) => (
                <LineRow
                  key={field.id}
                  index={index}
                  control={control}
                  register={register}
                  errorAt={errorAt}
                  total={fromCents(lineTotal(lines[index]))}
                  onRemove={() => remove(index)}
                />
              ))}
              {fields.length === 0 ? (
                <tr className="@max-[64rem]:block">
                  <td colSpan={8} className="px-4 py-8 text-center @max-[64rem]:block">
                    <p className="text-slate-500 dark:text-slate-400">{t('No lines yet. Add a line for each product received.')}</p>
                    <FieldError id={ITEMS_ID} error={itemsError} className="mt-1" />
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
            <Button
              ref={addLineRef}
              variant="secondary"
              {...(itemsError ? { 'aria-describedby': fieldErrorId(ITEMS_ID) } : {})}
              onClick={() => append(emptyLine(), { focusName: `items.${fields.length}.product_id` })}
            >
              <Plus aria-hidden className="size-4" />
              {t('Add Line')}
            </Button>
            <p className="flex items-baseline gap-3 text-sm">
              <span className="text-slate-500 dark:text-slate-400">{t('Subtotal')}</span>
              <span className="text-lg font-semibold text-slate-900 tabular-nums dark:text-white">{formatMoney(fromCents(subtotalCents))}</span>
            </p>
          </div>
        </Card>

        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={cancel}>
            {t('Cancel')}
          </Button>
          <Button type="submit">{saving ? t('Saving…') : t('Save Supply')}</Button>
        </div>
      </fieldset>
    </form>
  );
}

function messageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('message' in error)) return undefined;
  return typeof error.message === 'string' && error.message ? error.message : undefined;
}

/** How many matches a line's product picker lists for what was typed. */
const SUPPLY_PRODUCT_OPTIONS_LIMIT = 50;

type LineRowProps = {
  index: number;
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
  errorAt: (path: string) => string | undefined;
  total: number;
  onRemove: () => void;
};

/** The cells stack into a card of labelled fields while the form is narrow (see the table). */
function LineRow({ index, control, register, errorAt, total, onRemove }: LineRowProps) {
  const { t } = useTranslation();
  const line = index + 1;

  const id = (field: keyof LineValues) => lineFieldId(index, field);
  const name = <Field extends keyof LineValues>(field: Field) => `items.${index}.${field}` as const;
  const error = (field: keyof LineValues) => errorAt(name(field));
  const invalid = (field: keyof LineValues) => invalidProps(id(field), error(field));
  /** Shown above the field in a card; in the table the column header says it. */
  const label = (field: keyof LineValues, text: string) => (
    <label htmlFor={id(field)} className="mb-1.5 block text-xs font-medium text-slate-600 @min-[64rem]:sr-only dark:text-slate-400">
      {text}{' '}
      <span className="sr-only">{t('(line {{line}})', { line })}</span>
    </label>
  );
  const message = (field: keyof LineValues) => <FieldError id={id(field)} error={error(field)} className="mt-1 text-xs" />;
  const cell = 'px-1.5 py-2.5 align-top @max-[64rem]:block @max-[64rem]:min-w-0 @max-[64rem]:p-0';

  return (
    <tr
      className={cn(
        '@max-[64rem]:grid @max-[64rem]:grid-cols-2 @max-[64rem]:gap-3 @max-[64rem]:rounded-lg @max-[64rem]:border @max-[64rem]:border-slate-200 @max-[64rem]:p-4',
        '@max-[64rem]:dark:border-slate-700 @min-[36rem]:@max-[64rem]:grid-cols-6',
      )}
    >
      <td className={cn(cell, '@min-[64rem]:pl-4 @max-[64rem]:col-span-full')}>
        {label('product_id', t('Product'))}
        <ProductPicker
          id={id('product_id')}
          control={control}
          name={name('product_id')}
          limit={SUPPLY_PRODUCT_OPTIONS_LIMIT}
          loadErrorText={t('Failed to load suppliers/products')}
          {...invalid('product_id')}
        />
        {message('product_id')}
      </td>
      <td className={cn(cell, '@min-[36rem]:@max-[64rem]:col-span-2')}>
        {label('supply_quantity', t('Qty'))}
        <Input
          id={id('supply_quantity')}
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          className="px-2.5 tabular-nums"
          {...invalid('supply_quantity')}
          {...register(name('supply_quantity'))}
        />
        {message('supply_quantity')}
      </td>
      <td className={cn(cell, '@min-[36rem]:@max-[64rem]:col-span-2')}>
        {label('unit_price', t('Unit Price'))}
        <Input
          id={id('unit_price')}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="0.00"
          className="px-2.5 tabular-nums"
          {...invalid('unit_price')}
          {...register(name('unit_price'))}
        />
        {message('unit_price')}
      </td>
      <td className={cn(cell, '@min-[64rem]:text-right @max-[64rem]:col-span-full @min-[36rem]:@max-[64rem]:col-span-2')}>
        <span aria-hidden className="mb-1.5 block text-xs font-medium text-slate-600 @min-[64rem]:hidden dark:text-slate-400">
          {t('Line Total')}
        </span>
        {/* A long total wraps inside its cell rather than running under the next field. */}
        <span className="block font-medium break-all text-slate-900 tabular-nums @min-[64rem]:pt-2.5 @max-[64rem]:leading-10 dark:text-white">
          {formatMoney(total)}
        </span>
      </td>
      <td className={cn(cell, '@min-[36rem]:@max-[64rem]:col-span-3')}>
        {label('expire_date', t('Expire'))}
        <FormDateField id={id('expire_date')} control={control} name={name('expire_date')} {...invalid('expire_date')} />
        {message('expire_date')}
      </td>
      <td className={cn(cell, '@min-[36rem]:@max-[64rem]:col-span-3')}>
        {label('received_date', t('Received'))}
        <FormDateField id={id('received_date')} control={control} name={name('received_date')} {...invalid('received_date')} />
        {message('received_date')}
      </td>
      <td className={cn(cell, '@max-[64rem]:col-span-full @min-[36rem]:@max-[64rem]:col-span-5')}>
        {label('notes', t('Notes'))}
        <Input id={id('notes')} autoComplete="off" {...invalid('notes')} {...register(name('notes'))} />
        {message('notes')}
      </td>
      <td className={cn(cell, 'text-right @min-[64rem]:pr-4 @max-[64rem]:col-span-full @max-[64rem]:self-end @min-[36rem]:@max-[64rem]:col-span-1')}>
        <IconButton tone="danger" size="lg" className="@min-[64rem]:size-10" label={t('Remove line {{line}}', { line })} onClick={onRemove}>
          <Trash2 aria-hidden />
        </IconButton>
      </td>
    </tr>
  );
}
