import { ChevronDown, ChevronLeft, ChevronRight, ChevronUp } from 'lucide-react';
import { DayPicker, type ChevronProps } from 'react-day-picker';
import { km } from 'react-day-picker/locale/km';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

type DateCalendarProps = {
  selected: Date | undefined;
  /** The month shown first. */
  month: Date;
  /** The first and last days that can be picked. */
  first: Date | undefined;
  last: Date | undefined;
  onPick: (date: Date) => void;
};

const CHEVRONS = { left: ChevronLeft, right: ChevronRight, up: ChevronUp, down: ChevronDown } as const;

function Chevron({ orientation = 'left', className }: ChevronProps) {
  const Icon = CHEVRONS[orientation];
  return <Icon aria-hidden className={cn('size-4', className)} />;
}

function addYears(date: Date, years: number): Date {
  return new Date(date.getFullYear() + years, date.getMonth(), 1);
}

const NAV_BUTTON =
  'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-800';

/**
 * DateField's month view (react-day-picker): the arrow keys move between days, Enter picks, and
 * month and year can be chosen from lists. Month and day names follow the console's language.
 */
export default function DateCalendar({ selected, month, first, last, onPick }: DateCalendarProps) {
  const { i18n } = useTranslation();
  return (
    <DayPicker
      mode="single"
      autoFocus
      selected={selected}
      defaultMonth={month}
      onSelect={(date) => {
        // A click on the chosen day again keeps it.
        onPick(date ?? selected ?? month);
      }}
      disabled={[...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])]}
      startMonth={first ?? addYears(month, -10)}
      endMonth={last ?? addYears(month, 10)}
      captionLayout="dropdown"
      // English is the calendar's own language.
      {...(i18n.language === 'kh' ? { locale: km } : {})}
      components={{ Chevron }}
      classNames={{
        root: 'text-sm',
        months: 'relative',
        month: 'space-y-2',
        nav: 'absolute inset-x-0 top-0 flex justify-between',
        button_previous: NAV_BUTTON,
        button_next: NAV_BUTTON,
        month_caption: 'flex h-9 items-center justify-center px-10',
        dropdowns: 'flex items-center gap-1.5',
        dropdown_root:
          'relative inline-flex h-8 items-center rounded-md border border-slate-300 px-2 has-focus-visible:ring-2 has-focus-visible:ring-indigo-500 dark:border-slate-700',
        dropdown: 'absolute inset-0 z-10 w-full cursor-pointer appearance-none opacity-0',
        caption_label: 'inline-flex items-center gap-1 font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:text-slate-500',
        month_grid: 'border-collapse',
        weekday: 'size-9 text-xs font-medium text-slate-500 dark:text-slate-400',
        day: 'p-0 text-center',
        day_button:
          'inline-flex size-9 items-center justify-center rounded-lg tabular-nums hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:hover:bg-transparent dark:hover:bg-slate-800',
        today: 'font-semibold text-indigo-600 dark:text-indigo-400',
        selected: '[&>button]:bg-indigo-600 [&>button]:text-white [&>button]:hover:bg-indigo-600',
        outside: 'text-slate-400 dark:text-slate-500',
        disabled: 'text-slate-300 dark:text-slate-600',
        hidden: 'invisible',
      }}
    />
  );
}
