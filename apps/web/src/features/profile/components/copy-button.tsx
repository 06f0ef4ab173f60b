import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

/** Copies `text` to the clipboard; the button says 'Copied' for a moment so the click is seen. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(t('Copied to clipboard'));
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard access needs a secure page and permission; the text stays selectable on screen.
      toast.error(t('Could not copy. Select the text and copy it yourself.'));
    }
  }

  const Icon = copied ? Check : Copy;
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()}>
      <Icon aria-hidden className="size-4" />
      {copied ? t('Copied') : (label ?? t('Copy'))}
    </Button>
  );
}
