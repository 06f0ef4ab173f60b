import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A dashboard card: its title and an action (a link) on top, then its content. */
export function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-5 py-3 dark:border-slate-800">
        <h2 className="font-semibold text-slate-900 dark:text-white">{title}</h2>
        {action}
      </div>
      <div className="flex-1 px-5 py-3">{children}</div>
    </Card>
  );
}
