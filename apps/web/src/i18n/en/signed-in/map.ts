/** The map kit (shared/map): what every map says. */
export const map = {
  'map.cluster': '{count} places here: zoom in',
  'map.clusterStates': '{count} places here ({online} online, {offline} offline, {alarm} in alarm): zoom in',
  'map.drawTools': 'Drawing tools',
  'map.draw': 'Draw outline',
  'map.editPoints': 'Edit points',
  'map.clear': 'Clear',
  'map.points': '{count} points',
  'map.noOutline': 'No outline yet: press Draw outline, click the map for each corner and click the first point to close it',
};
