import { roleSchema, type Role } from '@shop/contracts/common';

/** The roles in the contract's order (Admin, Manager, Staff), for the role select and filter. */
export const ROLES: readonly Role[] = roleSchema.options;
