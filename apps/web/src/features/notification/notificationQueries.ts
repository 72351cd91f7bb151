import { notificationApi, type InputOf } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** The notification screen's changes through the declared endpoints; the list reloads itself. */
export const notificationChanges = {
  add: (body: InputOf<typeof notificationApi.add>) => request(notificationApi.add, body),
  edit: (body: InputOf<typeof notificationApi.edit>) => request(notificationApi.edit, body),
  remove: (id: number) => request(notificationApi.remove, { id }),
};
