import { useId, useState } from 'react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { SearchInput } from '@/components/ui/search-input';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/initials';
import type { ChatContact } from './sample-contacts';

type ContactListProps = {
  contacts: ChatContact[];
  openId: string | null;
  onOpen: (id: string) => void;
};

/** The chat's sidebar: 'Find a dm', the Unread filter, and the Starred and Messages groups. */
export function ContactList({ contacts, openId, onOpen }: ContactListProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const unreadId = useId();

  const query = search.trim().toLocaleLowerCase();
  const activeFilters = (query ? 1 : 0) + (unreadOnly ? 1 : 0);
  const shown = contacts.filter(
    (contact) => (!query || contact.name.toLocaleLowerCase().includes(query)) && (!unreadOnly || contact.unread > 0),
  );
  const groups = [
    { id: 'starred', title: t('Starred'), contacts: shown.filter((contact) => contact.starred) },
    { id: 'messages', title: t('Messages'), contacts: shown.filter((contact) => !contact.starred) },
  ];

  return (
    <div className="flex min-h-0 flex-col">
      <div className="space-y-3 border-b border-slate-200 p-3 dark:border-slate-800">
        <SearchInput
          className="w-full"
          placeholder={t('Find a dm')}
          aria-label={t('Find a dm')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className="flex items-center justify-between gap-2">
          <label htmlFor={unreadId} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <Checkbox id={unreadId} checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} />
            {t('Unread')}
          </label>
          <Badge tone={activeFilters > 0 ? 'primary' : 'neutral'} role="status">
            {t('Filters: {{count}}', { count: activeFilters })}
          </Badge>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto p-2">
        {shown.length === 0 ? (
          <p className="px-2 py-6 text-center text-sm text-slate-500 dark:text-slate-400">{t('No conversations match.')}</p>
        ) : (
          groups.map((group) =>
            group.contacts.length === 0 ? null : (
              <section key={group.id} aria-labelledby={`chat-group-${group.id}`} className="mb-2">
                <h2
                  id={`chat-group-${group.id}`}
                  className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
                >
                  {group.title}
                </h2>
                <ul className="space-y-0.5">
                  {group.contacts.map((contact) => (
                    <li key={contact.id}>
                      <ContactButton contact={contact} active={contact.id === openId} onOpen={() => onOpen(contact.id)} />
                    </li>
                  ))}
                </ul>
              </section>
            ),
          )
        )}
      </div>
    </div>
  );
}

function ContactButton({ contact, active, onOpen }: { contact: ChatContact; active: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const last = contact.messages.at(-1);
  const preview = last ? (last.sample ? t(last.text) : last.text) : t('No messages yet');
  return (
    <button
      type="button"
      aria-current={active ? 'true' : undefined}
      onClick={onOpen}
      className={cn(
        'flex w-full items-center gap-3 rounded-lg px-2 py-2 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500',
        active ? 'bg-indigo-50 dark:bg-indigo-500/15' : 'hover:bg-slate-100 dark:hover:bg-slate-800',
      )}
    >
      <Avatar initials={initials(contact.name)} />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-1">
          <span
            className={cn(
              'truncate text-sm',
              contact.unread > 0 ? 'font-semibold text-slate-900 dark:text-white' : 'font-medium text-slate-800 dark:text-slate-200',
            )}
          >
            {contact.name}
          </span>
          {contact.starred ? <Star aria-label={t('Starred')} className="size-3.5 shrink-0 fill-amber-400 text-amber-400" /> : null}
        </span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
          {t(contact.role)} · {preview}
        </span>
      </span>
      {contact.unread > 0 ? (
        <span className="shrink-0 rounded-full bg-indigo-600 px-1.5 py-0.5 text-[11px] font-semibold text-white tabular-nums dark:bg-indigo-500">
          <span aria-hidden>{contact.unread}</span>
          <span className="sr-only">{t('{{count}} unread', { count: contact.unread })}</span>
        </span>
      ) : null}
    </button>
  );
}
