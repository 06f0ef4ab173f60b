import { CircleCheck, CircleDashed, CircleSlash, CircleX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@shop/contracts/sale';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { enumLabel } from '@/lib/enum-labels';

type Status = Sale['status'];

const STATUS_LOOK: Record<Status, { tone: BadgeTone; Icon: typeof CircleCheck }> = {
  Paid: { tone: 'success', Icon: CircleCheck },
  // Partly unpaid: the rest is owed on the customer's account.
  Partial: { tone: 'warning', Icon: CircleDashed },
  Refunded: { tone: 'danger', Icon: CircleX },
  Cancelled: { tone: 'neutral', Icon: CircleSlash },
};

/** The sale's status in words (with an icon); the colour only repeats it. */
export function SaleStatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  const { tone, Icon } = STATUS_LOOK[status];
  return (
    <Badge tone={tone} className="gap-1 whitespace-nowrap">
      <Icon aria-hidden className="size-3" />
      {enumLabel('saleStatus', status, t)}
    </Badge>
  );
}
