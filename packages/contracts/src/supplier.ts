import { z } from 'zod';
import { booleanFilterSchema, listQuerySchema, optionalText, requiredText } from './common';

export const supplierSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  contact_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  active: z.boolean(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Supplier = z.infer<typeof supplierSchema>;

export const supplierInputSchema = z.object({
  code: requiredText(40, 'Code'),
  name: requiredText(200, 'Name'),
  contact_name: optionalText(200, 'Contact'),
  email: optionalText(254, 'Email').refine((value) => value === null || z.email().safeParse(value).success, {
    message: 'Enter a valid email address.',
  }),
  phone: optionalText(40, 'Phone'),
  address: optionalText(500, 'Address'),
  city: optionalText(100, 'City'),
  country: optionalText(100, 'Country'),
  active: z.boolean({ error: 'Active must be true or false.' }).default(true),
  notes: optionalText(2000, 'Notes'),
});
export type SupplierInput = z.input<typeof supplierInputSchema>;

export const supplierListQuerySchema = listQuerySchema.extend({
  active: booleanFilterSchema.optional(),
});

export const SUPPLIER_MESSAGES = {
  codeTaken: 'A supplier with this code already exists.',
  notFound: 'Supplier not found.',
} as const;
