/** Error pages: server error, no permission, not found. */
export const errors = {
  'errors.serverTitle': 'SYSTEM ERROR',
  'errors.serverMessage': 'Server in error, please refresh the page.',
  'errors.refresh': 'Refresh',
  'errors.permissionTitle': 'NO PERMISSION',
  'errors.permissionMessage': 'You do not have permission to open this page.',
  'errors.notFoundTitle': 'PAGE NOT FOUND',
  'errors.notFoundMessage': 'The page does not exist or the link is not valid.',
  'errors.home': 'Go to the dashboard',
  'errors.back': 'Back',
  'errors.signIn': 'Sign in',
  'errors.offline': 'The server could not be reached. Check the network connection and try again.',
  'errors.timeout': 'The server did not answer in time. Please try again.',
  'errors.unavailable': 'The server is unavailable right now (HTTP {status}). Please try again in a moment.',
  'errors.unreadable': "The server's answer could not be read (HTTP {status}).",
};
