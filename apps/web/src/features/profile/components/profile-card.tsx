import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One block of a Profile tab: a heading, a line saying what it is for, then its content. */
export function ProfileCard({
  title,
  description,
  actions,
  children,
  footer,
}: {
  title: string;
  description?: string;
  /** Buttons beside the heading (e.g. 'Sign out all'). */
  actions?: ReactNode;
  children: ReactNode;
  /** The button row under the content (e.g. Save). */
  footer?: ReactNode;
}) {
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{title}</h2>
          {description ? <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
      </div>
      {children}
      {footer ? (
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 px-5 py-3 dark:border-slate-800">{footer}</div>
      ) : null}
    </Card>
  );
}
