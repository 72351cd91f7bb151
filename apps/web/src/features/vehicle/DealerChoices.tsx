import type { ReactNode } from 'react';
import { merchantChoices, useOwnerOptions, type FieldOptionsByName } from '../device-registry';

/** The vehicle form's fed choices, loaded with the form: its dealer (docs/stations-and-maps.md, "Seller and dealer"). */
export default function DealerChoices({ children }: { children: (options: FieldOptionsByName) => ReactNode }) {
  return children({ dealerId: merchantChoices(useOwnerOptions()) });
}
