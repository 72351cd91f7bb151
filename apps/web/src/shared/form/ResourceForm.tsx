import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { z } from 'zod';
import type { ResourceFormProps } from './ResourceFormBody';

export type { ResourceFormProps } from './ResourceFormBody';

const Body = lazy(async () => ({
  default: (await import('./ResourceFormBody')).ResourceFormBody as ComponentType<ResourceFormProps<z.ZodObject>>,
}));

/**
 * The one add/edit form of the product, in a drawer or a modal. Its code (drawer, number
 * inputs...) loads the first time a form opens, keeping list pages light.
 */
export function ResourceForm<S extends z.ZodObject>(props: ResourceFormProps<S>) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <Body {...(props as unknown as ResourceFormProps<z.ZodObject>)} />
    </Suspense>
  );
}
