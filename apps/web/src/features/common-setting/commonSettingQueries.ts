import { commonSettingApi, type InputOf } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** The common settings screen's changes through the declared endpoints; the list reloads itself. */
export const commonSettingChanges = {
  add: (body: InputOf<typeof commonSettingApi.add>) => request(commonSettingApi.add, body),
  edit: (body: InputOf<typeof commonSettingApi.edit>) => request(commonSettingApi.edit, body),
  remove: (id: number) => request(commonSettingApi.remove, { id }),
};
