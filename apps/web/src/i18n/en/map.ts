/** The map kit (shared/map): what every map says. */
export const map = {
  'map.cluster': '{count} places here: zoom in',
};
