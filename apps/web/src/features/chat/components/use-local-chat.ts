import { useEffect, useRef, useState } from 'react';
import { SAMPLE_CONTACTS, type ChatContact } from './sample-contacts';

/** The contact's reply comes 600 ms after a message is sent (docs/screens.md, "Notifications and chat"). */
export const REPLY_DELAY_MS = 600;
const REPLY_TEXT = '👍';

let nextMessageId = 0;
function messageId(): string {
  nextMessageId += 1;
  return `local-${nextMessageId}`;
}

/**
 * The chat demo's state, kept in this page only: sending appends the message as 'me', and the
 * contact answers with a thumbs-up shortly after. A reply to a conversation that is not open
 * counts as unread there.
 */
export function useLocalChat() {
  const [contacts, setContacts] = useState<ChatContact[]>(() => SAMPLE_CONTACTS.map((contact) => ({ ...contact })));
  const [openId, setOpenId] = useState<string | null>(null);
  const openIdRef = useRef(openId);
  const timers = useRef(new Set<number>());

  useEffect(() => {
    openIdRef.current = openId;
  }, [openId]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) window.clearTimeout(timer);
    };
  }, []);

  function update(id: string, change: (contact: ChatContact) => ChatContact) {
    setContacts((previous) => previous.map((contact) => (contact.id === id ? change(contact) : contact)));
  }

  function open(id: string) {
    setOpenId(id);
    update(id, (contact) => ({ ...contact, unread: 0 }));
  }

  function send(id: string, text: string) {
    update(id, (contact) => ({ ...contact, messages: [...contact.messages, { id: messageId(), from: 'me', text }] }));
    const timer = window.setTimeout(() => {
      timers.current.delete(timer);
      update(id, (contact) => ({
        ...contact,
        unread: openIdRef.current === id ? contact.unread : contact.unread + 1,
        messages: [...contact.messages, { id: messageId(), from: 'them', text: REPLY_TEXT }],
      }));
    }, REPLY_DELAY_MS);
    timers.current.add(timer);
  }

  return { contacts, openContact: contacts.find((contact) => contact.id === openId) ?? null, open, send };
}
