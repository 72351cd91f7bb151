/** Notifications: list, search, add and edit form. */
export const notification = {
  'notification.title': 'Title',
  'notification.description': 'Description',
  'notification.country': 'Country',
  'notification.createdAt': 'Created',
  'notification.add': 'Add notification',
  'notification.addTitle': 'Add notification',
  'notification.editTitle': 'Edit notification',
  'notification.confirmRemove': 'Remove this notification? App users will no longer see it.',
};
