import { merchantOptionsEndpoint } from '@swap/contracts';
import { endpointSource } from './api/optionSources';
import type { FormField } from './form/types';

/**
 * The merchants a record may name (a device's owner, a cabinet's seller, a vehicle's dealer, the agent
 * platform staff act for in a form's agent field), searched
 * on the server: every merchant for platform staff, the caller's own merchant for a merchant's staff
 * (docs/stations-and-maps.md, "Seller and dealer"; docs/api.md, "Options calls").
 */
export const merchantSource = endpointSource(merchantOptionsEndpoint, (merchant) => ({ value: merchant.id, label: merchant.name }));

/**
 * A record's merchant field (a cabinet's seller, a vehicle's dealer), labelled `field.<name>`: named
 * by platform staff, another merchant shows as such to a merchant's staff (docs/stations-and-maps.md,
 * "Seller and dealer").
 */
export function merchantField<N extends string>(name: N): FormField<N> {
  return { name, labelKey: `field.${name}`, type: 'select', source: { ...merchantSource, missingLabelKey: 'message.anotherMerchant' } };
}
