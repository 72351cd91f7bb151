import type { FastifyInstance } from 'fastify';
import { currencyApi } from '@swap/contracts';
import { serve } from '../../app/route.js';
import { currencyDetail, editCurrency } from './currency.service.js';

export function registerCurrencyRoutes(app: FastifyInstance): void {
  serve(app, currencyApi.detail, ({ ctx, input }) => currencyDetail(ctx, input.merchantId));
  serve(app, currencyApi.edit, ({ ctx, input }) => editCurrency(ctx, input));
}
