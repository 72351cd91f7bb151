/** Made at build time from the pages' `@route` tags and the features' sources (build-plugins/page-addresses.ts). */
declare module 'virtual:page-addresses' {
  import type { ComponentType } from 'react';
  /** Route path → its page's loader and the feature texts files (relative to src/features) it shows. */
  const pageLoaders: Record<string, { load: () => Promise<ComponentType>; texts: string[] }>;
  export default pageLoaders;
}
