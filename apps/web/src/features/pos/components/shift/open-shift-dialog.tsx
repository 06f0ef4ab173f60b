import { useState, type FormEvent } from 'react';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Till } from '@shop/contracts/till';
import { cashAmounts, CashCount, emptyCashCount, type CashCountValue } from '@/components/shift-report/cash-count';
import { useOpenShift } from '@/components/shift-report/shifts-api';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { failureText } from '@/lib/error-text';

type OpenShiftDialogProps = {
  till: Pick<Till, 'id' | 'name'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  fallbackFocus?: () => HTMLElement | null;
};

/** Opening a shift: the float counted into the drawer, dollars and riel apart, by note or as totals. Enter opens. */
export function OpenShiftDialog({ till, open, onOpenChange, fallbackFocus }: OpenShiftDialogProps) {
  const { t } = useTranslation();
  const openShift = useOpenShift();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      busy={openShift.isPending}
      title={t('Open a shift: {{till}}', { till: till.name })}
      description={t('Count the float you put in the drawer.')}
      size="xl"
      fallbackFocus={fallbackFocus}
    >
      <OpenShiftForm till={till} openShift={openShift} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function OpenShiftForm({ till, openShift, onDone }: { till: Pick<Till, 'id' | 'name'>; openShift: ReturnType<typeof useOpenShift>; onDone: () => void }) {
  const { t } = useTranslation();
  const [count, setCount] = useState<CashCountValue>(() => emptyCashCount(true));
  const [problem, setProblem] = useState<string | null>(null);
  const float = cashAmounts(count);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!float || openShift.isPending) return;
    setProblem(null);
    openShift.mutate(
      { till_id: till.id, float },
      {
        onSuccess: (answer) => {
          toast.success(t(answer.message || 'Shift opened'));
          onDone();
        },
        onError: (error) => setProblem(failureText(error, t('Opening the shift failed'), t)),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <ModalBody>
        <CashCount value={count} onChange={setCount} disabled={openShift.isPending} />
        {problem ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {problem}
          </p>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button variant="ghost" onClick={onDone} disabled={openShift.isPending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={!float || openShift.isPending}>
          {openShift.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
          {t('Open shift')}
        </Button>
      </ModalFooter>
    </form>
  );
}
