import { useRef, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { fromCents, lineTotalCents, sumCents, toCents } from '@shop/contracts/money';
import { supplyInputSchema, type SupplyInput } from '@shop/contracts/supply';
import { ProductPicker } from '@/components/product-picker/product-picker';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { PageTitle } from '@/components/ui/page-title';
import { Select } from '@/components/ui/select';
import { ApiError } from '@/lib/api-client';
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

/** The one message the form refuses with, and the field it is about (a form path, e.g. `items.0.unit_price`). */
type Problem = { message: string; path: string | null };

const PROBLEM_ID = 'create-supply-problem';

/** Product, Qty, Unit Price, Line Total, Expire, Received, Notes, remove: fits a 1280 px screen beside the sidebar. */
const COLUMN_WIDTHS = ['w-[25%]', 'w-[8%]', 'w-[10%]', 'w-[9%]', 'w-[14.5%]', 'w-[14.5%]', 'w-[15%]', 'w-[4%]'];

type HeaderField = 'supplier_id' | 'invoice_id' | 'invoice_date';
const HEADER_IDS: Record<HeaderField, string> = { supplier_id: 'supply-supplier', invoice_id: 'supply-invoice', invoice_date: 'supply-invoice-date' };
const HEADER_FIELDS = Object.keys(HEADER_IDS) as HeaderField[];

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
  const [problem, setProblem] = useState<Problem | null>(null);
  const addLineRef = useRef<HTMLButtonElement>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<FormValues>({
    defaultValues: { supplier_id: '', invoice_id: '', invoice_date: shopToday(new Date(), timezone), items: [emptyLine()] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const lines = useWatch({ control, name: 'items' });
  const subtotalCents = sumCents(lines.map(lineTotal));

  function refuse(message: string, path: string | null) {
    setProblem({ message, path });
    if (path === 'items') addLineRef.current?.focus();
    else if (path) setFocus(path as Parameters<typeof setFocus>[0]);
  }

  function submit(values: FormValues) {
    clearErrors();
    // The checks run in order (docs/screens.md, "Purchasing") and the first failing one is the message. The schema
    // checks fields, lines and line fields in that same order, so its first issue is that one.
    const parsed = supplyInputSchema.safeParse(toSupplyInput(values));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      refuse(issue ? t(issue.message) : t('Failed to create supply'), issue ? issue.path.join('.') : null);
      return;
    }
    setProblem(null);
    const { supplier_id, invoice_id, invoice_date, items } = parsed.data;
    create.mutate(
      { supplier_id, invoice_id, invoice_date, items },
      {
        onSuccess: () => {
          toast.success(t('✅ Supply created successfully!'));
          void navigate('/supplies');
        },
        onError: (error) => {
          // What was typed stays as it was, so the user can fix it and save again.
          applyServerFieldErrors(error, setError, HEADER_FIELDS);
          const message = failureText(error, t('Failed to create supply'), t);
          if (!message) return;
          toast.error(message);
          const path = error instanceof ApiError && error.errors ? (Object.keys(error.errors)[0] ?? null) : null;
          setProblem({ message, path });
        },
      },
    );
  }

  function cancel() {
    // Back to where the user came from; straight to the list when this page was opened directly.
    if (location.key === 'default') void navigate('/supplies');
    else void navigate(-1);
  }

  /** The failing field points at the message above the form. */
  const invalidAt = (path: string) => (problem?.path === path ? { 'aria-invalid': true as const, 'aria-describedby': PROBLEM_ID } : {});
  /** A header field shows the server's own message for it (e.g. a taken invoice ID) under itself. */
  const serverError = (field: HeaderField) => {
    const message = errors[field]?.message;
    return message ? t(message) : undefined;
  };
  const headerField = (field: HeaderField) => {
    const message = serverError(field);
    return {
      id: HEADER_IDS[field],
      ...(message ? invalidProps(HEADER_IDS[field], message) : invalidAt(field)),
      ...register(field),
    };
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)} aria-busy={saving}>
      <fieldset disabled={saving} className="space-y-6">
        {problem ? (
          <div id={PROBLEM_ID}>
            <AlertBanner>{problem.message}</AlertBanner>
          </div>
        ) : null}

        <Card className="grid gap-4 p-5 sm:grid-cols-3">
          <FormField id={HEADER_IDS.supplier_id} label={t('Supplier')} error={serverError('supplier_id')}>
            <Select {...headerField('supplier_id')}>
              <option value="">{suppliers.isPending ? t('Loading…') : t('Select a supplier')}</option>
              {suppliers.data?.map((supplier) => (
                <option key={supplier.id} value={supplier.id}>
                  {supplier.name} ({supplier.code})
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id={HEADER_IDS.invoice_id} label={t('Invoice ID')} error={serverError('invoice_id')}>
            <Input autoComplete="off" {...headerField('invoice_id')} />
          </FormField>
          <FormField id={HEADER_IDS.invoice_date} label={t('Invoice Date')} error={serverError('invoice_date')}>
            <Input type="date" {...headerField('invoice_date')} />
          </FormField>
        </Card>

        <Card>
          {/*
            A real table on wide screens; below xl each line stacks its labelled fields. No scroll
            container around it: that would clip the product picker's list.
          */}
          <table aria-label={t('Supply lines')} className="w-full text-left text-sm max-xl:block xl:table-fixed">
            <colgroup className="max-xl:hidden">
              {COLUMN_WIDTHS.map((width, index) => (
                <col key={index} className={width} />
              ))}
            </colgroup>
            <thead className="border-b border-slate-200 bg-slate-50/80 max-xl:hidden dark:border-slate-800 dark:bg-slate-800/40">
              <tr>
                {[t('Product'), t('Qty'), t('Unit Price'), t('Line Total'), t('Expire'), t('Received'), t('Notes')].map((label, index) => (
                  <th
                    key={label}
                    scope="col"
                    className={cn(
                      'px-2 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase first:pl-4 dark:text-slate-400',
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
            <tbody className="divide-y divide-slate-100 max-xl:block dark:divide-slate-800">
              {fields.map((field, index) => (
                <LineRow
                  key={field.id}
                  index={index}
                  control={control}
                  register={register}
                  invalidAt={invalidAt}
                  total={fromCents(lineTotal(lines[index]))}
                  onRemove={() => remove(index)}
                />
              ))}
              {fields.length === 0 ? (
                <tr className="max-xl:block">
                  <td colSpan={8} className="px-4 py-8 text-center text-slate-500 max-xl:block dark:text-slate-400">
                    {t('No lines yet. Add a line for each product received.')}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
            <Button
              ref={addLineRef}
              variant="secondary"
              {...(problem?.path === 'items' ? { 'aria-describedby': PROBLEM_ID } : {})}
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

/** How many matches a line's product picker lists for what was typed. */
const SUPPLY_PRODUCT_OPTIONS_LIMIT = 50;

type LineRowProps = {
  index: number;
  control: Control<FormValues>;
  register: UseFormRegister<FormValues>;
  invalidAt: (path: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  total: number;
  onRemove: () => void;
};

function LineRow({ index, control, register, invalidAt, total, onRemove }: LineRowProps) {
  const { t } = useTranslation();
  const line = index + 1;

  const id = (field: keyof LineValues) => `supply-line-${index}-${field}`;
  const name = <Field extends keyof LineValues>(field: Field) => `items.${index}.${field}` as const;
  /** Shown above the field when the line is stacked; on a wide screen the column header says it. */
  const label = (field: keyof LineValues, text: string) => (
    <label htmlFor={id(field)} className="mb-1.5 block text-xs font-medium text-slate-600 xl:sr-only dark:text-slate-400">
      {text}{' '}
      <span className="sr-only">{t('(line {{line}})', { line })}</span>
    </label>
  );
  const cell = 'px-2 py-2.5 align-top max-xl:block max-xl:p-0';

  return (
    <tr className="max-xl:grid max-xl:grid-cols-2 max-xl:gap-3 max-xl:p-4 sm:max-xl:grid-cols-4">
      <td className={cn(cell, 'xl:pl-4 max-xl:col-span-2 sm:max-xl:col-span-4')}>
        {label('product_id', t('Product'))}
        <ProductPicker
          id={id('product_id')}
          control={control}
          name={name('product_id')}
          limit={SUPPLY_PRODUCT_OPTIONS_LIMIT}
          loadErrorText={t('Failed to load suppliers/products')}
          {...invalidAt(name('product_id'))}
        />
      </td>
      <td className={cell}>
        {label('supply_quantity', t('Qty'))}
        <Input
          id={id('supply_quantity')}
          type="number"
          inputMode="numeric"
          min="1"
          step="1"
          {...invalidAt(name('supply_quantity'))}
          {...register(name('supply_quantity'))}
        />
      </td>
      <td className={cell}>
        {label('unit_price', t('Unit Price'))}
        <Input
          id={id('unit_price')}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder="0.00"
          {...invalidAt(name('unit_price'))}
          {...register(name('unit_price'))}
        />
      </td>
      <td className={cn(cell, 'xl:text-right')}>
        <span aria-hidden className="mb-1.5 block text-xs font-medium text-slate-600 xl:hidden dark:text-slate-400">
          {t('Line Total')}
        </span>
        <span className="inline-block font-medium text-slate-900 tabular-nums xl:pt-2.5 max-xl:leading-10 dark:text-white">{formatMoney(total)}</span>
      </td>
      <td className={cell}>
        {label('expire_date', t('Expire'))}
        <Input id={id('expire_date')} type="date" {...invalidAt(name('expire_date'))} {...register(name('expire_date'))} />
      </td>
      <td className={cell}>
        {label('received_date', t('Received'))}
        <Input id={id('received_date')} type="date" {...invalidAt(name('received_date'))} {...register(name('received_date'))} />
      </td>
      <td className={cn(cell, 'sm:max-xl:col-span-2')}>
        {label('notes', t('Notes'))}
        <Input id={id('notes')} autoComplete="off" {...invalidAt(name('notes'))} {...register(name('notes'))} />
      </td>
      <td className={cn(cell, 'text-right xl:pr-4 max-xl:col-span-2 max-xl:self-end sm:max-xl:col-span-1')}>
        <IconButton tone="danger" className="xl:mt-1" label={t('Remove line {{line}}', { line })} onClick={onRemove}>
          <Trash2 aria-hidden />
        </IconButton>
      </td>
    </tr>
  );
}
