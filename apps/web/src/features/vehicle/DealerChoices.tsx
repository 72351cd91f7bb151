import type { ReactNode } from 'react';
import { useOwnerOptions, type FieldOptionsByName } from '../device-registry';
import { merchantChoices } from '../device-registry/merchantChoices';

/** The vehicle form's fed choices, loaded with the form: its dealer (docs/stations-and-maps.md, "Seller and dealer"). */
export default function DealerChoices({ children }: { children: (options: FieldOptionsByName) => ReactNode }) {
  return children({ dealerId: merchantChoices(useOwnerOptions()) });
}
