import { z } from 'zod';
import { listQuerySchema, roleSchema } from './common';

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  bio: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = listQuerySchema.extend({
  role: roleSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
