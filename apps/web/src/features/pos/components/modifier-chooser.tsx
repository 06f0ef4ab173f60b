import { useId, useState, type FormEvent } from 'react';
import { Check, Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fromCents, sumCents, toCents } from '@shop/contracts/money';
import type { PosCatalog, PosProduct } from '@shop/contracts/pos';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { optionName } from '@/lib/modifier-text';
import type { ChosenOption, LineChoice } from '../cart-store';

export type PosModifierGroup = PosCatalog['modifier_groups'][number];

/** A product's groups, in the order the chooser asks them (unknown ids left out). */
export function groupsOf(product: PosProduct, groups: readonly PosModifierGroup[]): PosModifierGroup[] {
  const byId = new Map(groups.map((group) => [group.id, group]));
  return product.modifier_group_ids.flatMap((id) => {
    const group = byId.get(id);
    return group && group.options.length > 0 ? [group] : [];
  });
}

/** Each group's default options: what the chooser starts with and what a scan adds. */
export function defaultChoice(groups: readonly PosModifierGroup[]): number[] {
  return groups.flatMap((group) => group.options.filter((option) => option.is_default).map((option) => option.id));
}

/** Whether the chosen options meet every group's minimum and maximum. */
export function choiceComplete(groups: readonly PosModifierGroup[], chosen: readonly number[]): boolean {
  return groups.every((group) => {
    const count = group.options.filter((option) => chosen.includes(option.id)).length;
    return count >= group.min && count <= group.max;
  });
}

/** The chosen ids as the cart keeps them: in the groups' order, with their names and prices. */
export function chosenOptions(groups: readonly PosModifierGroup[], chosen: readonly number[]): ChosenOption[] {
  return groups.flatMap((group) =>
    group.options.filter((option) => chosen.includes(option.id)).map((option) => ({ id: option.id, group: group.name, name: option.name, name_km: option.name_km, price: option.price })),
  );
}

type ModifierChooserProps = {
  product: PosProduct;
  groups: PosModifierGroup[];
  /** Changing a line already in the cart (its options, note and quantity), or adding a new one. */
  editing?: LineChoice;
  onConfirm: (choice: LineChoice) => void;
  onCancel: () => void;
  fallbackFocus?: () => HTMLElement | null;
};

/**
 * Choosing a drink's options: one section per group, its defaults already chosen, so Add is one
 * more tap. Single-choice groups act as radio buttons, multiple-choice ones as toggles up to their
 * maximum. Add (Enter) waits until every group's minimum is met; Esc cancels.
 */
export function ModifierChooser({ product, groups, editing, onConfirm, onCancel, fallbackFocus }: ModifierChooserProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [chosen, setChosen] = useState<number[]>(() => (editing ? editing.modifiers.map((option) => option.id) : defaultChoice(groups)));
  const [note, setNote] = useState(editing?.note ?? '');
  const [qty, setQty] = useState(editing?.qty ?? 1);
  const complete = choiceComplete(groups, chosen);
  const picked = chosenOptions(groups, chosen);
  const unitPrice = fromCents(toCents(product.price) + sumCents(picked.map((option) => toCents(option.price))));

  function tap(group: PosModifierGroup, optionId: number) {
    const inGroup = new Set(group.options.map((option) => option.id));
    const others = chosen.filter((chosenId) => !inGroup.has(chosenId));
    const mine = chosen.filter((chosenId) => inGroup.has(chosenId));
    if (mine.includes(optionId)) {
      // A single required choice stays chosen (a radio button); anything else can be taken back.
      if (group.selection === 'single' && group.min >= 1) return;
      setChosen([...others, ...mine.filter((chosenId) => chosenId !== optionId)]);
    } else if (group.selection === 'single') {
      setChosen([...others, optionId]);
    } else if (mine.length < group.max) {
      setChosen([...others, ...mine, optionId]);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    onConfirm({ modifiers: picked, note: note.trim() || null, qty });
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={product.name}
      description={t('Choose the options, then Add.')}
      size="lg"
      fallbackFocus={fallbackFocus}
    >
      <form
        noValidate
        onSubmit={submit}
        onKeyDown={(event) => {
          // Enter adds, wherever focus is (Space chooses an option).
          if (event.key === 'Enter' && event.target instanceof HTMLButtonElement && event.target.type === 'button') {
            event.preventDefault();
            event.currentTarget.requestSubmit();
          }
        }}
        className="space-y-5 px-5 py-5"
      >
        {groups.map((group) => {
          const count = group.options.filter((option) => chosen.includes(option.id)).length;
          const short = count < group.min;
          const headingId = `${id}-group-${group.id}`;
          return (
            <section key={group.id} aria-labelledby={headingId} className="space-y-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-white">
                  {optionName(group, i18n.language)}
                </h3>
                <span className={cn('text-xs', short ? 'font-medium text-amber-700 dark:text-amber-300' : 'text-slate-500 dark:text-slate-400')}>
                  {group.selection === 'multiple' && group.max > 1
                    ? group.min >= 1
                      ? t('Required, up to {{count}}', { count: group.max })
                      : t('Choose up to {{count}}', { count: group.max })
                    : group.min >= 1
                      ? t('Required')
                      : t('Optional')}
                </span>
              </div>
              <div role={group.selection === 'single' ? 'radiogroup' : 'group'} aria-labelledby={headingId} className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2">
                {group.options.map((option) => {
                  const on = chosen.includes(option.id);
                  const full = group.selection === 'multiple' && !on && count >= group.max;
                  return (
                    <button
                      key={option.id}
                      type="button"
                      {...(group.selection === 'single' ? { role: 'radio', 'aria-checked': on } : { 'aria-pressed': on })}
                      disabled={full}
                      onClick={() => tap(group, option.id)}
                      className={cn(
                        'flex min-h-12 items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left text-sm font-medium transition-colors',
                        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50',
                        on
                          ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500 dark:bg-indigo-500'
                          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
                      )}
                    >
                      <span className="flex min-w-0 items-center gap-1.5">
                        {on ? <Check aria-hidden className="size-4 shrink-0" /> : null}
                        <span className="break-words">{optionName(option, i18n.language)}</span>
                      </span>
                      {option.price !== 0 ? (
                        <span className={cn('shrink-0 text-xs tabular-nums', on ? 'text-white/90' : 'text-slate-500 dark:text-slate-400')}>
                          {option.price > 0 ? '+' : '−'}
                          {formatMoney(Math.abs(option.price))}
                        </span>
                      ) : null}
                    </button>
                  );
                })}
              </div>
            </section>
          );
        })}

        <div className="space-y-1.5">
          <Label htmlFor={`${id}-note`}>{t('Note')}</Label>
          <Input id={`${id}-note`} value={note} maxLength={200} placeholder={t('e.g. no condensed milk')} onChange={(event) => setNote(event.target.value)} />
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
          <div className="flex items-center gap-1" role="group" aria-label={t('Quantity')}>
            <IconButton size="lg" label={t('One less')} disabled={qty <= 1} onClick={() => setQty(Math.max(1, qty - 1))}>
              <Minus aria-hidden />
            </IconButton>
            <span aria-live="polite" className="w-8 text-center text-base font-semibold tabular-nums">
              {qty}
            </span>
            <IconButton size="lg" label={t('One more')} onClick={() => setQty(qty + 1)}>
              <Plus aria-hidden />
            </IconButton>
          </div>
          <div className="flex items-center gap-2">
            <Button variant="ghost" className="h-12" onClick={onCancel}>
              {t('Cancel')}
            </Button>
            <Button type="submit" className="h-12 min-w-36 text-base" disabled={!complete}>
              {editing ? t('Save {{amount}}', { amount: formatMoney(fromCents(toCents(unitPrice) * qty)) }) : t('Add {{amount}}', { amount: formatMoney(fromCents(toCents(unitPrice) * qty)) })}
            </Button>
          </div>
        </div>
        <p className="text-right text-xs text-slate-500 tabular-nums dark:text-slate-400">{t('{{price}} each', { price: formatMoney(unitPrice) })}</p>
      </form>
    </Modal>
  );
}
