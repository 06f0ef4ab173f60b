import { ArrowDown, ArrowUp, X } from 'lucide-react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ModifierGroup } from '@shop/contracts/modifier';
import { Button } from '@/components/ui/button';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useAllModifierGroups } from '@/lib/modifier-groups';

type PickerGroup = Pick<ModifierGroup, 'id' | 'name' | 'name_km'>;

type ModifierGroupPickerProps = {
  id: string;
  /** Every group the shop has, to choose from. */
  groups: PickerGroup[];
  /** The chosen groups' ids, in the order the till asks them. */
  value: number[];
  onChange: (ids: number[]) => void;
  /** Groups that apply anyway (a product's category's): shown, not chosen again. */
  inherited?: PickerGroup[];
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * The ordered choice of modifier groups on the product and category forms: a select adds one,
 * each chosen group moves up or down or goes. A product shows its category's groups above,
 * read-only, so the manager sees everything the till will ask.
 */
export function ModifierGroupPicker({ id, groups, value, onChange, inherited = [], ...aria }: ModifierGroupPickerProps) {
  const { t } = useTranslation();
  const byId = new Map(groups.map((group) => [group.id, group]));
  const inheritedIds = new Set(inherited.map((group) => group.id));
  const addable = groups.filter((group) => !value.includes(group.id) && !inheritedIds.has(group.id));

  function move(index: number, by: -1 | 1) {
    const next = [...value];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    onChange(next);
  }

  return (
    <div className="space-y-2">
      {inherited.length > 0 ? (
        <div className="rounded-md bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800/60" data-testid={`${id}-inherited`}>
          <p className="text-slate-500 dark:text-slate-400">{t('From the category')}</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {inherited.map((group) => (
              <li key={group.id} className="rounded-full bg-white px-2 py-0.5 text-slate-700 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700">
                <GroupName group={group} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {value.length > 0 ? (
        <ol className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label={t('Chosen modifier groups')}>
          {value.map((groupId, index) => {
            const group = byId.get(groupId);
            const name = group?.name ?? `#${groupId}`;
            return (
              <li key={groupId} className="flex items-center gap-2 py-1 pr-1 pl-3 text-sm">
                <span className="min-w-0 flex-1 truncate text-slate-900 dark:text-white">{group ? <GroupName group={group} /> : name}</span>
                <IconButton label={t('Move {{name}} up', { name })} disabled={index === 0} onClick={() => move(index, -1)}>
                  <ArrowUp aria-hidden />
                </IconButton>
                <IconButton label={t('Move {{name}} down', { name })} disabled={index === value.length - 1} onClick={() => move(index, 1)}>
                  <ArrowDown aria-hidden />
                </IconButton>
                <IconButton label={t('Remove {{name}}', { name })} tone="danger" onClick={() => onChange(value.filter((chosen) => chosen !== groupId))}>
                  <X aria-hidden />
                </IconButton>
              </li>
            );
          })}
        </ol>
      ) : null}
      <Select
        id={id}
        value=""
        disabled={addable.length === 0}
        onChange={(event) => {
          const picked = Number(event.target.value);
          if (picked) onChange([...value, picked]);
        }}
        {...aria}
      >
        <option value="">{addable.length === 0 ? t('No more modifier groups') : t('Add a modifier group…')}</option>
        {addable.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name_km ? `${group.name} · ${group.name_km}` : group.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

function GroupName({ group }: { group: PickerGroup }) {
  return (
    <>
      {group.name}
      {group.name_km ? <span className="ml-1 text-slate-500 dark:text-slate-400">{group.name_km}</span> : null}
    </>
  );
}

type ModifierGroupsFieldProps<Values extends FieldValues> = {
  id: string;
  control: Control<Values>;
  /** The form's field holding the ids (`modifier_group_ids`). */
  name: Path<Values>;
  error?: string;
  /** The ids of groups that apply anyway (the product's category's). */
  inheritedIds?: readonly number[];
};

/** The "Modifier groups" field of the product and category forms: loads every group, then the picker. */
export function ModifierGroupsField<Values extends FieldValues>({ id, control, name, error, inheritedIds = [] }: ModifierGroupsFieldProps<Values>) {
  const { t } = useTranslation();
  const groups = useAllModifierGroups();
  const all = groups.data?.data ?? [];
  const inherited = inheritedIds.flatMap((groupId) => all.filter((group) => group.id === groupId));
  return (
    <FormField id={id} label={t('Modifier groups')} error={error}>
      {groups.data ? (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <ModifierGroupPicker
              id={id}
              groups={all}
              value={(field.value as number[] | undefined) ?? []}
              onChange={field.onChange}
              inherited={inherited}
              {...invalidProps(id, error)}
            />
          )}
        />
      ) : groups.isError ? (
        <div className="flex flex-wrap items-center gap-3 text-sm text-red-600 dark:text-red-400">
          {t('Failed to load modifier groups')}
          <Button variant="secondary" size="sm" onClick={() => void groups.refetch()}>
            {t('Retry')}
          </Button>
        </div>
      ) : (
        <Spinner label={t('Loading…')} />
      )}
    </FormField>
  );
}
