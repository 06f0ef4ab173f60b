import { useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { ChevronsUpDown, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { FIELD_FRAME } from './input';

export type ComboboxOption = { value: number; label: string; description?: string };

type ComboboxProps = {
  id: string;
  /** The text input (a form library focuses it when the choice is invalid). */
  ref?: Ref<HTMLInputElement>;
  selected: ComboboxOption | null;
  onSelect: (option: ComboboxOption) => void;
  /** The options for the text typed so far (the owner asks the server, e.g. with `q`). */
  options: ComboboxOption[];
  /** The typed text, on every keystroke; '' when the list opens. */
  onQueryChange: (query: string) => void;
  loading?: boolean;
  emptyText: string;
  placeholder?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A searchable picker for lists too long for a select (ARIA 1.2 combobox): type to search,
 * Arrow keys to move, Enter to pick, Escape to close. Closed, it shows the picked option.
 */
export function Combobox({
  id,
  ref,
  selected,
  onSelect,
  options,
  onQueryChange,
  loading = false,
  emptyText,
  placeholder,
  disabled,
  ...aria
}: ComboboxProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const active = options.length === 0 ? -1 : Math.min(activeIndex, options.length - 1);

  useEffect(() => {
    if (!open || active < 0) return;
    listRef.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView?.({ block: 'nearest' });
    // optionId only depends on id, which is fixed for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, active]);

  function openList() {
    if (open) return;
    setOpen(true);
    setQuery('');
    setActiveIndex(0);
    onQueryChange('');
  }

  function close() {
    setOpen(false);
    setQuery('');
  }

  function pick(option: ComboboxOption) {
    onSelect(option);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex(Math.min(active + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActiveIndex(Math.max(active - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (!open || options.length === 0) break;
        event.preventDefault();
        setActiveIndex(event.key === 'Home' ? 0 : options.length - 1);
        break;
      case 'Enter': {
        if (!open) break;
        // Enter picks; it must not also submit the form around the picker.
        event.preventDefault();
        const option = options[active];
        if (option) pick(option);
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  }

  return (
    <div className="relative">
      <input
        ref={ref}
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        value={open ? query : (selected?.label ?? '')}
        placeholder={open && selected ? selected.label : placeholder}
        disabled={disabled}
        onChange={(event) => {
          setOpen(true);
          setQuery(event.target.value);
          setActiveIndex(0);
          onQueryChange(event.target.value);
        }}
        onClick={openList}
        onKeyDown={onKeyDown}
        onBlur={close}
        className={cn(FIELD_FRAME, 'pr-9 pl-3')}
        {...aria}
      />
      <span aria-hidden className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-slate-400">
        {loading && open ? <LoaderCircle className="size-4 animate-spin" /> : <ChevronsUpDown className="size-4" />}
      </span>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('Suggestions')}
        hidden={!open}
        className="absolute z-10 mt-1 max-h-64 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {options.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keep focus in the input, so picking with the mouse does not blur-close first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActiveIndex(index)}
            onClick={() => pick(option)}
            className={cn(
              'flex cursor-pointer items-baseline justify-between gap-3 rounded-md px-2.5 py-2 text-slate-700 dark:text-slate-200',
              index === active && 'bg-indigo-50 text-indigo-900 dark:bg-indigo-500/15 dark:text-white',
              selected?.value === option.value && 'font-semibold',
            )}
          >
            <span className="truncate">{option.label}</span>
            {option.description ? <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{option.description}</span> : null}
          </li>
        ))}
        {options.length === 0 ? (
          <li role="presentation" className="px-2.5 py-2 text-slate-500 dark:text-slate-400">
            {loading ? t('Loading…') : emptyText}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
