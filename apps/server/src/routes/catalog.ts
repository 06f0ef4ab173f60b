import { categoryInputSchema, categoryListQuerySchema, categorySchema } from '@shop/contracts/category';
import { productInputSchema, productListQuerySchema, productSchema } from '@shop/contracts/product';
import { unitInputSchema, unitListQuerySchema, unitSchema } from '@shop/contracts/unit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as categories from '../services/categories';
import * as products from '../services/products';
import * as units from '../services/units';
import { crudRoutes } from './crud';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      path: '/categories',
      tag: 'catalogue',
      noun: 'category',
      listQuery: categoryListQuerySchema,
      input: categoryInputSchema,
      item: categorySchema,
      writeAccess: 'catalog:manage',
      list: categories.listCategories,
      get: categories.getCategory,
      create: categories.createCategory,
      update: categories.updateCategory,
      remove: categories.deleteCategory,
    }),
  );
  await app.register(
    crudRoutes({
      path: '/units',
      tag: 'catalogue',
      noun: 'unit',
      listQuery: unitListQuerySchema,
      input: unitInputSchema,
      item: unitSchema,
      writeAccess: 'catalog:manage',
      list: units.listUnits,
      get: units.getUnit,
      create: units.createUnit,
      update: units.updateUnit,
      remove: units.deleteUnit,
    }),
  );
  await app.register(
    crudRoutes({
      path: '/products',
      tag: 'catalogue',
      noun: 'product',
      listQuery: productListQuerySchema,
      input: productInputSchema,
      item: productSchema,
      writeAccess: 'catalog:manage',
      listOffMainThread: true,
      list: products.listProducts,
      get: products.getProduct,
      create: products.createProduct,
      update: products.updateProduct,
      remove: products.deleteProduct,
    }),
  );
};
