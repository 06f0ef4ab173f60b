import type { ReactNode } from 'react';
import type { ListMeta } from '@shop/contracts/common';
import { cn } from '@/lib/cn';
import { Card } from './card';
import { Label } from './label';
import { ListFooter } from './list-footer';
import { SearchInput } from './search-input';
import { Table, type Column, type TableError } from './table';

/** The part of a list screen (useListScreen) the card shows. */
type ListState<Row> = {
  search: string;
  setSearch: (search: string) => void;
  setPage: (page: number) => void;
  rows: Row[] | undefined;
  rowKey: (row: Row) => number;
  tableError: TableError | null;
  query: { isPending: boolean; isPlaceholderData: boolean; data?: { meta: ListMeta } };
};

type ListCardProps<Row> = {
  list: ListState<Row>;
  /** The search box's placeholder, which is also its name: what it searches. */
  searchPlaceholder: string;
  /** The search box's width cap, when not the default. */
  searchClassName?: string;
  /** Filters and buttons beside the search box. */
  toolbar?: ReactNode;
  /** The toolbar's extras sit at the far end rather than next to the search. */
  spreadToolbar?: boolean;
  /** The table's name, e.g. "Categories". */
  label: string;
  columns: Column<Row>[];
  emptyText: string;
  /** The table's failed state, when not the list's own (text and retry); `null` for none. */
  error?: TableError | null;
  rowClassName?: (row: Row) => string | undefined;
  skeletonRows?: number;
};

/** A list screen's card: the search and filters, the table, and "Showing 1–5 of 12" with the pager. */
export function ListCard<Row>({
  list,
  searchPlaceholder,
  searchClassName,
  toolbar,
  spreadToolbar = false,
  label,
  columns,
  emptyText,
  error,
  rowClassName,
  skeletonRows,
}: ListCardProps<Row>) {
  return (
    <Card>
      <div className={cn('flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800', spreadToolbar && 'justify-between')}>
        <SearchInput className={searchClassName} placeholder={searchPlaceholder} value={list.search} onChange={(event) => list.setSearch(event.target.value)} />
        {toolbar}
      </div>
      <Table
        label={label}
        columns={columns}
        rows={list.rows}
        rowKey={list.rowKey}
        rowClassName={rowClassName}
        loading={list.query.isPending}
        skeletonRows={skeletonRows}
        busy={list.query.isPlaceholderData}
        emptyText={emptyText}
        error={error === undefined ? list.tableError : error}
      />
      <ListFooter meta={list.query.data?.meta} rowCount={list.rows?.length ?? 0} onPageChange={list.setPage} />
    </Card>
  );
}

/** A labelled filter in a list card's toolbar: a select or a short box. */
export function ListFilter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="whitespace-nowrap">
        {label}
      </Label>
      {children}
    </div>
  );
}
