import { promotionInputSchema, promotionListQuerySchema, promotionSchema } from '@shop/contracts/promotion';
import * as promotions from '../services/promotions';
import { crudRoutes } from './crud';

export const promotionRoutes = crudRoutes({
  path: '/promotions',
  tag: 'promotions',
  noun: 'promotion',
  listQuery: promotionListQuerySchema,
  input: promotionInputSchema,
  item: promotionSchema,
  writeAccess: 'promotions:manage',
  list: promotions.listPromotions,
  get: promotions.getPromotion,
  create: promotions.createPromotion,
  update: promotions.updatePromotion,
  remove: promotions.deletePromotion,
});
