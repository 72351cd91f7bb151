/** Made at build time from the pages' `@route` tags (build-plugins/page-addresses.ts). */
declare module 'virtual:page-addresses' {
  import type { ComponentType } from 'react';
  const pageLoaders: Record<string, () => Promise<ComponentType>>;
  export default pageLoaders;
}
