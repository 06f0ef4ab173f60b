import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { kitchenSettingsSchema, type Settings } from '@shop/contracts/settings';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useAllCategories } from '../api/categories';
import { ListError, SectionForm, useSectionForm } from './section-form';

/** The server keeps at most this many (packages/contracts/src/settings.ts). */
export const MAX_STATIONS = 10;

type Kitchen = Settings['kitchen'];
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The stations' messages that name a station, in the reader's language (the rest are plain
 * keys, already translated by the form).
 */
const NAMED_MESSAGES: [RegExp, string][] = [
  [/^The station (.+) is listed twice\.$/, 'The station {{name}} is listed twice.'],
  [/^(.+) is not one of the stations\.$/, '{{name}} is not one of the stations.'],
];

export function kitchenMessage(message: string | undefined, t: Translate): string | undefined {
  if (!message) return message;
  for (const [pattern, key] of NAMED_MESSAGES) {
    const match = pattern.exec(message);
    if (match) return t(key, { name: match[1] });
  }
  return message;
}

/** Renaming a station takes its categories along (unless another station has the same name: then they stay with that one). */
export function renameStation(kitchen: Kitchen, index: number, name: string): Kitchen {
  const old = kitchen.stations[index];
  const stations = kitchen.stations.map((station, at) => (at === index ? name : station));
  const unique = kitchen.stations.filter((station) => station === old).length === 1;
  const routes = unique ? kitchen.routes.map((route) => (route.station === old ? { ...route, station: name } : route)) : kitchen.routes;
  return { stations, routes };
}

/** Removing a station hands its categories over at the counter (no station), unless another station keeps the name. */
export function removeStation(kitchen: Kitchen, index: number): Kitchen {
  const old = kitchen.stations[index];
  const stations = kitchen.stations.filter((_, at) => at !== index);
  const routes = stations.includes(old ?? '') ? kitchen.routes : kitchen.routes.filter((route) => route.station !== old);
  return { stations, routes };
}

/** A category to a station, or to none ('') when it is handed over at the counter. */
export function routeCategory(kitchen: Kitchen, categoryId: number, station: string): Kitchen {
  const others = kitchen.routes.filter((route) => route.category_id !== categoryId);
  return { ...kitchen, routes: station === '' ? others : [...others, { category_id: categoryId, station }] };
}

/** Settings → Kitchen (PUT /settings/kitchen): the stations, and which one makes each category (docs/decisions/0014). */
export function KitchenSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite, errorOf } = useSectionForm('kitchen', kitchenSettingsSchema);
  const { control, setValue, formState } = form;
  const stations = useWatch({ control, name: 'stations' });
  const routes = useWatch({ control, name: 'routes' });
  const categories = useAllCategories();
  const [removing, setRemoving] = useState<number | null>(null);

  function update(next: Kitchen) {
    const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
    setValue('stations', next.stations, options);
    setValue('routes', next.routes, options);
  }
  const current: Kitchen = { stations, routes };
  const named = [...new Set(stations.map((station) => station.trim()).filter(Boolean))];
  const stationOf = new Map(routes.map((route) => [route.category_id, route.station]));
  const nameOf = (index: number) => stations[index]?.trim() || t('Station {{number}}', { number: index + 1 });

  return (
    <SectionForm
      title={t('Kitchen')}
      description={t('The stations that make orders, and which one makes each category. Each station has its own board on the Kitchen display.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={formState.isDirty}
    >
      <fieldset className="max-w-md space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-900 dark:text-white">{t('Stations')}</legend>
        {stations.length === 0 ? <p className="text-sm text-slate-500 dark:text-slate-400">{t('No station: orders send no ticket.')}</p> : null}
        <ul className="space-y-2">
          {stations.map((station, index) => {
            const id = `settings-station-${index}`;
            const error = kitchenMessage(errorOf(`stations.${index}`), t);
            return (
              <li key={index} className="flex items-start gap-2">
                <div className="min-w-0 flex-1">
                  <Input
                    id={id}
                    aria-label={t('Station {{number}}', { number: index + 1 })}
                    maxLength={40}
                    value={station}
                    {...invalidProps(id, error)}
                    onChange={(event) => update(renameStation(current, index, event.target.value))}
                  />
                  <FieldError id={id} error={error} className="mt-1" />
                </div>
                {canWrite ? (
                  <IconButton tone="danger" size="lg" className="size-10 pointer-coarse:size-11" label={t('Remove {{name}}', { name: nameOf(index) })} onClick={() => setRemoving(index)}>
                    <Trash2 aria-hidden />
                  </IconButton>
                ) : null}
              </li>
            );
          })}
        </ul>
        <ListError id="settings-stations-error" message={kitchenMessage(errorOf('stations'), t)} />
        {canWrite ? (
          <Button variant="secondary" disabled={stations.length >= MAX_STATIONS} onClick={() => update({ ...current, stations: [...stations, ''] })}>
            <Plus aria-hidden className="size-4" />
            {t('Add station')}
          </Button>
        ) : null}
      </fieldset>

      <fieldset className="max-w-2xl">
        <legend className="text-sm font-medium text-slate-900 dark:text-white">{t('Which station makes each category')}</legend>
        <p className="mt-0.5 mb-3 text-sm text-slate-500 dark:text-slate-400">{t('A category with no station sends no ticket: it is handed over at the counter.')}</p>
        {categories.data ? (
          categories.data.data.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('No categories yet.')}</p>
          ) : (
            <ul className="@container divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
              {categories.data.data.map((category) => {
                const id = `settings-route-${category.id}`;
                const chosen = stationOf.get(category.id) ?? '';
                return (
                  <li key={category.id} className="grid grid-cols-1 items-center gap-x-3 gap-y-1.5 px-3 py-2.5 @lg:grid-cols-[minmax(0,1fr)_20rem]">
                    <label htmlFor={id} className="min-w-0 text-sm font-medium break-words text-slate-800 dark:text-slate-200">
                      {category.name}
                    </label>
                    <Select id={id} value={chosen} onChange={(event) => update(routeCategory(current, category.id, event.target.value))}>
                      <option value="">{t('None (handed over at the counter)')}</option>
                      {/* A station being renamed keeps its categories: the name as it stands is offered. */}
                      {[...new Set([...named, ...(chosen ? [chosen] : [])])].map((station) => (
                        <option key={station} value={station}>
                          {station}
                        </option>
                      ))}
                    </Select>
                  </li>
                );
              })}
            </ul>
          )
        ) : categories.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-600 dark:text-red-400">
            {t('Failed to load categories')}
            <Button variant="secondary" size="sm" onClick={() => void categories.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        ) : (
          <Spinner label={t('Loading…')} />
        )}
        <ListError id="settings-routes-error" message={kitchenMessage(errorOf('routes'), t)} />
      </fieldset>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={t('Remove station?')}
        description={t('Its categories are handed over at the counter until you give them another station, and its board leaves the Kitchen display.')}
        subject={removing === null ? undefined : nameOf(removing)}
        confirmLabel={t('Remove')}
        onConfirm={() => {
          if (removing !== null) update(removeStation(current, removing));
          setRemoving(null);
        }}
      />
    </SectionForm>
  );
}
