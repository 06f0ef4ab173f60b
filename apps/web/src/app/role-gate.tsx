import type { ReactNode } from 'react';
import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { rolesWith, type Permission } from '@shop/contracts/permissions';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth/session-store';
import { enumLabel } from '@/lib/enum-labels';
import { useCan } from '@/lib/permissions';

/**
 * A screen that needs a permission (screen-access.ts): shown to roles that hold it. Anyone else
 * who reaches it (a URL typed by hand, an old bookmark) gets one calm page inside the layout,
 * and the screen never asks the server for what it would refuse.
 */
export function RoleGate({ permission, children }: { permission: Permission; children: ReactNode }) {
  const { t } = useTranslation();
  const known = useSession()?.user != null;
  const allowed = useCan(permission);
  if (!known) return <Spinner label={t('Loading…')} className="py-10" />;
  return allowed ? children : <NotAllowed permission={permission} />;
}

function NotAllowed({ permission }: { permission: Permission }) {
  const { t } = useTranslation();
  const roles = rolesWith(permission)
    .map((role) => enumLabel('role', role, t))
    .join(', ');
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-3 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <LockKeyhole aria-hidden className="size-6" />
      </span>
      <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{t('This screen is not available for your role')}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('It is for: {{roles}}. Ask one of them if you need something from it.', { roles })}</p>
      <Button asChild className="mt-2">
        <Link to="/dashboard">{t('Go to the dashboard')}</Link>
      </Button>
    </section>
  );
}
