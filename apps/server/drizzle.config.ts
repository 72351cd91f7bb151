import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table file of every module (and of the device link).
  schema: './src/**/*.table.ts',
  out: './drizzle',
});
