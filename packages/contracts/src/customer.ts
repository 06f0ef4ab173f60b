import { z } from 'zod';
import { listQuerySchema, optionalHttpUrl, optionalText, requiredText } from './common';

export const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  avatar: z.string().nullable(),
  /** What the customer still owes on sales left partly unpaid, in dollars. */
  balance_owing: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerInputSchema = z.object({
  name: requiredText(200, 'Name'),
  email: requiredText(254, 'Email').pipe(z.email('Enter a valid email address.')),
  phone: optionalText(40, 'Phone'),
  company: optionalText(200, 'Company'),
  avatar: optionalHttpUrl('Avatar URL'),
});
export type CustomerInput = z.input<typeof customerInputSchema>;

export const customerListQuerySchema = listQuerySchema;

export const CUSTOMER_MESSAGES = {
  emailTaken: 'A customer with this email already exists.',
  notFound: 'Customer not found.',
  owes: (name: string) => `${name} still owes on sales left on account. Settle them before removing the customer.`,
} as const;
