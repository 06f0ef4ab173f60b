import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CountBadge } from '@/components/ui/count-badge';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';

export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const label = unread > 0 ? t('Notifications ({{count}} unread)', { count: unread }) : t('Notifications');
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to="/notifications" aria-label={label} title={label}>
        <Bell aria-hidden className="size-5" />
        <CountBadge count={unread} className="absolute -top-0.5 -right-0.5" />
      </Link>
    </Button>
  );
}
