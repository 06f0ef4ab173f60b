import { lazy, Suspense, useState, type Ref } from 'react';
import { CalendarDays } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { FIELD_FRAME } from './input';
import { Spinner } from './spinner';

/** The calendar (and its date library) loads the first time one is opened. */
const DateCalendar = lazy(() => import('./date-calendar'));

type DateFieldProps = {
  /** The text input's id: a label's `htmlFor` names it. */
  id: string;
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
  /** Called with `YYYY-MM-DD` once the text is a whole date, '' when it is empty or not a date. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The first and last days the calendar offers (`YYYY-MM-DD`). */
  min?: string | undefined;
  max?: string | undefined;
  name?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The frame around the input and its calendar button (its width, for one). */
  className?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
};

const WHOLE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** On leaving the field a looser spelling is tidied up: 2026-1-5 or 2026/01/05 is 2026-01-05. */
const LOOSE_DATE = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;

function toDate(text: string, pattern: RegExp = WHOLE_DATE): Date | null {
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // 2026-02-30 rolls over to March: not a day of the calendar.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

const pad = (part: number, width = 2) => String(part).padStart(width, '0');

function toText(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The value a text stands for: the date it spells, else none. */
function valueOf(text: string): string {
  const date = toDate(text);
  return date ? toText(date) : '';
}

/**
 * A date typed as YYYY-MM-DD or picked from a calendar. The text input is the field (labels and
 * tests find it by its id); the button beside it opens the month in the UI's language. The form
 * only ever gets a whole date or '' (as a browser's date input gives), so a half-typed date is
 * never sent.
 */
export function DateField({
  id,
  value,
  onChange,
  onBlur,
  min,
  max,
  name,
  disabled,
  inputRef,
  className,
  ...aria
}: DateFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  const [open, setOpen] = useState(false);

  // A value set from outside (a reset, "Clear filters") replaces the text, unless the text already says it.
  if (value !== shownValue) {
    setShownValue(value);
    if (valueOf(text) !== value) setText(value);
  }

  function change(next: string) {
    setText(next);
    const nextValue = valueOf(next);
    setShownValue(nextValue);
    if (nextValue !== value) onChange(nextValue);
  }

  function tidy() {
    const loose = toDate(text, LOOSE_DATE);
    if (loose && toText(loose) !== text) change(toText(loose));
    onBlur?.();
  }

  const selected = toDate(value) ?? undefined;
  const first = min ? (toDate(min) ?? undefined) : undefined;
  const last = max ? (toDate(max) ?? undefined) : undefined;
  const today = new Date();
  const shown = selected ?? (last && last < today ? last : first && first > today ? first : today);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <div className={cn('relative', className)}>
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('YYYY-MM-DD')}
          maxLength={10}
          disabled={disabled}
          value={text}
          onChange={(event) => change(event.target.value)}
          onBlur={tidy}
          onKeyDown={(event) => {
            // Alt+Down opens the calendar, as it opens a select's list.
            if (event.altKey && event.key === 'ArrowDown') {
              event.preventDefault();
              setOpen(true);
            }
          }}
          className={cn(FIELD_FRAME, 'pr-9 pointer-coarse:pr-11 pl-2.5 tabular-nums')}
          {...aria}
        />
        <Popover.Trigger asChild>
          <button
            type="button"
            disabled={disabled}
            aria-label={t('Choose date')}
            title={t('Choose date')}
            className={cn(
              'absolute inset-y-1 right-1 inline-flex w-8 pointer-coarse:w-10 items-center justify-center rounded-md text-slate-500 transition-colors',
              'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:pointer-events-none disabled:opacity-50',
              'dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
            )}
          >
            <CalendarDays aria-hidden className="size-4" />
          </button>
        </Popover.Trigger>
      </div>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          // The calendar puts focus on the chosen day (else today) itself.
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="z-[60] rounded-xl border border-slate-200 bg-white p-3 text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <Suspense fallback={<Spinner label={t('Loading…')} className="h-72 w-64 justify-center" />}>
            <DateCalendar
              selected={selected}
              month={shown}
              first={first}
              last={last}
              onPick={(date) => {
                change(toText(date));
                setOpen(false);
              }}
            />
          </Suspense>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

type FormDateFieldProps<Values extends FieldValues> = Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'inputRef'> & {
  control: Control<Values>;
  name: Path<Values>;
};

/** A DateField bound to a react-hook-form field; the form's value is the `YYYY-MM-DD` text. */
export function FormDateField<Values extends FieldValues>({ control, name, disabled, ...props }: FormDateFieldProps<Values>) {
  const { field } = useController({ control, name });
  return (
    <DateField
      {...props}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled ?? field.disabled}
    />
  );
}
