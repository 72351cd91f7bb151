import { fieldLabel, validationText } from '@swap/contracts';
import type { Ctx } from './context.js';
import { AppError } from './errors.js';

/**
 * A business-rule refusal of one field ("Invalid value for Merchant"), shaped like a schema
 * failure so forms show it at the field.
 */
export function fieldInvalid(ctx: Pick<Ctx, 'lang'>, field: string): AppError {
  const label = fieldLabel(field, ctx.lang);
  return new AppError(
    'fieldInvalid',
    { field: label },
    { fields: [{ field, message: validationText('validation.invalid', ctx.lang, label) }] },
  );
}

/** The refusal for a permission the caller lacks, worded as the access check words it. */
export function permissionDenied(ctx: Pick<Ctx, 'principal' | 'codes'>): AppError {
  if (ctx.codes.size === 0 && ctx.principal.type !== 'SUPER') return new AppError('noPermissionGranted');
  return new AppError(ctx.principal.type === 'SON' ? 'subAccountNoPermission' : 'noAuthority');
}
