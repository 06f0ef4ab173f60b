import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { ContactList } from './contact-list';
import { Conversation } from './conversation';
import { useLocalChat } from './use-local-chat';

/** A local demo (docs/screens.md, "Notifications and chat"), so the page says plainly that nothing is sent. */
export function ChatPage() {
  const { t } = useTranslation();
  const chat = useLocalChat();
  const contact = chat.openContact;
  return (
    <section>
      <PageTitle
        title={t('Conversation')}
        description={t('A demo chat: messages stay in this browser tab and are not sent to anyone.')}
      />
      <Card className="grid grid-cols-1 overflow-hidden lg:h-[calc(100dvh-13rem)] lg:min-h-[480px] lg:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="flex max-h-[22rem] min-h-0 flex-col border-b border-slate-200 lg:max-h-none lg:border-r lg:border-b-0 dark:border-slate-800">
          <ContactList contacts={chat.contacts} openId={contact?.id ?? null} onOpen={chat.open} />
        </div>
        <div className="flex min-h-[420px] flex-col lg:min-h-0">
          {contact ? (
            // A new key per contact, so a half-written message is never sent to the next person opened.
            <Conversation key={contact.id} contact={contact} onSend={(text) => chat.send(contact.id, text)} />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-sm text-slate-500 dark:text-slate-400">
              <MessagesSquare aria-hidden className="size-8 text-slate-300 dark:text-slate-600" />
              {t('Pick a conversation on the left to open it.')}
            </div>
          )}
        </div>
      </Card>
    </section>
  );
}
