import type { TableError } from '@/components/ui/table';
import { isForbidden, loadFailureText } from '@/lib/error-text';

type ListQuery = { isError: boolean; error: unknown; refetch: () => Promise<unknown> };

/**
 * A purchasing list's failed load for the Table. Staff get a 403 on these screens (Admin and
 * Manager only): the table says so and offers no retry, since asking again cannot help.
 */
export function listError(query: ListQuery, text: string, t: (key: string) => string): TableError | null {
  if (!query.isError) return null;
  return {
    text: loadFailureText(query.error, text, t),
    onRetry: isForbidden(query.error) ? undefined : () => void query.refetch(),
  };
}
