import type { Selection } from '@/lib/use-selection';
import { Checkbox } from './checkbox';
import type { Column } from './table';

/** A checkbox's 44 px touch target on a touch screen, the box itself staying small. */
const TARGET = 'inline-flex cursor-pointer items-center justify-center rounded-md pointer-coarse:size-11 [&_input]:cursor-pointer pointer-coarse:[&_input]:size-5';

/**
 * The first column of a list whose rows can be picked: a checkbox per row ("Select Espresso")
 * and, in the header, one for every row on this page ("Select all on this page"), mixed when
 * some are picked.
 */
export function selectColumn<Row>(selection: Selection<Row>, rows: Row[] | undefined, names: { all: string; row: (row: Row) => string }): Column<Row> {
  const onPage = rows ?? [];
  const pickedOnPage = onPage.filter((row) => selection.has(row)).length;
  const all = onPage.length > 0 && pickedOnPage === onPage.length;
  return {
    id: 'select',
    className: 'w-10 pr-0',
    header: (
      <label className={TARGET}>
        <Checkbox
          aria-label={names.all}
          checked={all}
          disabled={onPage.length === 0}
          ref={(box) => {
            if (box) box.indeterminate = pickedOnPage > 0 && !all;
          }}
          onChange={() => selection.toggleAll(onPage)}
        />
      </label>
    ),
    cell: (row) => (
      <label className={TARGET}>
        <Checkbox aria-label={names.row(row)} checked={selection.has(row)} onChange={() => selection.toggle(row)} />
      </label>
    ),
  };
}
