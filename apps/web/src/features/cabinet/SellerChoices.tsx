import type { ReactNode } from 'react';
import { merchantChoices, useOwnerOptions, type FieldOptionsByName } from '../device-registry';

/**
 * The cabinet form's fed choices: its seller (docs/stations-and-maps.md, "Seller and dealer"). The
 * station a cabinet stands in is set by distribution (docs/operation-centre.md, "Distribution").
 */
export default function SellerChoices({ children }: { children: (options: FieldOptionsByName) => ReactNode }) {
  return children({ sellerId: merchantChoices(useOwnerOptions()) });
}
