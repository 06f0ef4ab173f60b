export type ChatMessage = {
  id: string;
  from: 'me' | 'them';
  text: string;
  /** A built-in sample, worded in English here and translated where it is shown. */
  sample?: boolean;
};

export type ChatContact = {
  id: string;
  name: string;
  /** English; translated where shown. */
  role: string;
  starred: boolean;
  unread: number;
  messages: ChatMessage[];
};

// Marks the sample texts for translation (the i18n check finds them); they are translated when shown.
const t = (text: string) => text;

function them(id: string, text: string): ChatMessage {
  return { id, from: 'them', text, sample: true };
}

function me(id: string, text: string): ChatMessage {
  return { id, from: 'me', text, sample: true };
}

/** The demo's people: the shop's staff and suppliers. Nothing here comes from or goes to a server. */
export const SAMPLE_CONTACTS: readonly ChatContact[] = [
  {
    id: 'sreyneang',
    name: 'Sreyneang Chea',
    role: t('Shift manager'),
    starred: true,
    unread: 0,
    messages: [
      them('s1', t('The morning shift is covered. Can you check the cash float before we open?')),
      me('s2', t('Yes, I will count it at 7:30.')),
    ],
  },
  {
    id: 'mekong-roasters',
    name: 'Mekong Roasters',
    role: t('Coffee bean supplier'),
    starred: true,
    unread: 2,
    messages: [
      them('m1', t('Your 10 kg of house blend is roasted today.')),
      them('m2', t('We can deliver tomorrow before 9 am. Is that fine?')),
    ],
  },
  {
    id: 'dara',
    name: 'Dara Pich',
    role: t('Barista'),
    starred: false,
    unread: 1,
    messages: [them('d1', t('We are almost out of oat milk. Should I buy two cartons at the market?'))],
  },
  {
    id: 'kampot-dairy',
    name: 'Kampot Fresh Dairy',
    role: t('Milk supplier'),
    starred: false,
    unread: 0,
    messages: [
      me('k1', t("Please add 6 litres of fresh milk to Friday's order.")),
      them('k2', t('Noted, 6 litres added. The invoice comes with the delivery.')),
    ],
  },
  {
    id: 'bopha',
    name: 'Bopha Lim',
    role: t('Cashier'),
    starred: false,
    unread: 0,
    messages: [them('b1', t('The receipt printer is nearly out of paper rolls.'))],
  },
  { id: 'angkor-packaging', name: 'Angkor Packaging', role: t('Cups and lids supplier'), starred: false, unread: 0, messages: [] },
];
