import { useRef, type FormEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Button } from './button';
import { useRestoreFocus } from './restore-focus';

const SIZES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-3xl', '2xl': 'max-w-4xl' } as const;

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Something is being saved: the dialog stays open until it is done. */
  busy?: boolean;
  title: string;
  description?: string;
  size?: keyof typeof SIZES;
  children: ReactNode;
  /** Where focus goes on close when what opened the dialog cannot take it back. */
  fallbackFocus?: () => HTMLElement | null;
};

/**
 * A modal dialog (Radix): focus stays inside, Escape or the close button closes it, and focus
 * returns to what opened it. The overlay scrolls, so a tall form never gets cut off.
 */
export function Modal({ open, onOpenChange, busy = false, title, description, size = 'md', children, fallbackFocus }: ModalProps) {
  const { t } = useTranslation();
  const contentRef = useRef<HTMLDivElement>(null);
  const focus = useRestoreFocus(fallbackFocus);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 grid grid-cols-[minmax(0,1fr)] place-items-center overflow-y-auto bg-slate-950/50 p-4 backdrop-blur-[2px] sm:p-8">
          <Dialog.Content
            ref={contentRef}
            // Without a description there is nothing to point at (Radix warns otherwise).
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(event) => {
              focus.remember();
              const content = contentRef.current;
              if (!content) return;
              event.preventDefault();
              focusFirstField(content);
            }}
            onCloseAutoFocus={focus.restore}
            onEscapeKeyDown={(event) => {
              // Escape in an open picker (combobox) closes the picker, not the whole form.
              if (event.target instanceof Element && event.target.closest('[aria-expanded="true"]')) event.preventDefault();
            }}
            className={cn(
              'relative w-full rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none dark:border-slate-800 dark:bg-slate-900',
              SIZES[size],
            )}
          >
            <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
              <div className="min-w-0">
                <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">{title}</Dialog.Title>
                {description ? (
                  <Dialog.Description className="mt-1 text-sm text-slate-500 dark:text-slate-400">{description}</Dialog.Description>
                ) : null}
              </div>
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t('Close')} disabled={busy} className="-mt-1 -mr-2 size-8">
                  <X aria-hidden className="size-4" />
                </Button>
              </Dialog.Close>
            </div>
            {children}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const FIELDS = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/**
 * A dialog starts in the field marked for it, else its first field, rather than on the close
 * button. A form that shows once its data has come (a spinner first) gets focus when its fields
 * appear, unless the user has moved focus meanwhile. A dialog without fields starts on its first
 * button, as Radix does.
 */
function focusFirstField(content: HTMLElement) {
  const find = () => content.querySelector<HTMLElement>('[data-autofocus]') ?? content.querySelector<HTMLElement>(FIELDS);
  const field = find();
  if (field) {
    field.focus();
    return;
  }
  const start = content.querySelector<HTMLElement>('button:not(:disabled), [href], [tabindex]:not([tabindex="-1"])') ?? content;
  start.focus();
  const observer = new MutationObserver(() => {
    if (!content.isConnected) {
      observer.disconnect();
      return;
    }
    const late = find();
    if (!late) return;
    observer.disconnect();
    if (document.activeElement === start || document.activeElement === document.body) late.focus();
  });
  observer.observe(content, { childList: true, subtree: true });
}

/** The body and the button row of a form inside a Modal. */
export function ModalBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('px-5 py-5', className ?? 'space-y-4')}>{children}</div>;
}

export function ModalFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-2 rounded-b-xl border-t border-slate-200 bg-slate-50/60 px-5 py-3.5 dark:border-slate-800 dark:bg-slate-900/60">
      {children}
    </div>
  );
}

type ModalFormProps = {
  onSubmit: (event: FormEvent) => void;
  /** The save is running: both buttons are disabled and the submit says so. */
  saving: boolean;
  onCancel: () => void;
  /** The submit's text ('Save' unless told) and its text while saving ('Saving…' unless told). */
  submitLabel?: string;
  savingLabel?: string;
  /** The submit is red: it removes or turns something off. */
  danger?: boolean;
  /** The body's layout ('space-y-4' unless told), e.g. a grid of fields. */
  bodyClassName?: string;
  children: ReactNode;
};

/** A form inside a Modal: its fields, then Cancel and the submit button. */
export function ModalForm({ onSubmit, saving, onCancel, submitLabel, savingLabel, danger = false, bodyClassName, children }: ModalFormProps) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={onSubmit}>
      <ModalBody className={bodyClassName}>{children}</ModalBody>
      <ModalFooter>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('Cancel')}
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={saving}>
          {saving ? (savingLabel ?? t('Saving…')) : (submitLabel ?? t('Save'))}
        </Button>
      </ModalFooter>
    </form>
  );
}
