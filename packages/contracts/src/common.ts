import { z } from 'zod';

export const MAX_PER_PAGE = 1000;

export const roleSchema = z.enum(['Admin', 'Manager', 'Staff']);
export type Role = z.infer<typeof roleSchema>;

export const idParamsSchema = z.object({
  id: z.coerce.number().int('Id must be a whole number.').positive('Id must be a positive number.'),
});

/** Query parameters every list endpoint accepts. */
export const listQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search text is too long.').optional(),
  page: z.coerce.number().int('Page must be a whole number.').min(1, 'Page must be at least 1.').default(1),
  per_page: z.coerce
    .number()
    .int('Per page must be a whole number.')
    .min(1, 'Per page must be at least 1.')
    .max(MAX_PER_PAGE, `Per page must be at most ${MAX_PER_PAGE}.`)
    .default(15),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listMetaSchema = z.object({
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: listMetaSchema });
}

export function recordResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

/** The texts DESIGN.md §3 fixes for every endpoint. */
export const API_MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  forbidden: "Forbidden — you don't have permission.",
  notFound: 'Not found.',
  invalid: 'The given data was invalid.',
  serverError: 'Something went wrong on the server. Please try again.',
} as const;
