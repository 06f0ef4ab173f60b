import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SendHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/initials';
import type { ChatContact } from './sample-contacts';

/** One open conversation: the messages (a live log) and the box to write in. */
export function Conversation({ contact, onSend }: { contact: ChatContact; onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const hintId = useId();
  const endRef = useRef<HTMLLIElement>(null);
  const blank = draft.trim() === '';

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [contact.messages.length]);

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (blank) return;
    onSend(draft.trim());
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is composing (e.g. Khmer) picks a candidate, it does not send.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <Avatar initials={initials(contact.name)} size="md" />
        <div className="min-w-0">
          <h2 className="truncate text-sm font-semibold text-slate-900 dark:text-white">{contact.name}</h2>
          <p className="truncate text-xs text-slate-500 dark:text-slate-400">{t(contact.role)}</p>
        </div>
      </div>

      <ol
        role="log"
        aria-live="polite"
        aria-label={t('Messages with {{name}}', { name: contact.name })}
        tabIndex={0}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto bg-slate-50/60 px-4 py-4 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500 dark:bg-slate-950/40"
      >
        {contact.messages.length === 0 ? (
          <li className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('No messages yet. Say hello!')}</li>
        ) : null}
        {contact.messages.map((message) => {
          const mine = message.from === 'me';
          return (
            <li key={message.id} className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
              <span className="px-1 text-xs font-medium text-slate-500 dark:text-slate-400">{mine ? t('me') : contact.name}</span>
              <p
                className={cn(
                  'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[70%]',
                  mine
                    ? 'rounded-br-sm bg-indigo-600 text-white dark:bg-indigo-500'
                    : 'rounded-bl-sm border border-slate-200 bg-white text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
                )}
              >
                {message.sample ? t(message.text) : message.text}
              </p>
            </li>
          );
        })}
        <li ref={endRef} aria-hidden />
      </ol>

      <form onSubmit={send} className="border-t border-slate-200 p-3 dark:border-slate-800">
        <div className="flex items-end gap-2">
          <Textarea
            rows={2}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            aria-label={t('Message to {{name}}', { name: contact.name })}
            aria-describedby={hintId}
            placeholder={t('Write a message…')}
            className="min-h-[44px] resize-none"
          />
          <Button type="submit" disabled={blank}>
            <SendHorizontal aria-hidden className="size-4" />
            {t('Send')}
          </Button>
        </div>
        <p id={hintId} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {t('Enter sends, Shift+Enter starts a new line.')}
        </p>
      </form>
    </div>
  );
}
