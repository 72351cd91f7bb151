/** One language's texts of the contracts as flat catalogue keys (vite.config.ts, contractTexts). */
declare module 'virtual:contract-texts/*' {
  const texts: Record<string, string>;
  export default texts;
}
