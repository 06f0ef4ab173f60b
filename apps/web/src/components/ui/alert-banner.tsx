import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';

/**
 * The red banner screens use for a failure the user must read (e.g. sign-in refused).
 * Tailwind 4's palette computes to oklch(); the light text red is hex so anything reading the
 * computed colour (browser tests, older tools) gets a plain rgb() value.
 */
export function AlertBanner({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-[#b91c1c] dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300"
    >
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
