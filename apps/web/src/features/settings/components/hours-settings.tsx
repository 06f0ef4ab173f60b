import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { hoursSettingsSchema } from '@shop/contracts/settings';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ListError, SectionForm, useSectionForm } from './section-form';

/** Indexed by weekday number (`d`): 0 is Sunday. */
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** The week as the shop reads it: Monday first, Sunday last. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

export function HoursSettings() {
  const { t } = useTranslation();
  const { form, onSubmit, saving, canWrite, errorOf } = useSectionForm('hours', hoursSettingsSchema);
  const { register, control } = form;
  const days = useWatch({ control, name: 'days' });
  // Rows stay at their stored position, so a server message such as `days.1.close` finds its row.
  const rows = WEEK_ORDER.map((d) => days.findIndex((day) => day.d === d)).filter((index) => index >= 0);

  return (
    <SectionForm
      title={t('Store Hours')}
      description={t('When the shop is open, day by day.')}
      onSubmit={onSubmit}
      saving={saving}
      canWrite={canWrite}
      dirty={form.formState.isDirty}
    >
      <div className="max-w-2xl">
        <div aria-hidden className="mb-2 hidden grid-cols-[8rem_9rem_9rem_auto] gap-3 px-[13px] text-xs font-medium text-slate-500 uppercase sm:grid dark:text-slate-400">
          <span>{t('Day')}</span>
          <span>{t('Opens')}</span>
          <span>{t('Closes')}</span>
        </div>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {rows.map((index) => {
            const day = days[index];
            if (!day) return null;
            const dayName = t(DAY_NAMES[day.d] ?? '');
            const id = `settings-day-${day.d}`;
            const openError = errorOf(`days.${index}.open`);
            const closeError = errorOf(`days.${index}.close`);
            return (
              <li key={day.d}>
                <div role="group" aria-labelledby={`${id}-name`} className="px-3 py-2.5">
                  <div className="grid grid-cols-2 items-center gap-3 sm:grid-cols-[8rem_9rem_9rem_auto]">
                    <span id={`${id}-name`} className="col-span-2 text-sm font-medium text-slate-900 sm:col-span-1 dark:text-white">
                      {dayName}
                    </span>
                    <Input
                      id={`${id}-open`}
                      type="time"
                      aria-label={t('Opens')}
                      disabled={day.closed}
                      {...invalidProps(`${id}-open`, openError)}
                      {...register(`days.${index}.open`)}
                    />
                    <Input
                      id={`${id}-close`}
                      type="time"
                      aria-label={t('Closes')}
                      disabled={day.closed}
                      {...invalidProps(`${id}-close`, closeError)}
                      {...register(`days.${index}.close`)}
                    />
                    <label className="col-span-2 flex items-center gap-2 text-sm text-slate-700 sm:col-span-1 dark:text-slate-300">
                      <Checkbox {...register(`days.${index}.closed`)} />
                      {t('Closed')}
                    </label>
                  </div>
                  <FieldError id={`${id}-open`} error={openError} className="mt-1.5" />
                  <FieldError id={`${id}-close`} error={closeError} className="mt-1.5" />
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      <ListError id="settings-days-error" message={errorOf('days')} />
    </SectionForm>
  );
}
