import type { ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { useRestoreFocus } from './restore-focus';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** What is about to go, e.g. the record's name; shown under the description. */
  subject?: ReactNode;
  confirmLabel?: string;
  /** The confirm button's text while the action runs ('Deleting…' unless told). */
  pendingLabel?: string;
  /** The confirmed action is running: Delete is disabled and the dialog stays open. */
  pending?: boolean;
  onConfirm: () => void;
};

/** "Are you sure?" before a destructive action. Focus starts on Cancel; Escape cancels. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  subject,
  confirmLabel,
  pendingLabel,
  pending = false,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const focus = useRestoreFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onOpenAutoFocus={focus.remember}
          onCloseAutoFocus={focus.restore}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-5 shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-900">
          <div className="flex gap-4">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-400">
              <TriangleAlert aria-hidden className="size-5" />
            </span>
            <div className="min-w-0 space-y-2">
              <AlertDialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-slate-600 dark:text-slate-400">{description}</AlertDialog.Description>
              {subject ? (
                <p className="rounded-md bg-slate-100 px-2.5 py-1.5 text-sm font-medium break-words text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                  {subject}
                </p>
              ) : null}
            </div>
          </div>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {t('Cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" disabled={pending} onClick={onConfirm}>
              {pending ? (pendingLabel ?? t('Deleting…')) : (confirmLabel ?? t('Delete'))}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
