import type { FastifyInstance } from 'fastify';
import { commonSettingApi, type CommonSettingRecord } from '@swap/contracts';
import { SENT, serve } from '../../app/route.js';
import { fieldColumns, sendCsv, toCsv, type CsvColumn } from '../../app/csv.js';
import { addSetting, editSetting, removeSetting, searchSettings, settingDetail, settingsForExport } from './common-setting.service.js';

const CSV_COLUMNS: CsvColumn<CommonSettingRecord>[] = fieldColumns(['id', 'name', 'value', 'description', 'remark', 'updatedAt']);

/** Settings are platform-wide: anyone granted the screen reads them, only platform staff change them. */
export function registerCommonSettingRoutes(app: FastifyInstance): void {
  serve(app, commonSettingApi.search, ({ ctx, input }) => searchSettings(ctx.db, input));
  serve(app, commonSettingApi.detail, ({ ctx, input }) => settingDetail(ctx.db, input.id));
  serve(app, commonSettingApi.add, ({ ctx, input }) => addSetting(ctx, input));
  serve(app, commonSettingApi.edit, ({ ctx, input }) => editSetting(ctx, input));
  serve(app, commonSettingApi.remove, async ({ ctx, input }) => {
    await removeSetting(ctx, input.id);
    return null;
  });
  serve(app, commonSettingApi.export, async ({ ctx, input, reply }) => {
    const rows = await settingsForExport(ctx.db, input);
    void sendCsv(reply, 'common-settings.csv', toCsv(rows, CSV_COLUMNS, ctx));
    return SENT;
  });
}
