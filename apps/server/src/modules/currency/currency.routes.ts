import type { FastifyInstance } from 'fastify';
import { currencyDetailQuery, currencyEdit } from '@swap/contracts';
import { omsRoute } from '../../app/route.js';
import { currencyDetail, editCurrency } from './currency.service.js';

export function registerCurrencyRoutes(app: FastifyInstance): void {
  /** Every signed-in account reads its currency: the sidebar and every amount label need it. */
  omsRoute(
    app,
    { method: 'GET', url: '/currency/config/detail', access: { code: '' }, querystring: currencyDetailQuery },
    async ({ ctx, query }) => currencyDetail(ctx, query.merchantId),
  );

  omsRoute(
    app,
    { method: 'POST', url: '/currency/config/edit', access: { code: 'system.international.currency.edit' }, body: currencyEdit },
    async ({ ctx, body }) => editCurrency(ctx, body),
  );
}
