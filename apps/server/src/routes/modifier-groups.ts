import { modifierGroupInputSchema, modifierGroupListQuerySchema, modifierGroupSchema } from '@shop/contracts/modifier';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as groups from '../services/modifier-groups';
import { crudRoutes } from './crud';

/** /modifier-groups: Size, Sugar, Ice, Extras and where they apply (docs/decisions/0013-modifiers-and-discounts.md). */
export const modifierGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      path: '/modifier-groups',
      tag: 'catalogue',
      noun: 'modifier group',
      listQuery: modifierGroupListQuerySchema,
      input: modifierGroupInputSchema,
      item: modifierGroupSchema,
      writeAccess: 'catalog:manage',
      list: groups.listModifierGroups,
      get: groups.getModifierGroup,
      create: groups.createModifierGroup,
      update: groups.updateModifierGroup,
      remove: groups.deleteModifierGroup,
    }),
  );
};
