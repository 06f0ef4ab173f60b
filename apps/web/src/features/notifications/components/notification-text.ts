import type { TFunction } from 'i18next';
import type { Notification } from '@shop/contracts/notification';
import { formatMoney } from '@/lib/format';

type Text = { title: string; body: string };

/** The server's params for each kind (services/notifications.ts); without them its English text is shown. */
const PARAMS: Record<Notification['kind'], readonly string[]> = {
  low_stock: ['product', 'sku', 'on_hand', 'reorder_level'],
  expiring: ['product', 'sku', 'remaining', 'expire_date'],
  refund: ['refund', 'sale', 'amount', 'by'],
  signup: ['name', 'email'],
  signup_duplicate: ['name', 'email'],
  expired: ['product', 'sku', 'remaining', 'expire_date'],
  offline_short_stock: ['product', 'sku', 'quantity', 'on_hand'],
};

/**
 * The server words notifications in English for API clients and sends what they are made of
 * (`params`); the console words them again so a Khmer reader gets Khmer.
 */
export function notificationText(notification: Notification, t: TFunction): Text {
  const { kind, params } = notification;
  if (!PARAMS[kind].every((name) => params[name] !== undefined)) return { title: notification.title, body: notification.body };
  switch (kind) {
    case 'low_stock':
      return {
        title: t('Low stock: {{product}}', params),
        body: t('{{on_hand}} left of {{product}} ({{sku}}); reorder level {{reorder_level}}.', params),
      };
    case 'expiring':
      return {
        title: t('Expiring soon: {{product}}', params),
        body: t('{{remaining}} of {{product}} ({{sku}}) expire on {{expire_date}}.', params),
      };
    case 'refund':
      return {
        title: t('Refund {{refund}}', params),
        body: t('{{by}} refunded {{amount}} on sale {{sale}}.', { ...params, amount: formatMoney(Number(params.amount)) }),
      };
    case 'signup':
      return {
        title: t('Sign-up waiting: {{name}}', params),
        body: t('{{name}} ({{email}}) asked for an account. Approve it on the Users screen.', params),
      };
    case 'expired':
      return {
        title: t('Expired: {{product}}', params),
        body: t('{{remaining}} of {{product}} ({{sku}}) expired on {{expire_date}}: write them off; they cannot be sold.', params),
      };
    case 'offline_short_stock':
      return {
        title: t('Sold past stock offline: {{product}}', params),
        body: t('Sold offline: {{quantity}} × {{product}}, on hand now {{on_hand}}.', params),
      };
    case 'signup_duplicate':
      return {
        title: t('Sign-up with a known e-mail: {{email}}', params),
        body: t('Someone asked for an account as {{name}} with {{email}}, which already has one. Nothing was changed.', params),
      };
  }
}

/** The words of the link to the screen a notification is about. */
export function notificationLinkText(kind: Notification['kind'], t: TFunction): string {
  switch (kind) {
    case 'low_stock':
      return t('Open the stock report');
    case 'expiring':
      return t('See expiring products');
    case 'refund':
      return t('Open the sale');
    case 'signup':
      return t('Review sign-ups');
    case 'signup_duplicate':
      return t('Open the users list');
    case 'expired':
      return t('See expiring products');
    case 'offline_short_stock':
      return t('Open the stock report');
  }
}
