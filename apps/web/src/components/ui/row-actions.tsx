import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from './icon-button';
import type { Column } from './table';

type RowActionsProps = {
  /** The record's name, for the buttons' names ("Edit Espresso", "Delete Espresso"). */
  name?: string;
  /** The buttons' names, when not made from `name`. */
  editLabel?: string;
  deleteLabel?: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** A row's Edit and Delete buttons. */
export function RowActions({ name, editLabel, deleteLabel, onEdit, onDelete }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-1">
      <IconButton label={editLabel ?? t('Edit {{name}}', { name })} onClick={onEdit}>
        <Pencil aria-hidden />
      </IconButton>
      <IconButton tone="danger" label={deleteLabel ?? t('Delete {{name}}', { name })} onClick={onDelete}>
        <Trash2 aria-hidden />
      </IconButton>
    </div>
  );
}

/** The last column of a list whose rows can be edited and deleted, headed `header`. */
export function rowActionsColumn<Row>(header: string, actions: (row: Row) => RowActionsProps): Column<Row> {
  return { id: 'actions', header, className: 'w-24 text-right', pinned: true, cell: (row) => <RowActions {...actions(row)} /> };
}
