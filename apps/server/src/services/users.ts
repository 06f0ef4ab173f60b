import type { User } from '@shop/contracts/user';
import type { UserRow } from '../db/schema';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    avatar: row.avatar,
    bio: row.bio,
    created_at: row.created_at,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
