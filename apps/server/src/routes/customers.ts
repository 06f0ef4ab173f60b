import { customerInputSchema, customerListQuerySchema, customerSchema } from '@shop/contracts/customer';
import * as customers from '../services/customers';
import { crudRoutes } from './crud';

export const customerRoutes = crudRoutes({
  path: '/customers',
  tag: 'customers',
  noun: 'customer',
  listQuery: customerListQuerySchema,
  input: customerInputSchema,
  item: customerSchema,
  writeAccess: 'customers:manage',
  // Staff add a customer at the till; changing or removing one is a manager's call.
  createAccess: 'customers:create',
  list: customers.listCustomers,
  get: customers.getCustomer,
  create: customers.createCustomer,
  update: customers.updateCustomer,
  remove: customers.deleteCustomer,
});
