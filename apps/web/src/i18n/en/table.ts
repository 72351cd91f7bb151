/** The shared list: search form, pagination, states, export and batch actions. */
export const table = {
  'table.search': 'Search',
  'table.reset': 'Reset',
  'table.expand': 'More filters',
  'table.collapse': 'Fewer filters',
  'table.export': 'Export',
  'table.refresh': 'Refresh',
  'table.total': 'Total {total} items',
  'table.totalEstimate': 'About {total} items',
  'table.empty': 'No data',
  'table.loadFailed': 'The list could not be loaded.',
  'table.selected': '{count} selected',
  'table.clearSelection': 'Clear selection',
  'table.searchForm': 'Search filters',
  'table.exportFile': 'export',
  'table.scrollRegion': 'Scrollable table',
};
