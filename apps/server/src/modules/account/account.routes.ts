import type { FastifyInstance } from 'fastify';
import { accountApi, profileApi, type AccountRecord } from '@swap/contracts';
import { serve } from '../../app/route.js';
import type { CsvColumn } from '../../app/csv.js';
import { accountList } from './account.query.js';
import { editProfile, profileOf } from './account.profile.js';
import {
  addAccount,
  assignAccountRoles,
  editAccount,
  linkAccountSso,
  resetAccountPassword,
  setAccountStatus,
  unlinkAccountSso,
} from './account.service.js';

const CSV_COLUMNS: CsvColumn<AccountRecord>[] = [
  { field: 'id' },
  { field: 'username' },
  { field: 'name' },
  { field: 'phone' },
  { field: 'email' },
  { field: 'accountType' },
  { field: 'type', show: 'shell.userType' },
  { field: 'status' },
  { field: 'merchantId', value: (row) => row.merchantName },
  { field: 'roleIds', value: (row) => row.roleNames },
  { field: 'lastLoginAt' },
  { field: 'createdAt' },
];

/** Accounts (System centre → Accounts, /system/admin/list). */
export function registerAccountRoutes(app: FastifyInstance, options: { ssoIssuer?: string } = {}): void {
  serve(app, accountApi.search, ({ input, ctx }) => accountList.search(ctx, input));
  serve(app, accountApi.detail, ({ input, ctx }) => accountList.detail(ctx, input.id));
  serve(app, accountApi.add, ({ input, ctx }) => addAccount(ctx, input));
  serve(app, accountApi.edit, ({ input, ctx }) => editAccount(ctx, input));
  serve(app, accountApi.status, ({ input, ctx }) => setAccountStatus(ctx, input));
  serve(app, accountApi.resetPassword, ({ input, ctx }) => resetAccountPassword(ctx, input));
  serve(app, accountApi.assignRoles, ({ input, ctx }) => assignAccountRoles(ctx, input));
  serve(app, accountApi.linkSso, ({ input, ctx }) => linkAccountSso(ctx, input, options.ssoIssuer));
  serve(app, accountApi.unlinkSso, ({ input, ctx }) => unlinkAccountSso(ctx, input));
  serve(app, accountApi.export, ({ input, ctx, reply }) =>
    accountList.sendExport(reply, ctx, input, { filename: 'accounts.csv', columns: CSV_COLUMNS }),
  );
  // One's own account, from the user menu: every signed-in account, on its own row only.
  serve(app, profileApi.detail, ({ ctx }) => profileOf(ctx));
  serve(app, profileApi.edit, ({ input, ctx }) => editProfile(ctx, input));
}
