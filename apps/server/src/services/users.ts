import type { User, UserStatus } from '@shop/contracts/user';
import type { UserRow } from '../db/schema';

export function userStatus(row: Pick<UserRow, 'pending' | 'deactivated_at'>): UserStatus {
  if (row.pending) return 'Pending';
  return row.deactivated_at ? 'Deactivated' : 'Active';
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    avatar: row.avatar,
    bio: row.bio,
    status: userStatus(row),
    two_fa_enabled: row.totp_secret !== null,
    created_at: row.created_at,
    deactivated_at: row.deactivated_at,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
