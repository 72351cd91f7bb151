/**
 * One language's texts of the contracts as flat catalogue keys (vite.config.ts, contractTexts): those
 * the code outside the features names; `features`, the loaders of each feature's others
 * (`contract:<feature>`); `every`, the loader of all of them.
 */
declare module 'virtual:contract-texts/*' {
  const texts: Record<string, string>;
  export default texts;
  export const features: Record<string, () => Promise<Record<string, string>>>;
  export const every: () => Promise<Record<string, string>>;
}
