/** Vehicle, battery and cabinet types: list and form. */
export const deviceType = {
  'deviceType.add': 'Add type',
  'deviceType.addTitle': 'Add type',
  'deviceType.editTitle': 'Edit type {name}',
  'deviceType.code': 'Type code',
  'deviceType.name': 'Name',
  'deviceType.description': 'Description',
  'deviceType.confirmRemove': 'Delete this type? A type in use cannot be deleted.',
};
