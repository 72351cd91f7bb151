import { lazy } from 'react';

/** The bulk-command drawer the cabinet list opens, its code loaded when first opened (docs/firmware.md). */
export const BulkCommandDrawer = lazy(async () => ({ default: (await import('./BulkCommandDrawer')).BulkCommandDrawer }));
