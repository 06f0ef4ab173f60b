import type { Shift } from '@shop/contracts/shift';
import { amountText } from '@/components/payments/payments-breakdown';
import { Difference } from '@/components/shift-report/shift-report-view';

type Cash = NonNullable<Shift['counted']>[number];

/** Dollars first, then riel: the order a drawer is counted in. */
const inOrder = (amounts: readonly Cash[]) => [...amounts].sort((a, b) => (a.currency === b.currency ? 0 : a.currency === 'USD' ? -1 : 1));

function Dash() {
  return <span className="text-slate-500 dark:text-slate-400">-</span>;
}

/** Cash per currency, one line each ("$50.00", "៛100,000"); a dash when there is none yet. */
export function CashAmounts({ amounts }: { amounts: readonly Cash[] | null }) {
  if (!amounts || amounts.length === 0) return <Dash />;
  return (
    <span className="inline-flex flex-col items-end tabular-nums">
      {inOrder(amounts).map((cash) => (
        <span key={cash.currency}>{amountText(cash.currency, cash.amount)}</span>
      ))}
    </span>
  );
}

/** Counted less expected per currency, signed, coloured and said: short in red, over in amber, exact in green. */
export function CashDifference({ amounts }: { amounts: readonly Cash[] | null }) {
  if (!amounts || amounts.length === 0) return <Dash />;
  return (
    <span className="inline-flex flex-col items-end font-medium whitespace-nowrap tabular-nums">
      {inOrder(amounts).map((cash) => (
        <Difference key={cash.currency} currency={cash.currency} amount={cash.amount} />
      ))}
    </span>
  );
}
