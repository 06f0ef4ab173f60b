import { CircleCheck, CircleSlash, CircleX, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Sale } from '@shop/contracts/sale';
import { Badge, type BadgeTone } from '@/components/ui/badge';

type Status = Sale['status'];
type Channel = Sale['channel'];

const STATUS_LOOK: Record<Status, { tone: BadgeTone; Icon: typeof CircleCheck }> = {
  Paid: { tone: 'success', Icon: CircleCheck },
  Partial: { tone: 'warning', Icon: RotateCcw },
  Refunded: { tone: 'danger', Icon: CircleX },
  Cancelled: { tone: 'neutral', Icon: CircleSlash },
};

/** The sale's status in words (with an icon); the colour only repeats it. */
export function SaleStatusBadge({ status }: { status: Status }) {
  const label = useStatusLabel()(status);
  const { tone, Icon } = STATUS_LOOK[status];
  return (
    <Badge tone={tone} className="gap-1 whitespace-nowrap">
      <Icon aria-hidden className="size-3" />
      {label}
    </Badge>
  );
}

export function useStatusLabel(): (status: Status) => string {
  const { t } = useTranslation();
  const labels: Record<Status, string> = { Paid: t('Paid'), Partial: t('Partial'), Refunded: t('Refunded'), Cancelled: t('Cancelled') };
  return (status) => labels[status];
}

export function useChannelLabel(): (channel: Channel) => string {
  const { t } = useTranslation();
  const labels: Record<Channel, string> = { POS: t('POS'), Online: t('Online'), Catering: t('Catering') };
  return (channel) => labels[channel];
}
