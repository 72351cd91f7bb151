/**
 * Upgrades and commands to many cabinets (docs/firmware.md): the firmware, versions and record pages
 * load as routes; the cabinet list reaches the bulk-command drawer here, loaded when first opened.
 */
export { BulkCommandDrawer } from './lazyBulkCommand';
