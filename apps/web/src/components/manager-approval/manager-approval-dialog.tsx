import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Delete, LoaderCircle, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Approval, ApprovablePermission } from '@shop/contracts/approval';
import { Button } from '@/components/ui/button';
import { FieldError, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Modal } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/error-text';
import { useApprovers, useRequestApproval } from './approvals-api';

export type ManagerApprovalDialogProps = {
  open: boolean;
  /** Closed by Esc, Cancel or the close button (the change asked for is not made) — or after onApproved. */
  onOpenChange: (open: boolean) => void;
  /** What is approved: the token lends this one permission. */
  permission: ApprovablePermission;
  /** What the cashier asked for, in words ("Switch tax off"); shown under the title. */
  reason: string;
  /** The approval, with its token to send as `approval_token`. The dialog closes itself after. */
  onApproved: (approval: Approval) => void;
  /** Where focus goes on close when what opened the dialog cannot take it back. */
  fallbackFocus?: () => HTMLElement | null;
};

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
const PIN_LENGTH = 6;

/**
 * A Manager's approval at the till: who approves (those with a till PIN) and their PIN, typed on
 * the keyboard or the keypad. Enter approves, Esc cancels. A wrong PIN says so; too many lock
 * that approver's PIN for a while, and the wait is shown.
 */
export function ManagerApprovalDialog({ open, onOpenChange, permission, reason, onApproved, fallbackFocus }: ManagerApprovalDialogProps) {
  const { t } = useTranslation();
  const request = useRequestApproval();
  return (
    <Modal open={open} onOpenChange={onOpenChange} busy={request.isPending} title={t("Manager's approval")} description={reason} size="sm" fallbackFocus={fallbackFocus}>
      {/* Mounted only while open: each opening starts with an empty PIN and no message. */}
      <ApprovalForm permission={permission} request={request} onApproved={onApproved} onClose={() => onOpenChange(false)} />
    </Modal>
  );
}

type ApprovalFormProps = {
  permission: ApprovablePermission;
  request: ReturnType<typeof useRequestApproval>;
  onApproved: (approval: Approval) => void;
  onClose: () => void;
};

function ApprovalForm({ permission, request, onApproved, onClose }: ApprovalFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const approvers = useApprovers(permission, true);
  const [approverId, setApproverId] = useState<number | null>(null);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<{ field: 'approver' | 'pin' | 'form'; text: string } | null>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const list = approvers.data ?? [];
  const chosen = approverId !== null && list.some((a) => a.id === approverId) ? approverId : (list[0]?.id ?? null);

  // The PIN is what is typed most: focus it once the list of approvers is there.
  const loaded = approvers.isSuccess && list.length > 0;
  useEffect(() => {
    if (loaded) pinRef.current?.focus({ preventScroll: true });
  }, [loaded]);

  function type(next: string) {
    setPin(next.replace(/\D/g, '').slice(0, PIN_LENGTH));
    if (error?.field === 'pin') setError(null);
  }

  function press(key: string) {
    type(key === 'back' ? pin.slice(0, -1) : pin + key);
    pinRef.current?.focus({ preventScroll: true });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (request.isPending) return;
    if (chosen === null) return setError({ field: 'approver', text: t('Choose who approves.') });
    if (!/^\d{4,6}$/.test(pin)) return setError({ field: 'pin', text: t('The PIN is 4 to 6 digits.') });
    request.mutate(
      { approver_id: chosen, pin, permission },
      {
        onSuccess: (approval) => {
          onApproved(approval);
          onClose();
        },
        onError: (failure) => {
          setPin('');
          pinRef.current?.focus({ preventScroll: true });
          if (failure instanceof ApiError && failure.status === 422 && failure.errors?.pin?.[0]) {
            return setError({ field: 'pin', text: t(failure.errors.pin[0]) });
          }
          if (failure instanceof ApiError && failure.status === 422 && failure.errors?.approver_id?.[0]) {
            void approvers.refetch();
            return setError({ field: 'approver', text: t(failure.errors.approver_id[0]) });
          }
          const text = failureText(failure, t('Approval failed'), t);
          if (text) setError({ field: 'form', text });
        },
      },
    );
  }

  const pinId = `${id}-pin`;
  const approverFieldId = `${id}-approver`;
  const busy = request.isPending;

  return (
    <form noValidate onSubmit={submit} className="space-y-4 px-5 py-5">
      {approvers.isPending ? (
        <Spinner label={t('Loading…')} />
      ) : approvers.isError ? (
        <div className="flex items-center justify-between gap-2 text-sm text-red-700 dark:text-red-400" role="alert">
          {t('Could not load who can approve.')}
          <Button variant="secondary" size="sm" onClick={() => void approvers.refetch()}>
            {t('Try again')}
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200" role="status">
          {t('No Manager has a till PIN yet. A Manager sets one in their Profile.')}
        </p>
      ) : (
        <>
          <div className="space-y-1.5">
            <Label htmlFor={approverFieldId}>{t('Approved by')}</Label>
            <Select
              id={approverFieldId}
              value={chosen ?? ''}
              onChange={(event) => {
                setApproverId(Number(event.target.value));
                setError(null);
              }}
              disabled={busy}
              {...invalidProps(approverFieldId, error?.field === 'approver' ? error.text : undefined)}
            >
              {list.map((approver) => (
                <option key={approver.id} value={approver.id}>
                  {approver.name}
                </option>
              ))}
            </Select>
            <FieldError id={approverFieldId} error={error?.field === 'approver' ? error.text : undefined} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={pinId}>{t('PIN')}</Label>
            <Input
              ref={pinRef}
              id={pinId}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={PIN_LENGTH}
              value={pin}
              onChange={(event) => type(event.target.value)}
              disabled={busy}
              className="h-12 text-center text-2xl tracking-[0.5em] pointer-coarse:h-14"
              {...invalidProps(pinId, error?.field === 'pin' ? error.text : undefined)}
            />
            <FieldError id={pinId} error={error?.field === 'pin' ? error.text : undefined} />
          </div>
          <div className="grid grid-cols-3 gap-2" aria-label={t('Keypad')} role="group">
            {[...KEYS, 'back', '0'].map((key) => (
              <Button
                key={key}
                variant="secondary"
                className="h-12 text-lg tabular-nums pointer-coarse:h-14"
                disabled={busy}
                aria-label={key === 'back' ? t('Delete last digit') : key}
                onClick={() => press(key)}
              >
                {key === 'back' ? <Delete aria-hidden className="size-5" /> : key}
              </Button>
            ))}
            <Button type="submit" className="h-12 text-base pointer-coarse:h-14" disabled={busy}>
              {busy ? <LoaderCircle aria-hidden className="size-5 animate-spin" /> : <ShieldCheck aria-hidden className="size-5" />}
              {t('Approve')}
            </Button>
          </div>
        </>
      )}
      {error?.field === 'form' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error.text}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button variant="ghost" onClick={onClose} disabled={busy}>
          {t('Cancel')}
        </Button>
      </div>
    </form>
  );
}
