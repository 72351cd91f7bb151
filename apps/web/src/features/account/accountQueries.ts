import { accountApi, type InputOf } from '@swap/contracts';
import { request } from '../../shared/api/endpoints';

/** The account screens' changes through the declared endpoints; the list and forms reload what they show. */
export const accountChanges = {
  add: (body: InputOf<typeof accountApi.add>) => request(accountApi.add, body),
  edit: (body: InputOf<typeof accountApi.edit>) => request(accountApi.edit, body),
  resetPassword: (body: InputOf<typeof accountApi.resetPassword>) => request(accountApi.resetPassword, body),
  assignRoles: (body: InputOf<typeof accountApi.assignRoles>) => request(accountApi.assignRoles, body),
  setStatus: (body: InputOf<typeof accountApi.status>) => request(accountApi.status, body),
  linkSso: (body: InputOf<typeof accountApi.linkSso>) => request(accountApi.linkSso, body),
  unlinkSso: (body: InputOf<typeof accountApi.unlinkSso>) => request(accountApi.unlinkSso, body),
};
