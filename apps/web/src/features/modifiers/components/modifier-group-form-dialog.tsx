import { useState } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MAX_MODIFIER_OPTIONS, modifierGroupInputSchema, type ModifierGroup, type ModifierGroupInput } from '@shop/contracts/modifier';
import { Button } from '@/components/ui/button';
import { CheckField } from '@/components/ui/check-field';
import { Checkbox } from '@/components/ui/checkbox';
import { Combobox } from '@/components/ui/combobox';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FieldError, FormField, invalidProps, TextField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Spinner } from '@/components/ui/spinner';
import { recordSubmit, type RecordDialogProps, type RecordSubmit } from '@/lib/record-submit';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCategoryChoices, useProductChoices } from '../api/get-applies-to';
import { useCreateModifierGroup, useUpdateModifierGroup } from '../api/save-modifier-group';

export function ModifierGroupFormDialog({ open, record: group, onOpenChange, onSaved }: RecordDialogProps<ModifierGroup>) {
  const { t } = useTranslation();
  const submit = recordSubmit(group, {
    create: useCreateModifierGroup(),
    update: useUpdateModifierGroup(),
    texts: {
      created: (saved) => t('Created modifier group: {{name}}', { name: saved.name }),
      updated: (saved) => t('Updated modifier group: {{name}}', { name: saved.name }),
      failed: t('Save failed'),
    },
    onSaved,
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={submit.saving} title={group ? t('Edit modifier group') : t('Add modifier group')} size="xl">
      <ModifierGroupForm group={group} submit={submit} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}


/** A new group starts as a required single choice with two empty options. */
function startValues(group: ModifierGroup | null): ModifierGroupInput {
  if (!group) {
    return {
      name: '',
      name_km: '',
      selection: 'single',
      required: true,
      options: [newOption(), newOption()],
      product_ids: [],
      category_ids: [],
    };
  }
  return {
    name: group.name,
    name_km: group.name_km ?? '',
    selection: group.selection,
    required: group.required,
    // A single choice's limits follow from it; an optional group's minimum is 0.
    min: group.selection === 'multiple' && group.required ? group.min : undefined,
    max: group.selection === 'multiple' ? group.max : undefined,
    options: group.options.map((option) => ({ id: option.id, name: option.name, name_km: option.name_km ?? '', price: option.price, is_default: option.is_default })),
    product_ids: group.product_ids,
    category_ids: group.category_ids,
  };
}

function newOption() {
  return { name: '', name_km: '', price: 0, is_default: false };
}

/** Every path the server may name in a 422, in the order of the form. */
function serverFields(values: ModifierGroupInput): string[] {
  const options = values.options.flatMap((_, index) => ['name', 'name_km', 'price', 'is_default'].map((key) => `options.${index}.${key}`));
  return ['name', 'name_km', 'selection', 'required', 'min', 'max', 'options', ...options, 'category_ids', 'product_ids'];
}

/** An empty number box leaves the limit to the group's kind (modifierGroupInputSchema fills it). */
const optionalNumber = { setValueAs: (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value)) };

type Submit = RecordSubmit<ModifierGroupInput, ModifierGroup>;

function useGroupForm(group: ModifierGroup | null, submit: Submit) {
  return useSchemaForm(modifierGroupInputSchema, { defaultValues: startValues(group), serverFields, ...submit });
}
type GroupForm = ReturnType<typeof useGroupForm>;

function ModifierGroupForm({ group, submit, onCancel }: { group: ModifierGroup | null; submit: Submit; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useGroupForm(group, submit);
  const { control, register, setValue, field, fieldError } = form;
  const selection = useWatch({ control, name: 'selection' });
  const required = useWatch({ control, name: 'required' });
  const optionCount = useWatch({ control, name: 'options' }).length;

  return (
    <ModalForm onSubmit={form.submit} saving={submit.saving} onCancel={onCancel} bodyClassName="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('Name')} field={field('name', 'modifier-group-name')} maxLength={60} />
        <TextField label={t('Khmer name')} field={field('name_km', 'modifier-group-name-km')} maxLength={60} lang="km" />
      </div>

      <div className="grid items-end gap-4 sm:grid-cols-2">
        <FormField id="modifier-group-selection" label={t('Choice')} error={fieldError('selection')}>
          <Controller
            control={control}
            name="selection"
            render={({ field: selectionField }) => (
              <SegmentedControl
                label={t('Choice')}
                options={[
                  ['single', t('Single choice')],
                  ['multiple', t('Multiple choice')],
                ]}
                value={selectionField.value}
                onChange={(value) => {
                  selectionField.onChange(value);
                  // The limits follow from the kind again until set by hand.
                  setValue('min', undefined);
                  setValue('max', undefined);
                  if (value === 'single') keepOneDefault(form, -1);
                }}
              />
            )}
          />
        </FormField>
        <CheckField
          id="modifier-group-required"
          label={t('Required')}
          hint={t('The cashier must choose before adding the item.')}
          {...register('required', { onChange: () => setValue('min', undefined) })}
        />
      </div>

      {selection === 'multiple' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          {required ? (
            <TextField
              label={t('Minimum')}
              field={field('min', 'modifier-group-min', optionalNumber)}
              type="number"
              inputMode="numeric"
              min="1"
              step="1"
              placeholder="1"
            />
          ) : null}
          <TextField
            label={t('Maximum')}
            field={field('max', 'modifier-group-max', optionalNumber)}
            type="number"
            inputMode="numeric"
            min="1"
            step="1"
            placeholder={String(Math.max(optionCount, 1))}
          />
        </div>
      ) : (
        <>
          <FieldError id="modifier-group-min" error={fieldError('min')} />
          <FieldError id="modifier-group-max" error={fieldError('max')} />
        </>
      )}

      <OptionsEditor form={form} selection={selection} />

      <AppliesTo form={form} />
    </ModalForm>
  );
}

/** A single-choice group keeps one default at most: ticking one clears the others (`keep` -1 clears all but the first). */
function keepOneDefault(form: GroupForm, keep: number) {
  const options = form.getValues('options');
  const kept = keep >= 0 ? keep : options.findIndex((option) => option.is_default);
  options.forEach((option, index) => {
    if (index !== kept && option.is_default) form.setValue(`options.${index}.is_default`, false, { shouldDirty: true });
  });
}

function OptionsEditor({ form, selection }: { form: GroupForm; selection: ModifierGroupInput['selection'] }) {
  const { t } = useTranslation();
  const { control, register, fieldError } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'options', keyName: 'rowKey' });
  const options = useWatch({ control, name: 'options' });
  const nameOf = (index: number) => options[index]?.name.trim() || t('Option {{number}}', { number: index + 1 });
  const listError = fieldError('options');

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900 dark:text-white">{t('Options')}</legend>
      <div aria-hidden className="hidden grid-cols-[minmax(0,1fr)_minmax(0,1fr)_6rem_4.5rem_6.5rem] gap-2 px-3 text-xs font-medium text-slate-500 uppercase sm:grid dark:text-slate-400">
        <span>{t('Name')}</span>
        <span>{t('Khmer name')}</span>
        <span>{t('Price')}</span>
        <span>{t('Default')}</span>
      </div>
      <ol className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {fields.map((row, index) => {
          const id = `modifier-option-${index}`;
          const errors = [fieldError(`options.${index}.name`), fieldError(`options.${index}.name_km`), fieldError(`options.${index}.price`)].filter(Boolean);
          return (
            <li key={row.rowKey} className="space-y-1 px-3 py-2.5" data-testid="modifier-option-row">
              <div className="grid grid-cols-2 items-center gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_6rem_4.5rem_6.5rem]">
                <Input
                  id={`${id}-name`}
                  aria-label={t('Option {{number}} name', { number: index + 1 })}
                  maxLength={60}
                  {...invalidProps(id, fieldError(`options.${index}.name`))}
                  {...register(`options.${index}.name`)}
                />
                <Input
                  id={`${id}-name-km`}
                  lang="km"
                  aria-label={t('Option {{number}} Khmer name', { number: index + 1 })}
                  maxLength={60}
                  {...invalidProps(id, fieldError(`options.${index}.name_km`))}
                  {...register(`options.${index}.name_km`)}
                />
                <Input
                  id={`${id}-price`}
                  type="number"
                  inputMode="decimal"
                  min="0"
                  step="0.01"
                  aria-label={t('Option {{number}} price', { number: index + 1 })}
                  {...invalidProps(id, fieldError(`options.${index}.price`))}
                  {...register(`options.${index}.price`, { valueAsNumber: true })}
                />
                <label className="flex h-10 items-center gap-2 text-sm text-slate-700 pointer-coarse:h-11 dark:text-slate-300">
                  <Checkbox
                    aria-label={t('Default: {{name}}', { name: nameOf(index) })}
                    {...register(`options.${index}.is_default`, {
                      onChange: (event: { target: { checked: boolean } }) => {
                        if (event.target.checked && selection === 'single') keepOneDefault(form, index);
                      },
                    })}
                  />
                  <span className="sm:sr-only">{t('Default')}</span>
                </label>
                <div className="flex items-center justify-end gap-0.5">
                  <IconButton label={t('Move {{name}} up', { name: nameOf(index) })} disabled={index === 0} onClick={() => move(index, index - 1)}>
                    <ArrowUp aria-hidden />
                  </IconButton>
                  <IconButton label={t('Move {{name}} down', { name: nameOf(index) })} disabled={index === fields.length - 1} onClick={() => move(index, index + 1)}>
                    <ArrowDown aria-hidden />
                  </IconButton>
                  <IconButton tone="danger" label={t('Remove {{name}}', { name: nameOf(index) })} disabled={fields.length <= 1} onClick={() => remove(index)}>
                    <Trash2 aria-hidden />
                  </IconButton>
                </div>
              </div>
              <FieldError id={id} error={errors[0]} />
            </li>
          );
        })}
      </ol>
      {listError ? (
        <p id="modifier-options-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
          {listError}
        </p>
      ) : null}
      <Button variant="secondary" size="sm" disabled={fields.length >= MAX_MODIFIER_OPTIONS} onClick={() => append(newOption())}>
        <Plus aria-hidden className="size-4" />
        {t('Add option')}
      </Button>
    </fieldset>
  );
}

/** Where the group applies: whole categories (ticked), and single products (searched, then listed). */
function AppliesTo({ form }: { form: GroupForm }) {
  const { t } = useTranslation();
  const { control, fieldError } = form;
  const categories = useCategoryChoices();
  const products = useProductChoices();
  const [query, setQuery] = useState('');

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-900 dark:text-white">{t('Where it applies')}</legend>
      <Controller
        control={control}
        name="category_ids"
        render={({ field }) => {
          const chosen = field.value ?? [];
          return (
            <div className="space-y-1.5">
              <Label>{t('Categories')}</Label>
              {categories.data ? (
                categories.data.data.length === 0 ? (
                  <p className="text-sm text-slate-500 dark:text-slate-400">{t('No categories found.')}</p>
                ) : (
                  <ul className="grid max-h-40 gap-x-4 gap-y-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-3 dark:border-slate-800">
                    {categories.data.data.map((category) => (
                      <li key={category.id}>
                        <label className="flex min-h-8 items-center gap-2 text-sm text-slate-700 pointer-coarse:min-h-11 dark:text-slate-300">
                          <Checkbox
                            checked={chosen.includes(category.id)}
                            onChange={(event) => field.onChange(event.target.checked ? [...chosen, category.id] : chosen.filter((id) => id !== category.id))}
                          />
                          {category.name}
                        </label>
                      </li>
                    ))}
                  </ul>
                )
              ) : categories.isError ? (
                <LoadFailed onRetry={() => void categories.refetch()} />
              ) : (
                <Spinner label={t('Loading…')} />
              )}
              <FieldError id="modifier-group-categories" error={fieldError('category_ids')} />
            </div>
          );
        }}
      />
      <Controller
        control={control}
        name="product_ids"
        render={({ field }) => {
          const chosen = field.value ?? [];
          const all = products.data ?? [];
          const needle = query.trim().toLowerCase();
          const matches = all
            .filter((product) => !chosen.includes(product.id))
            .filter((product) => !needle || product.name.toLowerCase().includes(needle) || product.sku.toLowerCase().includes(needle))
            .slice(0, 50);
          const nameOf = (id: number) => all.find((product) => product.id === id)?.name ?? `#${id}`;
          return (
            <FormField id="modifier-group-products" label={t('Products')} error={fieldError('product_ids')}>
              {chosen.length > 0 ? (
                <ul className="flex flex-wrap gap-1.5" aria-label={t('Chosen products')}>
                  {chosen.map((id) => (
                    <li key={id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-2.5 text-sm text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                      {nameOf(id)}
                      <IconButton label={t('Remove {{name}}', { name: nameOf(id) })} className="size-6 pointer-coarse:size-11" onClick={() => field.onChange(chosen.filter((chosenId) => chosenId !== id))}>
                        <X aria-hidden />
                      </IconButton>
                    </li>
                  ))}
                </ul>
              ) : null}
              {products.isError ? (
                <LoadFailed onRetry={() => void products.refetch()} />
              ) : (
                <Combobox
                  id="modifier-group-products"
                  selected={null}
                  options={matches.map((product) => ({ value: product.id, label: product.name, description: product.sku }))}
                  onSelect={(option) => field.onChange([...chosen, option.value])}
                  onQueryChange={setQuery}
                  loading={products.isLoading}
                  placeholder={t('Add a product…')}
                  emptyText={t('No products found.')}
                  {...invalidProps('modifier-group-products', fieldError('product_ids'))}
                />
              )}
            </FormField>
          );
        }}
      />
    </fieldset>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-red-600 dark:text-red-400">
      {t('Failed to load')}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('Retry')}
      </Button>
    </div>
  );
}
