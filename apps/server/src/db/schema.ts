import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '@shop/contracts/common';

/*
 * Portable column conventions (SQLite and PostgreSQL read the same):
 * instants are ISO-8601 UTC text, calendar dates are YYYY-MM-DD text,
 * booleans are 0/1 integers, money is integer cents.
 */

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  phone: string | null;
  avatar: string | null;
  bio: string | null;
  deactivated_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  device: string;
  ip: string;
  user_agent: string;
  created_at: string;
  last_active_at: string;
  revoked_at: string | null;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  window_started_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface UnitsTable {
  id: Generated<number>;
  name: string;
  symbol: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  sku: string;
  barcode: string | null;
  category_id: number;
  unit_id: number;
  price_cents: number;
  active: number;
  track_stock: number;
  reorder_level: number;
  on_hand: Generated<number>;
  image: string | null;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  avatar: string | null;
  created_at: string;
  updated_at: string;
}

export interface SuppliersTable {
  id: Generated<number>;
  code: string;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  active: number;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface PromotionsTable {
  id: Generated<number>;
  title: string;
  product_id: number;
  discount_bp: number;
  valid_until: string | null;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  categories: CategoriesTable;
  units: UnitsTable;
  products: ProductsTable;
  customers: CustomersTable;
  suppliers: SuppliersTable;
  promotions: PromotionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
