/**
 * Module boundaries, checked in the lint tier by scripts/check-boundaries.ts (docs/architecture.md,
 * "Boundaries"). Imports that broke a rule before the rule existed are listed in
 * scripts/boundary-breaches.txt; that list may only shrink (a new breach fails, a fixed one is
 * dropped with `npm run boundaries -- --update`).
 */
const TEST = '(\\.test\\.tsx?$|/src/test/)';

module.exports = {
  forbidden: [
    {
      name: 'server-module-entry',
      comment: 'A server module reaches another module through its index.ts only, never its tables, queries or services.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: [TEST, '\\.table\\.ts$'] },
      to: { path: '^apps/server/src/modules/', pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'server-table-foreign-keys',
      comment:
        "A table file may name another module's table for a foreign key (it reads and writes no rows), or take a column from that module's entry; nothing else.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/[^/]+\\.table\\.ts$' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: [
          '^apps/server/src/modules/$1/',
          '^apps/server/src/modules/[^/]+/[^/]+\\.table\\.ts$',
          '^apps/server/src/modules/[^/]+/index\\.ts$',
        ],
      },
    },
    {
      name: 'server-core-entry',
      comment:
        'Every server file outside the modules (app/, db/, the device link, the stand-in gateway, main.ts) reaches a module through its index.ts only.',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: [TEST, '^apps/server/src/modules/'] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'server-device-link-entry',
      comment:
        'The rest of the server reaches the device link through device-link/index.ts only; modules never import it (the link calls them, they reach devices through app/device-hub.ts).',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: [TEST, '^apps/server/src/device-link/'] },
      to: { path: '^apps/server/src/device-link/', pathNot: '^apps/server/src/device-link/index\\.ts$' },
    },
    {
      name: 'server-module-not-device-link',
      comment:
        'A module never imports the device link: the link calls modules, and modules reach devices through the hub (app/device-hub.ts).',
      severity: 'error',
      from: { path: '^apps/server/src/modules/', pathNot: TEST },
      to: { path: '^apps/server/src/device-link/' },
    },
    {
      name: 'server-no-cycle',
      comment:
        'No import cycle between server files, so no two modules import each other (the swap module refers to cabinets; the cabinet module never imports the swap module).',
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: TEST },
      to: { circular: true },
    },
    {
      name: 'web-no-cycle',
      comment:
        'No import cycle between web files, a lazy import included: a file that needs a type of the file that loads it takes it from a third file, or is checked where it is loaded.',
      severity: 'error',
      from: { path: '^apps/web/src/', pathNot: TEST },
      to: { circular: true },
    },
    {
      name: 'contracts-no-cycle',
      comment:
        'No import cycle between contracts files: the languages and the shape of labels (language.ts) import nothing, api.ts lists the domains and no domain imports it or what imports it.',
      severity: 'error',
      from: { path: '^packages/contracts/src/', pathNot: TEST },
      to: { circular: true },
    },
    {
      name: 'web-feature-not-app',
      comment: 'Web features never import app/ (the shell, router and start-up); what several features need lives in shared/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-feature-entry',
      comment: 'A web feature reaches another feature through its index.ts only.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'] },
    },
    {
      name: 'web-feature-no-http-client',
      comment:
        "Features call the server through declared endpoints and their data hooks, never the HTTP client (docs/web-kits.md, 'Changes go through hooks').",
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/shared/api/client\\.ts$' },
    },
    {
      name: 'web-shared-no-domain',
      comment: 'shared/ holds no domain code: it never imports a feature.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
