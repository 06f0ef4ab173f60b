import { useState } from 'react';
import { hashKey, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ListMeta } from '@shop/contracts/common';
import { failureText } from './error-text';
import { pageAfterDelete, prependToPage, removeFromPage, type Paginated } from './list';
import type { RecordDialogProps, SaveMode } from './record-submit';
import { useDebouncedValue } from './use-debounced-value';
import { useLoadErrorToast } from './use-load-error-toast';
import { usePage } from './use-page';
import type { SaveHandlers } from './use-schema-form';

/** What the screen's query is asked for: the search once typing has paused, and the page. */
export type ListParams = { q: string | undefined; page: number };

type DeleteCall = { isPending: boolean; mutate: (id: number, handlers: SaveHandlers<unknown>) => void };

/** A page of rows as the API answers it; some lists say more in `meta` (totals, the day counted from). */
type Page<Row, Meta extends ListMeta> = { data: Row[]; meta: Meta };

type ListScreenOptions<Row, Meta extends ListMeta, Key extends QueryKey> = {
  /** The area's query options for a page (its filters go in too, e.g. a category). */
  query: (params: ListParams) => UseQueryOptions<Page<Row, Meta>, Error, Page<Row, Meta>, Key>;
  /** A row's id: the table's key, what a delete sends. */
  rowKey: (row: Row) => number;
  /** The load failure's toast and the table's text in place of the rows. */
  loadFailed: string;
  /** After a create: page 1, which reloads (default), or on page 1 the new row put first without a reload ('prepend'). */
  afterCreate?: 'first-page' | 'prepend';
  /**
   * After a delete, a page back when the page's last row went; else the page on screen reloads by
   * itself (default), loses the row without a reload ('remove'), or loses it and reloads to take
   * the next row up ('refill').
   */
  afterDelete?: 'move-back' | 'remove' | 'refill';
  /** The delete call behind the confirmation, and its toasts. */
  remove?: { call: DeleteCall; deleted: string; failed: string };
  /** Runs whenever the add/edit form closes (e.g. to leave the address that opened it). */
  onCloseForm?: () => void;
};

/**
 * A list screen: the search box (asked of the server after the pause), the page (back to 1
 * whenever the search or a filter changes), the query and its failure toast, the add/edit dialog
 * and the delete confirmation, and where the page goes after a create or a delete.
 */
export function useListScreen<Row, Meta extends ListMeta, Key extends QueryKey>(options: ListScreenOptions<Row, Meta, Key>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim()) || undefined;
  // Page 1's query names everything that narrows the list, so any change there starts again from page 1.
  const [page, setPage] = usePage(hashKey(options.query({ q, page: 1 }).queryKey));
  const queryOptions = options.query({ q, page });
  const query = useQuery(queryOptions);
  useLoadErrorToast(query.error, query.errorUpdatedAt, options.loadFailed, t);
  const rows = query.data?.data;

  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);

  function updatePage(update: (list: Paginated<Row>) => Paginated<Row>) {
    queryClient.setQueryData<Paginated<Row>>(queryOptions.queryKey, (list) => (list ? update(list) : list));
  }

  function afterCreate(row?: Row) {
    if (options.afterCreate === 'prepend' && page === 1 && row !== undefined) updatePage((list) => prependToPage(list, row));
    else setPage(1);
  }

  function afterDelete(row?: Row) {
    const next = pageAfterDelete(page, rows?.length ?? 0);
    const mode = options.afterDelete ?? 'move-back';
    if (next !== page || mode === 'move-back' || row === undefined) {
      setPage(next);
      return;
    }
    updatePage((list) => removeFromPage(list, options.rowKey(row), options.rowKey));
    if (mode === 'refill') void queryClient.invalidateQueries({ queryKey: queryOptions.queryKey });
  }

  function closeForm() {
    setEditing(null);
    options.onCloseForm?.();
  }

  /** The add/edit form saved: it closes, and a create moves the list. */
  function afterSave(mode: SaveMode, saved?: Row) {
    closeForm();
    if (mode === 'created') afterCreate(saved);
  }

  function onConfirmDelete() {
    const { remove } = options;
    if (!deleting || !remove) return;
    const row = deleting;
    remove.call.mutate(options.rowKey(row), {
      onSuccess: () => {
        toast.success(remove.deleted);
        setDeleting(null);
        afterDelete(row);
      },
      onError: (error) => {
        setDeleting(null);
        const message = failureText(error, remove.failed, t);
        if (message) toast.error(message);
      },
    });
  }

  const formDialog: RecordDialogProps<Row> = {
    open: editing !== null,
    record: editing === 'new' ? null : editing,
    onOpenChange: (open) => (open ? undefined : closeForm()),
    onSaved: (saved, mode) => afterSave(mode, saved),
  };

  return {
    search,
    setSearch,
    setPage,
    query,
    rows,
    rowKey: options.rowKey,
    /** The table's failed state: the load failure's text and a retry. */
    tableError: query.isError ? { text: options.loadFailed, onRetry: () => void query.refetch() } : null,
    afterDelete,
    afterSave,
    editing,
    add: () => setEditing('new'),
    edit: (row: Row) => setEditing(row),
    formDialog,
    deleting,
    confirmDelete: (row: Row) => setDeleting(row),
    /** For the delete's ConfirmDialog, beside its texts. */
    deleteDialog: {
      open: deleting !== null,
      onOpenChange: (open: boolean) => (open ? undefined : setDeleting(null)),
      pending: options.remove?.call.isPending ?? false,
      onConfirm: onConfirmDelete,
    },
  };
}

