import type { AuditVerb } from '../domains/audit-log.js';

/**
 * English words of the enumeration values (and yes/no) the product shows, by group: the screens read
 * them as catalogue keys `<group>.<VALUE>`, the CSV exports and the audit log by group and value.
 */
export const ENUM_WORDS_EN = {
  common: {
    yes: 'Yes',
    no: 'No',
  },
  'account.accountType': {
    PLATFORM: 'Platform',
    MERCHANT: 'Merchant',
  },
  'account.status': {
    ENABLED: 'Enabled',
    DISABLED: 'Disabled',
  },
  'shell.userType': {
    SUPER: 'Super administrator',
    NORMAL: 'General administrator',
    SON: 'Sub-account',
  },
  'merchant.type': {
    AGENT: 'Agent',
    DIRECT: 'Direct',
  },
  // The device message a refusal answered (the audit log's cabinet refusals).
  'deviceLink.channel': {
    event: 'Swap event',
    authorize: 'Swap authorization',
    state: 'Cabinet state report',
  },
  'basePrice.operationType': {
    NEW: 'New',
    LEASE: 'Lease',
    SALE: 'Sale',
    LEASE_TO_OWN: 'Lease to own',
  },
  'basePrice.vehicleType': {
    ANY_BIKE: 'Any Bike',
  },
  'station.type': {
    INTEGRATED: 'Integrated station',
    SWAP: 'Swap station',
  },
  'station.nature': {
    SELF_OPERATED: 'Self-operated',
    FRANCHISED: 'Franchised',
    PARTNER: 'Partner premises',
  },
  'station.status': {
    READY: 'Ready to deploy',
    DEPLOYED: 'Deployed',
    MAINTENANCE: 'Maintenance',
  },
  'area.type': {
    PROVINCE: 'Province',
    CITY: 'City',
  },
  'menu.resourceType': {
    BUTTON: 'Button',
    LINK: 'Link',
  },
  'deviceType.structure': {
    TERNARY_LITHIUM: 'Ternary lithium',
    LFP: 'Lithium iron phosphate',
  },
  'deviceRegistry.stock': {
    INSTOCK: 'In stock',
    OUTSTOCK: 'Out of stock',
  },
  'deviceRegistry.scrap': {
    NORMAL: 'Normal',
    SCRAPPED: 'Scrapped',
  },
  'deviceRegistry.alarm': {
    NORMAL: 'Normal',
    ALARM: 'Alarm',
  },
  'deviceRegistry.switch': {
    ALLOWED: 'Allowed',
    FORBIDDEN: 'Forbidden',
  },
  'swap.result': {
    SUCCEEDED: 'Succeeded',
    FAILED: 'Failed',
    ABORTED: 'Aborted',
  },
  'swap.appointmentStatus': {
    RESERVED: 'Reserved',
    USED: 'Used',
    EXPIRED: 'Expired',
    CANCELLED: 'Cancelled',
  },
  'swap.distribution': {
    ASSIGNED: 'Assigned',
    UNASSIGNED: 'Unassigned',
  },
  'application.type': {
    RETURN: 'Asset return',
    REPLACE: 'Replacement',
  },
  'application.status': {
    AUDIT: 'Under audit',
    HANDLING: 'Handling',
    COMPLETE: 'Complete',
    REJECTED: 'Rejected',
    CANCELLED: 'Cancelled',
  },
  'externalSystem.eventType': {
    swap: 'Swap',
    'cabinet.state': 'Cabinet state',
    'device.alarm': 'Alarm',
    test: 'Test event',
  },
  'externalSystem.deliveryStatus': {
    PENDING: 'Pending',
    DELIVERED: 'Delivered',
    FAILED: 'Failed',
    CANCELLED: 'Cancelled',
  },
  'consumerPrice.billingMode': {
    PER_SWAP: 'Per swap',
    PER_KWH: 'Per kWh',
  },
  'wallet.movementKind': {
    OPENING: 'Opening balance',
    TOP_UP: 'Top-up',
    GIFT: 'Gift',
    PAYMENT: 'Payment',
    REFUND: 'Refund',
    ADJUSTMENT: 'Adjustment',
  },
  'topUp.marketingType': {
    NONE: 'None',
    BONUS: 'Top-up bonus',
    FIRST_TOP_UP: 'First top-up',
    CAMPAIGN: 'Campaign',
  },
  'application.deviceKind': {
    battery: 'Battery',
    vehicle: 'Vehicle',
  },
  'distribution.action': {
    DISTRIBUTE: 'Distributed',
    RECALL: 'Recalled',
  },
  'swap.return': {
    NONE: 'Not returning',
    RETURNING: 'Being returned',
  },
  'stock.direction': {
    INSTOCK: 'Stock in',
    OUTSTOCK: 'Stock out',
  },
  'command.status': {
    QUEUED: 'Queued',
    SENT: 'Sent',
    ACCEPTED: 'Accepted',
    REJECTED: 'Rejected',
    SUCCEEDED: 'Succeeded',
    FAILED: 'Failed',
    TIMEOUT: 'Timed out',
    EXPIRED: 'Expired',
    CANCELLED: 'Cancelled',
  },
  'command.name': {
    OPEN_DOOR: 'Open door',
    BATTERY_LOCK: 'Lock battery',
    BATTERY_UNLOCK: 'Unlock battery',
    CHARGER_ON: 'Charger on',
    CHARGER_OFF: 'Charger off',
    COMPARTMENT_ENABLE: 'Enable compartment',
    COMPARTMENT_DISABLE: 'Disable compartment',
    CHARGE_ALLOW: 'Allow charge',
    CHARGE_FORBID: 'Forbid charge',
    DISCHARGE_ALLOW: 'Allow discharge',
    DISCHARGE_FORBID: 'Forbid discharge',
    RESTART: 'Restart',
    FIRMWARE_UPDATE: 'Firmware update',
  },
  'deviceLog.kind': {
    state: 'State',
    command: 'Command',
    alarm: 'Alarm',
    upgrade: 'Upgrade',
  },
  'vehicle.sale': {
    SOLD: 'Sold',
    UNSOLD: 'Unsold',
  },
  'vehicle.saleMode': {
    SALE_ONLY: 'Sale only',
    RENT_ONLY: 'Rent only',
    RENT_OR_SALE: 'Rent or sale',
    NEITHER: 'Neither',
  },
  'price.label': {
    RENT: 'Rent',
    BUY: 'Buy',
    RENT_TO_OWN: 'Rent-to-own',
    SWAP_COMBO: 'Swap combo',
  },
  'price.durationUnit': {
    DAY: 'Days',
    MONTH: 'Months',
    YEAR: 'Years',
  },
  'vehicle.availability': {
    AVAILABLE: 'Available',
    UNAVAILABLE: 'Unavailable',
  },
  'vehicle.activation': {
    ACTIVATED: 'Activated',
    NOT_ACTIVATED: 'Not activated',
  },
  'vehicle.acc': {
    ON: 'On',
    OFF: 'Off',
  },
  'cabinet.supply': {
    NORMAL: 'Normal',
    OUTAGE: 'Power outage',
  },
  'cabinet.onOff': {
    ON: 'On',
    OFF: 'Off',
  },
  'cabinet.radiator': {
    AUTO: 'Automatic',
    ON: 'Always on',
    OFF: 'Off',
  },
  'customer.certificateType': {
    ID_CARD: 'ID card',
    PASSPORT: 'Passport',
  },
  'customer.authStatus': {
    APPROVED: 'Approved',
    NOT_CERTIFIED: 'Not certified',
    TO_BE_REVIEWED: 'To be reviewed',
  },
  'customer.restriction': {
    UNRESTRICTED: 'Unrestricted',
    RESTRICTED: 'Restricted',
  },
  'customer.deletion': {
    NORMAL: 'Normal',
    DELETED: 'Deleted',
  },
  'identity.auditState': {
    PENDING: 'Pending',
    PASSED: 'Passed',
    FAILED: 'Failed',
  },
  'identity.submitter': {
    USER: 'Customer',
    MERCHANT: 'Merchant',
  },
  'identity.auditMode': {
    AUTOMATIC: 'Automatic',
    MANUAL: 'Manual',
  },
  'productOrder.status': {
    ENROLLED: 'Enrolled',
    CANCELLED: 'Cancelled',
    COMPLETED: 'Completed',
    TERMINATED: 'Terminated',
  },
  'productOrder.customerStatus': {
    NEW: 'New',
    REGISTERED: 'Registered',
    COMPLETED: 'Completed',
    CANCELLED: 'Cancelled',
  },
  'productOrder.source': {
    MINI_PROGRAM: 'Mini program',
    IOS: 'iOS',
    ANDROID: 'Android',
  },
  'deviceOrder.type': {
    SALE: 'Sale',
    LEASE: 'Lease',
    LEASE_TO_OWN: 'Lease to own',
  },
  'deviceOrder.status': {
    REGISTERED: 'Registered',
    IN_PROGRESS: 'In progress',
    PAID: 'Paid',
    COMPLETED: 'Completed',
    CANCELLED: 'Cancelled',
    TIMEOUT_CANCELLED: 'Timeout cancelled',
  },
  'auditLog.verb': {
    add: 'Added {object}',
    edit: 'Edited {object}',
    remove: 'Removed {object}',
    status: 'Changed {object} status',
    resetPassword: 'Reset {object} password',
    assignRoles: 'Assigned roles to {object}',
    import: 'Imported {object}',
    upload: 'Uploaded {object}',
    login: 'Sign-in',
    logout: 'Sign-out',
    throttled: 'Sign-in refused: too many attempts',
    disabled: 'Sign-in refused: account disabled',
    batchAdd: 'Batch-registered {object}',
    distribute: 'Distributed {object}',
    recall: 'Recalled {object}',
    scrap: 'Scrapped {object}',
    in: 'Stock in: {object}',
    out: 'Stock out: {object}',
    send: 'Sent a command to {object}',
    export: 'Exported {object} list',
    sale: 'Changed {object} sale status',
    issue: 'Issued {object} secret',
    refused: 'Refused {object} message: battery of another owner',
    cancel: 'Cancelled {object}',
    handle: 'Handled {object}',
    restrict: 'Restricted {object}',
    relax: 'Relaxed {object}',
    submit: 'Submitted {object}',
    audit: 'Audited {object}',
    terminate: 'Terminated {object}',
    switchPlan: 'Switched the plan of {object}',
    bindVehicle: 'Bound a vehicle to {object}',
    retry: 'Retried {object}',
    handOver: 'Handed over the device of {object}',
    pay: 'Collected {object} from the wallet',
    markPaid: 'Recorded the payment of {object}',
    complete: 'Completed {object}',
  } satisfies Record<AuditVerb, string>,
  // Keys of the audit log's changes that are no record field (what a command, an import or an export recorded).
  'auditLog.field': {
    tenant: 'Tenant',
    'file.size': 'File size (bytes)',
    commandId: 'Command ID',
    refused: 'Refused because',
    replaced: 'Replaced',
    count: 'Count',
    rows: 'Rows',
    complete: 'Complete',
    filter: 'Filter',
    createdMenus: 'Menus created',
    createdResources: 'Actions created',
    menusCreated: 'New menus (count)',
    menusUpdated: 'Updated menus (count)',
    resourcesCreated: 'New actions (count)',
    resourcesUpdated: 'Updated actions (count)',
    revokedFromRoles: 'Revoked from roles',
    mime: 'File type',
    sha256: 'SHA-256 checksum',
    battery1Id: 'Battery 1 ID',
    battery2Id: 'Battery 2 ID',
    channel: 'Message channel',
    requestId: 'Request ID',
    batteries: 'Batteries',
  },
} as const;

/** The groups and values every language words. */
export type EnumWordsTable = { readonly [G in keyof typeof ENUM_WORDS_EN]: { readonly [V in keyof (typeof ENUM_WORDS_EN)[G]]: string } };
