import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ConnectionStatus } from './connection-status';
import { LanguageMenu } from './language-menu';
import { NotificationBell } from './notification-bell';
import { ProfileMenu } from './profile-menu';
import { SearchBox } from './search-box';
import { ThemeToggle } from './theme-toggle';

export function Header({ sidebarCollapsed, onToggleSidebar }: { sidebarCollapsed: boolean; onToggleSidebar: () => void }) {
  const { t } = useTranslation();
  const DesktopIcon = sidebarCollapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <header className="sticky top-0 z-30 flex print:hidden h-16 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/85 px-3 backdrop-blur sm:gap-3 md:px-6 dark:border-slate-800 dark:bg-slate-950/85">
      <Button variant="ghost" size="icon" aria-label={t('Toggle sidebar')} title={t('Toggle sidebar')} onClick={onToggleSidebar}>
        <Menu aria-hidden className="size-5 md:hidden" />
        <DesktopIcon aria-hidden className="hidden size-5 md:block" />
      </Button>
      <SearchBox />
      <div className="ml-auto flex items-center gap-1 sm:gap-1.5">
        <ConnectionStatus />
        <LanguageMenu />
        <ThemeToggle />
        <NotificationBell />
        <span aria-hidden className="mx-1 hidden h-6 w-px bg-slate-200 sm:block dark:bg-slate-800" />
        <ProfileMenu />
      </div>
    </header>
  );
}
